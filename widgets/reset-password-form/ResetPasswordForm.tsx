import { useRef, useState, type FormEvent } from 'react';
import type { ElementProps } from '../lib/defineElement';
import { servedValues } from '../lib/servedValues';
import { FORM_TEXT, TextField, focusFirstError, useTimers, SubmitButton } from '../lib/accountForm';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { API_BASE, INTERVALS } from '../../shared/constants';
import { hasErrors, validateReset, type ResetErrors } from '../../shared/validation';

const T = FORM_TEXT.reset;

type Status = 'idle' | 'submitting';
type Outcome = { tone: 'success' | 'warning'; title: string; text: string } | null;

/**
 * <dc-reset-password-form> (site island, light DOM): the reset form of SPEC 2.12 / 4. Checks
 * the email on submit (SPEC 5/8); typing clears the error. A valid submit disables the button
 * with 'Sending Reset Link...', calls POST /dc_api/wa_v1/password-reset, and after the SPEC's 2 s
 * (or the answer, if later) shows the same neutral message for every address: "If an account
 * exists for this address, we have sent a link to reset its password." (issue 31: the SPEC's
 * "not yet registered" told anyone which addresses have accounts). The message stays until the
 * address is changed. Without JavaScript the form posts to the same endpoint (303 back here).
 */
export function ResetPasswordForm({ container }: ElementProps) {
  // What was typed before the island woke is kept (the island renders over the served form).
  const [email, setEmail] = useState(() => servedValues(container, { email: '' }).email);
  const [errors, setErrors] = useState<ResetErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const later = useTimers();

  const onValue = (value: string) => {
    setEmail(value);
    setErrors((current) => (current.email ? {} : current));
    setOutcome(null);
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
    setOutcome(null);
    setStatus('submitting');
    const answer = fetch(`${API_BASE}/password-reset`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email }),
    }).then(
      (response): Outcome =>
        response.status === 202
          ? { tone: 'success', title: T.toastTitle, text: ACCOUNT_MESSAGES.resetSent }
          : { tone: 'warning', title: T.label, text: response.status === 429 ? ACCOUNT_MESSAGES.resetThrottled : T.failed },
      (): Outcome => ({ tone: 'warning', title: T.label, text: T.failed }),
    );
    const minimum = new Promise<void>((resolve) => later(resolve, INTERVALS.resetSubmitMs));
    void Promise.all([answer, minimum]).then(([result]) => {
      setStatus('idle');
      setOutcome(result);
    });
  };

  const submitting = status === 'submitting';
  return (
    <form ref={formRef} className="auth-form" method="post" action={T.action} noValidate aria-label={T.label} aria-busy={submitting ? 'true' : undefined} onSubmit={onSubmit}>
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
      <SubmitButton busy={submitting} label={T.submit} busyLabel={T.submitting} />
      <div className="auth-toast-region" role="status">
        {outcome ? (
          <div className="auth-toast" data-tone={outcome.tone}>
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              {outcome.tone === 'success' ? (
                <>
                  <rect x="3" y="5" width="18" height="14" rx="2" />
                  <path d="m3 7 9 6 9-6" />
                </>
              ) : (
                <>
                  <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
                  <path d="M12 9v4M12 17v.01" />
                </>
              )}
            </svg>
            <p>
              <strong>{outcome.title}</strong>
              <span>{outcome.text}</span>
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}
