import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorText } from '../lib/accountForm';
import { ApiProblem, SignedOutError } from './accountClient';

export interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  /** The field's rule (shared/validation): its message, or '' when the value is fine. */
  check?: (value: string, values: Record<string, string>) => string;
  /** Shown under the field while typing (the password checklist). */
  below?: (value: string) => ReactNode;
}

export interface AccountFormProps {
  id: string;
  label: string;
  fields: FieldSpec[];
  initial?: Record<string, string>;
  submit: string;
  /** Sends the values; resolves with the notice to show, rejects with ApiProblem. */
  send: (values: Record<string, string>) => Promise<string>;
  onSignedOut: () => void;
  /** Clear the fields after success (passwords). */
  clearOnSuccess?: boolean;
  danger?: boolean;
  /** One field per row at every width (a field with a checklist under it). */
  stacked?: boolean;
  children?: ReactNode;
  failed: string;
}

/**
 * One form of the account page: labelled fields with the shared rules checked on submit (each
 * error under its field, the first one focused), the server's field messages shown the same way,
 * and a status line for the outcome.
 */
export function AccountForm({ id, label, fields, initial = {}, submit, send, onSignedOut, clearOnSuccess, danger, stacked, children, failed }: AccountFormProps) {
  const empty = Object.fromEntries(fields.map((field) => [field.name, initial[field.name] ?? '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    for (const field of fields) {
      const message = field.check?.(values[field.name] ?? '', values) ?? '';
      if (message) found[field.name] = message;
    }
    setErrors(found);
    setNotice(null);
    const first = fields.find((field) => found[field.name]);
    if (first) {
      document.getElementById(`${id}-${first.name}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const text = await send(values);
      setNotice({ text, error: false });
      if (clearOnSuccess) setValues(Object.fromEntries(fields.map((field) => [field.name, ''])));
    } catch (error) {
      if (error instanceof SignedOutError) return onSignedOut();
      if (error instanceof ApiProblem) {
        setErrors(error.errors);
        setNotice({ text: error.message, error: true });
      } else setNotice({ text: failed, error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" noValidate aria-label={label} aria-busy={busy ? 'true' : undefined} onSubmit={(event) => void onSubmit(event)}>
      <div className={stacked ? 'account-fields account-fields-stacked' : 'account-fields'}>
        {fields.map((field) => {
          const fieldId = `${id}-${field.name}`;
          const error = errors[field.name];
          return (
            <div key={field.name} className="account-field">
              <label htmlFor={fieldId}>{field.label}</label>
              <input
                id={fieldId}
                name={field.name}
                type={field.type}
                className="account-input"
                value={values[field.name] ?? ''}
                autoComplete={field.autoComplete}
                spellCheck={field.type === 'text' ? undefined : false}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
                onInput={(event) => {
                  const value = (event.target as HTMLInputElement).value;
                  setValues((current) => ({ ...current, [field.name]: value }));
                  setErrors((current) => (current[field.name] ? { ...current, [field.name]: '' } : current));
                }}
              />
              <ErrorText id={`${fieldId}-error`} message={error} />
              {field.below?.(values[field.name] ?? '')}
            </div>
          );
        })}
      </div>
      {children}
      <div className="account-actions">
        <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
          {submit}
        </button>
        <p className={`account-notice${notice?.error ? ' account-notice-error' : ''}`} role="status">
          {notice?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
