import { useRef, useState, type FormEvent } from 'react';
import type { ElementProps } from '../lib/defineElement';
import { servedValues } from '../lib/servedValues';
import { FORM_TEXT, Spinner, TextField, focusFirstError, useTimers } from '../lib/accountForm';
import { INTERVALS } from '../../shared/constants';
import { RESET_NOT_REGISTERED, hasErrors, validateReset, type ResetErrors } from '../../shared/validation';

const T = FORM_TEXT.reset;

type Status = 'idle' | 'submitting';

/**
 * <dc-reset-password-form> (site island, light DOM): the reset form of SPEC 2.12 / 4. Checks
 * the email on submit (SPEC 5/8); typing clears the error. A valid submit disables the button
 * with 'Sending Reset Link...' for 2 s, then shows the warning toast 'This email is not yet
 * registered. Please sign-up and try again.' for 3 s. Simulated: nothing is sent (SPEC 7).
 */
export function ResetPasswordForm({ container }: ElementProps) {
  // What was typed before the island woke is kept (the island renders over the served form).
  const [email, setEmail] = useState(() => servedValues(container, { email: '' }).email);
  const [errors, setErrors] = useState<ResetErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [toast, setToast] = useState(false);
  const toastRun = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const later = useTimers();

  const onValue = (value: string) => {
    setEmail(value);
    setErrors((current) => (current.email ? {} : current));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = validateReset({ email });
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(formRef.current, ['email'], found);
      return;
    }
    setToast(false);
    setStatus('submitting');
    console.info('[reset-password] Simulated reset: no request is sent.');
    later(() => {
      setStatus('idle');
      const run = ++toastRun.current;
      setToast(true);
      later(() => {
        if (toastRun.current === run) setToast(false);
      }, INTERVALS.resetToastMs);
    }, INTERVALS.resetSubmitMs);
  };

  const submitting = status === 'submitting';
  return (
    <form ref={formRef} className="auth-form" method="post" noValidate aria-label={T.label} aria-busy={submitting ? 'true' : undefined} onSubmit={onSubmit}>
      <TextField
        id="reset-email"
        name="email"
        type="email"
        label={T.email}
        placeholder={T.emailPlaceholder}
        autoComplete="email"
        value={email}
        error={errors.email}
        onValue={onValue}
      />
      <button type="submit" className="btn btn-primary btn-lg auth-submit" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? T.submitting : T.submit}
      </button>
      <div className="auth-toast-region" role="status">
        {toast ? (
          <div className="auth-toast" data-tone="warning">
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
              <path d="M12 9v4M12 17v.01" />
            </svg>
            <p>
              <strong>{T.toastTitle}</strong>
              <span>{RESET_NOT_REGISTERED}</span>
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}
