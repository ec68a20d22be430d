import { useRef, useState, type FormEvent } from 'react';
import { FORM_TEXT, PasswordField, TextField, focusFirstError, SubmitButton, FailureStatus } from '../lib/accountForm';
import { API_BASE } from '../../shared/constants';
import type { ElementProps } from '../lib/defineElement';
import { servedValues } from '../lib/servedValues';
import { nextAfterSignIn, signIn } from './sessionClient';
import { hasErrors, validateSignIn, type SignInErrors, type SignInField, type SignInValues } from '../../shared/validation';

const T = FORM_TEXT.signIn;
const ORDER: readonly SignInField[] = ['email', 'password'];

type Status = 'idle' | 'submitting' | 'failed';

/**
 * <dc-sign-in-form> (site island, light DOM): the sign-in form of SPEC 2.10 / 4. Checks the
 * SPEC 5 rules on submit and shows the SPEC 8 messages; typing in a field clears its error.
 * A valid submit shows 'Signing In...' while POST /session runs (./sessionClient), then
 * goes to the page's `?next=` (a path of this site) or /account; a refusal (wrong email or
 * password, too many attempts, a deactivated account) is shown under the button. The password
 * is never logged. Without JavaScript the same form posts to the API, which answers with 303.
 */
export function SignInForm({ container }: ElementProps) {
  // What was typed before the island woke is kept (the island renders over the served form).
  const [values, setValues] = useState<SignInValues>(() => servedValues(container, { email: '', password: '' }));
  const [errors, setErrors] = useState<SignInErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const edit = (field: SignInField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    if (status === 'failed') setStatus('idle');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = validateSignIn(values);
    setErrors(found);
    if (hasErrors(found)) {
      setStatus('idle');
      focusFirstError(formRef.current, ORDER, found);
      return;
    }
    setShowPassword(false);
    setStatus('submitting');
    signIn(values.email, values.password).then(
      () => window.location.assign(nextAfterSignIn(window.location.search)),
      (error: Error) => {
        setFailure(error.message);
        setStatus('failed');
      },
    );
  };

  const submitting = status === 'submitting';
  return (
    <form ref={formRef} className="auth-form" method="post" action={`${API_BASE}/session`} noValidate aria-label={T.label} aria-busy={submitting ? 'true' : undefined} onSubmit={onSubmit}>
      <TextField
        id="sign-in-email"
        name="email"
        type="email"
        label={T.email}
        placeholder={T.emailPlaceholder}
        autoComplete="username"
        value={values.email}
        error={errors.email}
        onValue={edit('email')}
      />
      <PasswordField
        id="sign-in-password"
        name="password"
        label={T.password}
        placeholder={T.passwordPlaceholder}
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        visible={showPassword}
        toggleLabel={FORM_TEXT.showPassword}
        onToggle={() => setShowPassword((shown) => !shown)}
        onValue={edit('password')}
        aside={
          <a className="auth-aside-link" href={T.forgotHref}>
            {T.forgot}
          </a>
        }
      />
      <SubmitButton busy={submitting} label={T.submit} busyLabel={T.submitting} />
      <FailureStatus failure={status === 'failed' ? failure : ''} />
    </form>
  );
}
