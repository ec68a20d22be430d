import { useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { Confirm, fill, Outcome, RowAction, ViewSection, when } from './parts';
import { StaffApiError, staffApi, type StaffPasskey } from './staffClient';
import type { Arrival, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

const P = T.passkeys;

/**
 * The staff member's own passkeys: name, added, last used; rename one (the server checks the name
 * with the rule of shared/passkeys and its message shows under the field; not imported here, so the
 * enrollment page's chunks stay as they are), remove one after a confirmation. The API keeps the last one (409) and says why:
 * that message is shown.
 */
export function PasskeysView({ onGate, arrival }: { onGate: OnGate; arrival: Arrival }) {
  const {
    data: passkeys,
    error,
    setError,
    failed,
    load,
    headingRef,
  } = useConsoleLoad(onGate, arrival, () => staffApi.passkeys().then((answer) => answer.passkeys));
  const [notice, setNotice] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string; error: string } | null>(null);
  const [removing, setRemoving] = useState<StaffPasskey | null>(null);

  const start = () => {
    setError('');
    setNotice('');
  };

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!renaming) return;
    start();
    staffApi.renamePasskey(renaming.id, renaming.name.trim()).then(
      () => {
        setRenaming(null);
        setNotice(P.renamed);
        void load();
      },
      (failure: unknown) => {
        if (failure instanceof StaffApiError && failure.status === 400) setRenaming({ ...renaming, error: failure.message });
        else failed(failure);
      },
    );
  };

  const remove = (passkey: StaffPasskey) => {
    setRemoving(null);
    start();
    staffApi.removePasskey(passkey.id).then(() => {
      setNotice(P.removed);
      void load();
    }, failed);
  };

  return (
    <ViewSection id="staff-passkeys-title" heading={P.heading} headingRef={headingRef}>
      <p className="staff-lead-text">{P.lead}</p>
      <Outcome notice={notice} error={error} />
      {removing ? (
        <Confirm
          id="staff-passkey-remove"
          question={fill(P.removeConfirm, { name: removing.name })}
          yes={P.removeYes}
          no={P.cancel}
          danger
          onYes={() => remove(removing)}
          onNo={() => setRemoving(null)}
        />
      ) : null}
      {passkeys ? (
        <ul className="staff-passkeys" role="list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="staff-passkey">
              {renaming?.id === passkey.id ? (
                <form className="staff-rename" noValidate onSubmit={rename}>
                  <label htmlFor={`staff-passkey-name-${passkey.id}`}>{fill(P.renameLabel, { name: passkey.name })}</label>
                  <input
                    id={`staff-passkey-name-${passkey.id}`}
                    className="staff-input"
                    type="text"
                    value={renaming.name}
                    aria-invalid={renaming.error ? 'true' : undefined}
                    aria-describedby={renaming.error ? `staff-passkey-error-${passkey.id}` : undefined}
                    onChange={(event) => setRenaming({ ...renaming, name: event.target.value, error: '' })}
                    autoFocus
                  />
                  {renaming.error ? (
                    <p id={`staff-passkey-error-${passkey.id}`} className="staff-field-error">
                      {renaming.error}
                    </p>
                  ) : null}
                  <div className="staff-actions">
                    <button type="submit" className="btn btn-primary btn-sm">
                      {P.save}
                    </button>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRenaming(null)}>
                      {P.cancel}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <div>
                    <p className="staff-passkey-name">{passkey.name}</p>
                    <p className="staff-passkey-times">{`${P.created} ${when(passkey.createdAt)} · ${P.lastUsed} ${when(passkey.lastUsedAt, P.never)}`}</p>
                  </div>
                  <div className="staff-actions">
                    <RowAction
                      label={P.rename}
                      subject={passkey.name}
                      onClick={() => {
                        start();
                        setRenaming({ id: passkey.id, name: passkey.name, error: '' });
                      }}
                    />
                    <RowAction
                      label={P.remove}
                      subject={passkey.name}
                      onClick={() => {
                        start();
                        setRemoving(passkey);
                      }}
                    />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </ViewSection>
  );
}
