import { useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { ErrorAlert, fill, ViewSection } from './parts';
import { StaffApiError, staffApi, type StaffAccount } from './staffClient';
import type { OnGate } from './StaffConsole';
import { OPENED, useConsoleLoad } from './useConsoleLoad';

const C = T.clients;
type NameField = 'firstName' | 'lastName';

/**
 * A client's name, edited by staff (PATCH /staff/users/{id} { firstName, lastName }). The server
 * checks it with the rules and messages of the account's own name change; a refused field gets
 * its message beside it (aria-invalid, aria-describedby) and keeps what was typed.
 */
export function ClientNamePanel({
  account,
  onSaved,
  onClose,
  onGate,
}: {
  account: StaffAccount;
  onSaved: (account: StaffAccount) => void;
  onClose: () => void;
  onGate: OnGate;
}) {
  const { error, setError, failed, headingRef } = useConsoleLoad(onGate, OPENED);
  const [draft, setDraft] = useState({ firstName: account.firstName, lastName: account.lastName });
  const [errors, setErrors] = useState<Partial<Record<NameField, string>>>({});
  const [saving, setSaving] = useState(false);
  const base = `staff-name-${account.id}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setError('');
    setSaving(true);
    staffApi.rename(account.id, draft).then(
      (updated) => {
        setSaving(false);
        onSaved(updated);
      },
      (failure: unknown) => {
        setSaving(false);
        if (onGate(failure)) return;
        const fields = failure instanceof StaffApiError ? failure.errors : {};
        if (fields.firstName || fields.lastName) {
          setErrors({ firstName: fields.firstName, lastName: fields.lastName });
          document.getElementById(`${base}-${fields.firstName ? 'firstName' : 'lastName'}`)?.focus();
        } else failed(failure);
      },
    );
  };

  const field = (key: NameField, label: string, autoComplete: string) => (
    <div className="staff-field">
      <label htmlFor={`${base}-${key}`}>{label}</label>
      <input
        id={`${base}-${key}`}
        className="staff-input"
        type="text"
        autoComplete={autoComplete}
        value={draft[key]}
        aria-invalid={errors[key] ? 'true' : undefined}
        aria-describedby={errors[key] ? `${base}-${key}-error` : undefined}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
      {errors[key] ? (
        <p id={`${base}-${key}-error`} className="staff-field-error">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <ViewSection
      id={`${base}-title`}
      heading={fill(C.editHeading, { email: account.email })}
      headingRef={headingRef}
      panel={{ close: C.close, onClose }}
    >
      <p className="staff-lead-text">{C.editLead}</p>
      <ErrorAlert message={error} />
      <form className="staff-name-form" noValidate onSubmit={onSubmit}>
        {field('firstName', C.firstName, 'off')}
        {field('lastName', C.lastName, 'off')}
        <div className="staff-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
            {C.save}
          </button>
        </div>
      </form>
    </ViewSection>
  );
}
