import { useRef, useState, type FormEvent } from 'react';
import { FORM_TEXT, PasswordField, Spinner, TextField, focusFirstError, useTimers } from '../lib/accountForm';
import { INTERVALS } from '../../shared/constants';
import { hasErrors, validateSignIn, type SignInErrors, type SignInField, type SignInValues } from '../../shared/validation';

const T = FORM_TEXT.signIn;
const ORDER: readonly SignInField[] = ['email', 'password'];

type Status = 'idle' | 'submitting' | 'done';

/**
 * <dc-sign-in-form> (site island, light DOM): the sign-in form of SPEC 2.10 / 4. Checks the
 * SPEC 5 rules on submit and shows the SPEC 8 messages; typing in a field clears its error.
 * A valid submit shows 'Signing In...' for 2 s and returns to idle: no login happens and
 * nothing is sent (SPEC 7), which the form then says. The password is never logged.
 */
export function SignInForm() {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [showPassword, setShowPassword] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const later = useTimers();

  const edit = (field: SignInField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    if (status === 'done') setStatus('idle');
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
    console.info('[sign-in] Simulated sign-in: no request is sent.');
    later(() => setStatus('done'), INTERVALS.signInMs);
  };

  const submitting = status === 'submitting';
  return (
    <form ref={formRef} className="auth-form" method="post" noValidate aria-label={T.label} aria-busy={submitting ? 'true' : undefined} onSubmit={onSubmit}>
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
      <button type="submit" className="btn btn-primary btn-lg auth-submit" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? T.submitting : T.submit}
      </button>
      <p className="auth-status" role="status">
        {status === 'done' ? T.done : ''}
      </p>
    </form>
  );
}
