import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { accountPage as T } from '../../site/_data/accounts.json';
import { PASSKEY_MESSAGES, passkeyNameError } from '../../shared/passkeys';
import { ErrorText } from '../lib/accountForm';
import { accountApi, ApiProblem, SignedOutError, type AccountPasskey } from './accountClient';
import { AccountForm } from './AccountForm';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const fill = (text: string, name: string) => text.replace('{name}', name);

/**
 * Whether this browser can make a passkey: WebAuthn's PublicKeyCredential is there (what
 * @simplewebauthn/browser's browserSupportsWebAuthn checks), read without loading that library.
 */
function browserHasPasskeys(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

/**
 * A ceremony through the WebAuthn browser code, loaded on the button's press (../lib/passkeyClient
 * and @simplewebauthn/browser, not part of the page): its refusals become the account page's
 * ApiProblem (the field the server named) or SignedOutError.
 */
async function addPasskey(name: string, currentPassword: string | null): Promise<void> {
  const client = await import('../lib/passkeyClient');
  try {
    await client.registerPasskey('/me/passkeys/options', currentPassword === null ? {} : { currentPassword }, '/me/passkeys', { name });
  } catch (error) {
    if (error instanceof client.PasskeyError) {
      if (error.status === 401) throw new SignedOutError();
      throw new ApiProblem(error.message, error.status, error.field ? { [error.field]: error.message } : {});
    }
    throw error;
  }
}

type Editing = { kind: 'rename'; passkey: AccountPasskey; name: string; error: string } | { kind: 'remove'; passkey: AccountPasskey } | null;

/**
 * "Passkeys" on /account (issue 32): what a passkey gives, the account's passkeys (added, last
 * used), rename one (inline form), remove one after a confirmation, and "Add a passkey" with its
 * name, and the password when the sign-in is not recent (GET /me/passkeys says so; a server's 403
 * naming currentPassword asks for it too). A browser without WebAuthn is told so instead of an
 * Add button that would fail. A cancelled dialog or a refusal shows under the button; what was
 * typed stays. Every change is the server's (server/passkeys/meRoutes.ts). While the account's
 * address is not verified, no passkey can be added (the server refuses it too): the section says so
 * and offers the verification mail, its answer in the section's status line. `#passkeys` is the
 * section's address in the mails that list the account's passkeys.
 */
export function Passkeys({ onSignedOut, verified }: { onSignedOut: () => void; verified: boolean }) {
  const [state, setState] = useState<{ passkeys: AccountPasskey[]; passwordNeeded: boolean } | 'loading' | 'failed'>('loading');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [supported] = useState(browserHasPasskeys);
  const confirmRef = useRef<HTMLButtonElement>(null);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof SignedOutError) onSignedOut();
      else setNotice({ text: error instanceof ApiProblem ? error.message : T.failed, error: true });
    },
    [onSignedOut],
  );
  const load = useCallback(
    () =>
      accountApi.passkeys().then(
        (answer) => setState({ passkeys: answer.passkeys, passwordNeeded: answer.passwordNeeded === true }),
        (error: unknown) => (error instanceof SignedOutError ? onSignedOut() : setState('failed')),
      ),
    [onSignedOut],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (editing?.kind === 'remove') confirmRef.current?.focus();
  }, [editing]);

  const resend = () => {
    setNotice(null);
    accountApi.resendVerification().then(({ message }) => setNotice({ text: message, error: false }), failed);
  };

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (editing?.kind !== 'rename') return;
    const problem = passkeyNameError(editing.name);
    if (problem) {
      setEditing({ ...editing, error: problem });
      document.getElementById(`account-passkey-name-${editing.passkey.id}`)?.focus();
      return;
    }
    setNotice(null);
    accountApi.renamePasskey(editing.passkey.id, editing.name.trim()).then(
      () => {
        setEditing(null);
        setNotice({ text: T.passkeyRenamed, error: false });
        void load();
      },
      (error: unknown) => {
        if (error instanceof ApiProblem && error.errors.name) setEditing({ ...editing, error: error.errors.name });
        else failed(error);
      },
    );
  };

  const remove = (passkey: AccountPasskey) => {
    setEditing(null);
    setNotice(null);
    accountApi.removePasskey(passkey.id).then(() => {
      setNotice({ text: T.passkeyRemoved, error: false });
      void load();
    }, failed);
  };

  const passkeys = typeof state === 'object' ? state.passkeys : [];
  const passwordNeeded = typeof state === 'object' && state.passwordNeeded;
  return (
    <section id="passkeys" className="account-card account-passkeys" aria-labelledby="account-passkeys-title">
      <h2 id="account-passkeys-title">{T.passkeysHeading}</h2>
      <p className="account-card-lead">{T.passkeysLead}</p>
      {state === 'failed' ? (
        <p className="account-alert" role="alert">
          {T.loadFailed}
        </p>
      ) : null}
      {typeof state === 'object' && passkeys.length === 0 ? <p className="account-passkeys-none">{T.passkeysNone}</p> : null}
      {passkeys.length > 0 ? (
        <ul className="account-sessions" role="list" aria-label={T.passkeysHeading}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="account-session account-passkey">
              {editing?.kind === 'rename' && editing.passkey.id === passkey.id ? (
                <form className="account-form account-passkey-rename" noValidate aria-label={fill(T.passkeyRenameLabel, passkey.name)} onSubmit={rename}>
                  <div className="account-field">
                    <label htmlFor={`account-passkey-name-${passkey.id}`}>{fill(T.passkeyRenameLabel, passkey.name)}</label>
                    <input
                      id={`account-passkey-name-${passkey.id}`}
                      className="account-input"
                      type="text"
                      autoComplete="off"
                      value={editing.name}
                      aria-invalid={editing.error ? 'true' : undefined}
                      aria-describedby={editing.error ? `account-passkey-name-${passkey.id}-error` : undefined}
                      onInput={(event) => setEditing({ ...editing, name: (event.target as HTMLInputElement).value, error: '' })}
                      autoFocus
                    />
                    <ErrorText id={`account-passkey-name-${passkey.id}-error`} message={editing.error || undefined} />
                  </div>
                  <div className="account-actions">
                    <button type="submit" className="btn btn-primary btn-sm">
                      {T.passkeySave}
                    </button>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(null)}>
                      {T.passkeyCancel}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <div>
                    <p className="account-session-name">{passkey.name}</p>
                    <p className="account-session-times">
                      {`${T.passkeyCreated} ${when.format(new Date(passkey.createdAt))} · ${T.passkeyLastUsed} ${passkey.lastUsedAt ? when.format(new Date(passkey.lastUsedAt)) : T.passkeyNever}`}
                    </p>
                  </div>
                  <div className="account-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`${T.passkeyRename}: ${passkey.name}`}
                      onClick={() => {
                        setNotice(null);
                        setEditing({ kind: 'rename', passkey, name: passkey.name, error: '' });
                      }}
                    >
                      {T.passkeyRename}
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`${T.passkeyRemove}: ${passkey.name}`}
                      onClick={() => {
                        setNotice(null);
                        setEditing({ kind: 'remove', passkey });
                      }}
                    >
                      {T.passkeyRemove}
                    </button>
                  </div>
                  {editing?.kind === 'remove' && editing.passkey.id === passkey.id ? (
                    <div className="account-confirm" role="group" aria-labelledby="account-passkey-remove-question">
                      <p id="account-passkey-remove-question">{fill(T.passkeyRemoveConfirm, passkey.name)}</p>
                      <div className="account-actions">
                        <button ref={confirmRef} type="button" className="btn btn-danger btn-sm" onClick={() => remove(passkey)}>
                          {T.passkeyRemoveYes}
                        </button>
                        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(null)}>
                          {T.passkeyCancel}
                        </button>
                      </div>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <p className={`account-notice${notice?.error ? ' account-notice-error' : ''}`} role="status">
        {notice?.text ?? ''}
      </p>
      {!supported ? (
        <p className="account-alert">{T.passkeysUnsupported}</p>
      ) : !verified ? (
        <div className="account-actions">
          <p className="account-alert">{PASSKEY_MESSAGES.verifyFirst}</p>
          <button type="button" className="btn btn-secondary" onClick={resend}>
            {T.verifyResend}
          </button>
        </div>
      ) : typeof state === 'object' ? (
        <>
          <h3>{T.passkeyAddHeading}</h3>
          <AccountForm
            id="account-passkey-add"
            label={T.passkeyAddHeading}
            failed={T.failed}
            clearOnSuccess
            fields={[
              { name: 'name', label: T.passkeyName, type: 'text', autoComplete: 'off', check: passkeyNameError },
              ...(passwordNeeded
                ? [{ name: 'currentPassword', label: T.currentPassword, type: 'password' as const, autoComplete: 'current-password', check: (value: string) => (value === '' ? 'Please enter your current password' : '') }]
                : []),
            ]}
            submit={T.passkeyAdd}
            onSignedOut={onSignedOut}
            send={async (values) => {
              const name = (values.name ?? '').trim();
              try {
                await addPasskey(name, passwordNeeded ? (values.currentPassword ?? '') : null);
              } catch (error) {
                // The sign-in is no longer recent: ask for the password next time.
                if (error instanceof ApiProblem && error.errors.currentPassword && !passwordNeeded) setState({ passkeys, passwordNeeded: true });
                throw error;
              }
              void load();
              return fill(T.passkeyAdded, name);
            }}
          />
        </>
      ) : null}
    </section>
  );
}
