import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { Confirm, ErrorAlert, fill, RowAction, when } from './parts';
import { StaffApiError, staffApi, type StaffPasskey } from './staffClient';
import type { Arrival, OnGate } from './StaffConsole';

const P = T.passkeys;

/**
 * The staff member's own passkeys: name, added, last used; rename one (the server checks the name
 * with the rule of shared/passkeys and its message shows under the field; not imported here, so the
 * enrollment page's chunks stay as they are), remove one after a confirmation. The API keeps the last one (409) and says why:
 * that message is shown.
 */
export function PasskeysView({ onGate, arrival }: { onGate: OnGate; arrival: Arrival }) {
  const [passkeys, setPasskeys] = useState<StaffPasskey[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string; error: string } | null>(null);
  const [removing, setRemoving] = useState<StaffPasskey | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const failed = useCallback(
    (failure: unknown) => {
      if (!onGate(failure)) setError(failure instanceof Error ? failure.message : T.failed);
    },
    [onGate],
  );
  const load = useCallback(() => staffApi.passkeys().then(({ passkeys: held }) => setPasskeys(held), failed), [failed]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (arrival.focus) headingRef.current?.focus();
  }, [arrival]);

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
    <section className="staff-view" aria-labelledby="staff-passkeys-title">
      <div className="staff-view-head">
        <h2 id="staff-passkeys-title" ref={headingRef} tabIndex={-1}>
          {P.heading}
        </h2>
      </div>
      <p className="staff-lead-text">{P.lead}</p>
      <p className="staff-notice" role="status">
        {notice}
      </p>
      <ErrorAlert message={error} />
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
    </section>
  );
}
