import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ElementProps } from '../lib/defineElement';
import { servedValues } from '../lib/servedValues';
import { ErrorText, FORM_TEXT, NewPasswordFields, TextField, focusFirstError, useTimers, SubmitButton } from '../lib/accountForm';
import { createApiClient } from './apiClient';
import { INTERVALS } from '../../shared/constants';
import {
  hasErrors,
  signUpErrorMessage,
  signUpFieldError,
  validateSignUp,
  type SignUpErrors,
  type SignUpField,
  type SignUpValues,
} from '../../shared/validation';

const T = FORM_TEXT.signUp;
const ORDER: readonly SignUpField[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'termsAccepted'];
const EMPTY: SignUpValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', termsAccepted: false };

type Status = 'idle' | 'submitting' | 'success' | 'error';

export interface SignUpFormProps {
  /** Where to go after a successful sign-up (default '/sign_in'). */
  redirect?: string;
  /** Base URL of the user API (default '/dc_api/wa_v1'). */
  api?: string;
}

/**
 * <dc-sign-up-form> (site island, light DOM): the sign-up form of SPEC 2.11 / 4. Each change
 * re-checks that field (and the confirmation when the password changes) with the SPEC 5 rules;
 * submit checks every field. A valid submit shows 'Creating Account...' and calls
 * POST /dc_api/wa_v1/user/register. Success replaces the form with a welcome message and goes to
 * /sign_in after 3 s; failure shows the server's data.message, else the error's message, else
 * 'Failed to create account. Please try again.' Nothing typed is lost on failure.
 */
export function SignUpForm({ redirect = '/sign_in', api, container }: SignUpFormProps & ElementProps) {
  const client = useMemo(() => createApiClient(api ? { baseUrl: api } : {}), [api]);
  // What was typed before the island woke is kept (the island renders over the served form).
  const [values, setValues] = useState<SignUpValues>(() => servedValues(container, EMPTY));
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState('');
  const [firstName, setFirstName] = useState('');
  const [shown, setShown] = useState({ password: false, confirmPassword: false });
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const later = useTimers();

  // A layout effect: focus moves in the same frame the success message appears.
  useLayoutEffect(() => {
    if (status === 'success') successRef.current?.focus();
  }, [status]);

  const change = <F extends SignUpField>(field: F, value: SignUpValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => {
      const updated: SignUpErrors = { ...current, [field]: signUpFieldError(field, next) || undefined };
      // The confirmation depends on the password: re-check it once the person has typed one.
      if (field === 'password' && next.confirmPassword !== '') {
        updated.confirmPassword = signUpFieldError('confirmPassword', next) || undefined;
      }
      return updated;
    });
    if (status === 'error') setStatus('idle');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting' || status === 'success') return;
    const found = validateSignUp(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(formRef.current, ORDER, found);
      return;
    }
    setShown({ password: false, confirmPassword: false });
    setFailure('');
    setStatus('submitting');
    try {
      const user = await client.register(values);
      setFirstName(user.firstName);
      setStatus('success');
      later(() => window.location.assign(redirect), INTERVALS.signUpRedirectMs);
    } catch (error) {
      setFailure(signUpErrorMessage(error));
      setStatus('error');
    }
  };

  if (status === 'success') {
    return (
      <div className="auth-success" role="status">
        <span className="auth-success-icon" aria-hidden="true">
          <svg className="icon" viewBox="0 0 24 24">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </span>
        <h2 ref={successRef} tabIndex={-1}>
          {T.successHeading.replace('{firstName}', firstName)}
        </h2>
        <p>{T.successText}</p>
        <a className="btn btn-secondary" href={redirect}>
          {T.successLink.label}
        </a>
      </div>
    );
  }

  const submitting = status === 'submitting';
  const toggle = (field: 'password' | 'confirmPassword') => setShown((current) => ({ ...current, [field]: !current[field] }));
  return (
    <form ref={formRef} className="auth-form" method="post" noValidate aria-label={T.label} aria-busy={submitting ? 'true' : undefined} onSubmit={(event) => void onSubmit(event)}>
      {status === 'error' && failure ? (
        <div className="auth-alert" role="alert">
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5M12 16.5v.01" />
          </svg>
          <p>{failure}</p>
        </div>
      ) : null}
      <div className="auth-row">
        <TextField id="sign-up-first-name" name="firstName" label={T.firstName} autoComplete="given-name" value={values.firstName} error={errors.firstName} onValue={(v) => change('firstName', v)} />
        <TextField id="sign-up-last-name" name="lastName" label={T.lastName} autoComplete="family-name" value={values.lastName} error={errors.lastName} onValue={(v) => change('lastName', v)} />
      </div>
      <TextField id="sign-up-email" name="email" type="email" label={T.email} placeholder={T.emailPlaceholder} autoComplete="email" value={values.email} error={errors.email} onValue={(v) => change('email', v)} />
      <NewPasswordFields
        idPrefix="sign-up"
        labels={{ password: T.password, confirmPassword: T.confirmPassword, requirements: T.passwordRequirements }}
        values={values}
        errors={errors}
        shown={shown}
        onToggle={toggle}
        onValue={change}
      />
      <div className="auth-field">
        <div className="auth-check">
          <input
            id="sign-up-terms"
            name="termsAccepted"
            type="checkbox"
            checked={values.termsAccepted}
            required
            aria-invalid={errors.termsAccepted ? 'true' : undefined}
            aria-describedby={errors.termsAccepted ? 'sign-up-terms-error' : undefined}
            onChange={(event) => change('termsAccepted', (event.target).checked)}
          />
          <label htmlFor="sign-up-terms">
            {T.termsBefore} <a href={T.termsLink.href}>{T.termsLink.label}</a> {T.termsMiddle}{' '}
            <a href={T.privacyLink.href}>{T.privacyLink.label}</a>
          </label>
        </div>
        <ErrorText id="sign-up-terms-error" message={errors.termsAccepted} />
      </div>
      <SubmitButton busy={submitting} label={T.submit} busyLabel={T.submitting} />
    </form>
  );
}
