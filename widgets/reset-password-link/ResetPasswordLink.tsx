import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { resetLink as LINK } from '../../site/_data/accounts.json';
import type { ElementProps } from '../lib/defineElement';
import { servedValues } from '../lib/servedValues';
import { FORM_TEXT, NewPasswordFields, focusFirstError, SubmitButton } from '../lib/accountForm';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { API_BASE } from '../../shared/constants';
import { confirmPasswordError, hasErrors, signUpPasswordError } from '../../shared/validation';

const T = FORM_TEXT.resetLink;
const ORDER = ['password', 'confirmPassword'] as const;
type Field = (typeof ORDER)[number];
type Errors = Partial<Record<Field, string>>;
type Status = 'idle' | 'submitting' | 'done' | 'expired' | 'error';

function validate(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  const password = signUpPasswordError(values.password);
  const confirm = confirmPasswordError(values.password, values.confirmPassword);
  if (password) errors.password = password;
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

/**
 * <dc-reset-password-link> (site island, light DOM) on /reset_password/<token>: the new password
 * and its confirmation with the sign-up rules and their live checklist; POST
 * /dc_api/wa_v1/password-reset/confirm with the token the server wrote into the served form.
 * Success: every session has ended, the page says so and offers sign-in; an expired or used link
 * says so and offers a new one. Without JavaScript the served form posts the same fields.
 */
export function ResetPasswordLink({ container }: ElementProps) {
  // The token the server wrote into the served form; else the link's last path segment.
  const [token] = useState(() => servedValues(container, { token: '' }).token || (window.location.pathname.split('/').pop() ?? ''));
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState({ password: false, confirmPassword: false });
  const [status, setStatus] = useState<Status>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useLayoutEffect(() => {
    if (status === 'done' || status === 'expired') headingRef.current?.focus();
  }, [status]);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => {
      if (!current.password && !current.confirmPassword) return current;
      return validate(next);
    });
    if (status === 'error') setStatus('idle');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(formRef.current, ORDER, found);
      return;
    }
    setStatus('submitting');
    try {
      const response = await fetch(`${API_BASE}/password-reset/confirm`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ token, ...values }),
      });
      if (response.ok) setStatus('done');
      else if (response.status === 410 || response.status === 400) setStatus(response.status === 410 ? 'expired' : 'error');
      else setStatus('error');
    } catch {
      setStatus('error');
    }
  };

  if (status === 'done' || status === 'expired') {
    const done = status === 'done';
    return (
      <div className="auth-success" role="status">
        <span className="auth-success-icon" data-tone={done ? undefined : 'warning'} aria-hidden="true">
          <svg className="icon" viewBox="0 0 24 24">
            {done ? <path d="M20 6 9 17l-5-5" /> : <path d="M12 8v5M12 16.5v.01" />}
          </svg>
        </span>
        <h2 ref={headingRef} tabIndex={-1}>
          {done ? T.successHeading : LINK.expiredHeading}
        </h2>
        <p>{done ? ACCOUNT_MESSAGES.passwordReset : LINK.expiredText}</p>
        <a className="btn btn-primary" href={done ? T.successLink.href : LINK.expiredAction.href}>
          {done ? T.successLink.label : LINK.expiredAction.label}
        </a>
      </div>
    );
  }

  const submitting = status === 'submitting';
  const toggle = (field: Field) => setShown((current) => ({ ...current, [field]: !current[field] }));
  return (
    <form ref={formRef} className="auth-form" method="post" action={T.action} noValidate aria-label={T.label} aria-busy={submitting ? 'true' : undefined} onSubmit={(event) => void onSubmit(event)}>
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields
        idPrefix="reset-link"
        labels={{ password: T.password, confirmPassword: T.confirmPassword, requirements: FORM_TEXT.signUp.passwordRequirements }}
        values={values}
        errors={errors}
        shown={shown}
        onToggle={toggle}
        onValue={change}
      />
      <SubmitButton busy={submitting} label={T.submit} busyLabel={T.submitting} />
      <p className="auth-status auth-status-error" role="status">
        {status === 'error' ? T.failed : ''}
      </p>
    </form>
  );
}
