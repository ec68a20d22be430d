import { passwordRequirements } from './accountValidation';
import { useEffect, useRef, type ReactNode } from 'react';
import { forms } from '../../site/_data/accounts.json';

/**
 * Pieces shared by the three account form islands (sign in, sign up, reset password). They
 * render in light DOM (`shadow: false`) with the classes of site/styles/pages/accounts.css, and
 * the same markup as the server-rendered form in site/_includes/partials/account-forms.njk, so
 * the page does not jump when the island takes over.
 */

/** The words of the forms, from site/_data/accounts.json (one source for pages and islands). */
export const FORM_TEXT = forms;

/** Runs callbacks after a delay; every pending one is cancelled when the component unmounts. */
export function useTimers(): (callback: () => void, ms: number) => void {
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return (callback, ms) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      callback();
    }, ms);
    timers.current.add(timer);
  };
}

/** Moves focus to the first field (in `order`) that has an error. */
export function focusFirstError(form: HTMLFormElement | null, order: readonly string[], errors: Partial<Record<string, string>>): void {
  const first = order.find((name) => errors[name]);
  if (!form || !first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" />
      </svg>
      {message}
    </p>
  );
}

/** A field's hint (when it has one) and its error (while it has one), below the input. */
function FieldNotes({ hintId, hint, errorId, error }: { hintId: string | undefined; hint: string | undefined; errorId: string; error: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      ) : null}
      <ErrorText id={errorId} message={error} />
    </>
  );
}

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  type?: 'text' | 'email';
  autoComplete: string;
  placeholder?: string | undefined;
  hint?: string | undefined;
  /** Shown to the right of the label (for example a "Forgot password?" link). */
  aside?: ReactNode;
  onValue: (value: string) => void;
}

export function TextField({ id, name, label, value, error, type = 'text', autoComplete, placeholder, hint, onValue }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const isEmail = type === 'email';
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        className="auth-input"
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        spellCheck={isEmail ? false : undefined}
        autoCapitalize={isEmail ? 'none' : undefined}
        required
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        onInput={(event) => onValue((event.target as HTMLInputElement).value)}
      />
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

export interface PasswordFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string | undefined;
  hint?: string | undefined;
  aside?: ReactNode;
  /** Ids of further elements that describe the field (for example a requirements list). */
  describedBy?: string | undefined;
  visible: boolean;
  toggleLabel: string;
  onToggle: () => void;
  onValue: (value: string) => void;
}

export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

/**
 * A password input with a show/hide toggle: a real button with a fixed accessible name
 * ("Show password") whose aria-pressed says whether the password is visible.
 */
export function PasswordField(props: PasswordFieldProps) {
  const { id, name, label, value, error, autoComplete, placeholder, hint, aside, describedBy: extra, visible, toggleLabel, onToggle, onValue } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <div className="auth-label-row">
        <label htmlFor={id}>{label}</label>
        {aside}
      </div>
      <div className="auth-password">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className="auth-input"
          value={value}
          autoComplete={autoComplete}
          placeholder={placeholder}
          spellCheck={false}
          autoCapitalize="none"
          required
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(hintId, extra, error && errorId)}
          onInput={(event) => onValue((event.target as HTMLInputElement).value)}
        />
        <button
          type="button"
          className="auth-reveal"
          aria-label={toggleLabel}
          aria-pressed={visible ? 'true' : 'false'}
          aria-controls={id}
          title={visible ? 'Hide password' : 'Show password'}
          onClick={onToggle}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

type NewPasswordField = 'password' | 'confirmPassword';

/**
 * A new password under the sign-up rules with their live checklist, then its confirmation: the
 * sign-up form and the reset link's form. Ids are `${idPrefix}-password`, `${idPrefix}-confirm-password`
 * and `${idPrefix}-password-requirements`.
 */
export function NewPasswordFields(props: {
  idPrefix: string;
  labels: { password: string; confirmPassword: string; requirements: string };
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string>>;
  shown: Record<NewPasswordField, boolean>;
  onToggle: (field: NewPasswordField) => void;
  onValue: (field: NewPasswordField, value: string) => void;
}) {
  const { idPrefix, labels, values, errors, shown, onToggle, onValue } = props;
  const requirementsId = `${idPrefix}-password-requirements`;
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label={labels.password}
        autoComplete="new-password"
        describedBy={requirementsId}
        value={values.password}
        error={errors.password}
        visible={shown.password}
        toggleLabel={FORM_TEXT.showPassword}
        onToggle={() => onToggle('password')}
        onValue={(value) => onValue('password', value)}
      />
      <RequirementList id={requirementsId} label={labels.requirements} items={passwordRequirements(values.password)} />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        name="confirmPassword"
        label={labels.confirmPassword}
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        visible={shown.confirmPassword}
        toggleLabel={FORM_TEXT.showConfirmPassword}
        onToggle={() => onToggle('confirmPassword')}
        onValue={(value) => onValue('confirmPassword', value)}
      />
    </>
  );
}

export function Spinner() {
  return <span className="auth-spinner" aria-hidden="true" />;
}

/**
 * A form's main button: disabled with a spinner and `busyLabel` while `busy`. It submits the form,
 * or with `onClick` is a button of its own (secondary style).
 */
export function SubmitButton({ busy, label, busyLabel, onClick }: { busy: boolean; label: string; busyLabel: string; onClick?: () => void }) {
  return (
    <button type={onClick ? 'button' : 'submit'} className={`btn ${onClick ? 'btn-secondary' : 'btn-primary'} btn-lg auth-submit`} disabled={busy} onClick={onClick}>
      {busy ? <Spinner /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The live line under a form's button: empty, or `failure` in the error style. */
export function FailureStatus({ failure }: { failure: string }) {
  return (
    <p className={failure ? 'auth-status auth-status-error' : 'auth-status'} role="status">
      {failure}
    </p>
  );
}

/** A live checklist of the parts of a rule (the sign-up password), each ticked when met. */
export function RequirementList({ id, label, items }: { id: string; label: string; items: { id: string; label: string; met: boolean }[] }) {
  return (
    <ul id={id} className="auth-requirements" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} data-met={item.met ? 'true' : 'false'}>
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            {item.met ? <path d="M20 6 9 17l-5-5" /> : <circle cx="12" cy="12" r="4" />}
          </svg>
          {item.label}
          <span className="sr-only">{item.met ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
