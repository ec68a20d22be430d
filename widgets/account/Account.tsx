import { useCallback, useEffect, useState } from 'react';
import { accountPage as T } from '../../site/_data/accounts.json';
import { SIGN_IN_NOTICES } from '../../shared/accountMessages';
import type { AccountUser } from '../../shared/user';
import { confirmPasswordError, emailError, firstNameError, lastNameError, signUpPasswordError } from '../../shared/validation';
import { RequirementList } from '../lib/accountForm';
import { passwordRequirements } from '../lib/accountValidation';
import { accountApi, SignedOutError, type AccountRequest, type SessionInfo } from './accountClient';
import { AccountForm } from './AccountForm';
import { Passkeys } from './Passkeys';
import { YourDashboards } from './YourDashboards';

const SIGN_IN_AGAIN = '/sign_in?next=%2Faccount';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

type Requests = { verified: boolean; requests: AccountRequest[] };
type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; user: AccountUser; sessions: SessionInfo[]; requests: Requests; dashboards: number };

const required = (message: string) => (value: string) => (value === '' ? message : '');

/**
 * <dc-account> (site island, light DOM): the account page. Loads the signed-in user, their
 * sessions, requests and dashboards; without a session (never signed in, expired, signed out elsewhere) it
 * goes to /sign_in?next=/account. Shows "Verify your email" with a resend button while the
 * address is unverified; shows the client's dashboards (./YourDashboards); changes the name, the email (a link to the new address) and the
 * password; adds, renames and removes passkeys (./Passkeys); lists the requests sent from the verified address and every signed-in device (sign
 * out one or all others); downloads the account's data; deletes the account with the password.
 * Signing out of this device is the page's form post (no script).
 */
export function Account() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState('');
  const [verifyNotice, setVerifyNotice] = useState('');

  const signedOut = useCallback(() => window.location.replace(SIGN_IN_AGAIN), []);
  const onError = useCallback(
    (error: unknown) => {
      if (error instanceof SignedOutError) signedOut();
      else setState({ kind: 'failed' });
    },
    [signedOut],
  );

  const load = useCallback(
    () =>
      Promise.all([accountApi.me(), accountApi.sessions(), accountApi.requests(), accountApi.dashboards()]).then(
        ([user, sessions, requests, dashboards]) => setState({ kind: 'ready', user, sessions, requests, dashboards: dashboards.reports.length }),
        onError,
      ),
    [onError],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const endOne = (id: string) => {
    setNotice('');
    accountApi.endSession(id).then(load, onError);
  };
  const endOthers = () => {
    accountApi.endOtherSessions().then(({ ended }) => {
      setNotice(ended === 0 ? T.noOthers : T.othersEnded.replace('{count}', String(ended)));
      return load();
    }, onError);
  };
  const resend = () => {
    setVerifyNotice('');
    accountApi.resendVerification().then(
      ({ message }) => setVerifyNotice(message),
      (error: unknown) => (error instanceof SignedOutError ? signedOut() : setVerifyNotice(error instanceof Error ? error.message : T.failed)),
    );
  };

  if (state.kind === 'loading') return <p className="island-loading">{T.loading}</p>;
  if (state.kind === 'failed') return <p className="account-alert" role="alert">{T.loadFailed}</p>;
  const { user, sessions, requests, dashboards } = state;
  const others = sessions.filter((session) => !session.current).length;
  const checklist = (value: string) => <RequirementList id="account-password-requirements" label={T.passwordHeading} items={passwordRequirements(value)} />;
  return (
    <div className="account-panels">
      {user.emailVerified ? null : (
        <section className="account-card account-verify" aria-labelledby="account-verify-title">
          <h2 id="account-verify-title">{T.verifyHeading}</h2>
          <p className="account-card-lead">{T.verifyText.replace('{email}', user.email)}</p>
          <div className="account-actions">
            <button type="button" className="btn btn-primary" onClick={resend}>
              {T.verifyResend}
            </button>
            <p className="account-notice" role="status">
              {verifyNotice}
            </p>
          </div>
        </section>
      )}
      <YourDashboards count={dashboards} />
      <section className="account-card" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">{T.profileHeading}</h2>
        <dl className="account-facts">
          <div>
            <dt>{T.name}</dt>
            <dd>{`${user.firstName} ${user.lastName}`}</dd>
          </div>
          <div>
            <dt>{T.email}</dt>
            <dd>
              {user.email} <span className="account-badge" data-tone={user.emailVerified ? 'success' : 'warning'}>{user.emailVerified ? T.verified : T.unverified}</span>
            </dd>
          </div>
          <div>
            <dt>{T.memberSince}</dt>
            <dd>{day.format(new Date(user.createdAt))}</dd>
          </div>
        </dl>
        <h3>{T.nameHeading}</h3>
        <AccountForm
          id="account-name"
          label={T.nameHeading}
          failed={T.failed}
          initial={{ firstName: user.firstName, lastName: user.lastName }}
          fields={[
            { name: 'firstName', label: T.firstName, type: 'text', autoComplete: 'given-name', check: firstNameError },
            { name: 'lastName', label: T.lastName, type: 'text', autoComplete: 'family-name', check: lastNameError },
          ]}
          submit={T.saveName}
          onSignedOut={signedOut}
          send={async (values) => {
            await accountApi.patch({ firstName: values.firstName!, lastName: values.lastName! });
            void load();
            return T.nameSaved;
          }}
        />
      </section>
      <section className="account-card" aria-labelledby="account-email-title">
        <h2 id="account-email-title">{T.emailHeading}</h2>
        <p className="account-card-lead">{T.emailLead}</p>
        <AccountForm
          id="account-email"
          label={T.emailHeading}
          failed={T.failed}
          clearOnSuccess
          fields={[
            { name: 'email', label: T.newEmail, type: 'email', autoComplete: 'email', check: emailError },
            { name: 'currentPassword', label: T.currentPassword, type: 'password', autoComplete: 'current-password', check: required('Please enter your current password') },
          ]}
          submit={T.changeEmail}
          onSignedOut={signedOut}
          send={async (values) => (await accountApi.patch({ email: values.email!, currentPassword: values.currentPassword! })).message ?? ''}
        />
      </section>
      <section className="account-card" aria-labelledby="account-password-title">
        <h2 id="account-password-title">{T.passwordHeading}</h2>
        <p className="account-card-lead">{T.passwordLead}</p>
        <AccountForm
          id="account-password"
          label={T.passwordHeading}
          stacked
          failed={T.failed}
          clearOnSuccess
          fields={[
            { name: 'currentPassword', label: T.currentPassword, type: 'password', autoComplete: 'current-password', check: required('Please enter your current password') },
            { name: 'password', label: T.newPassword, type: 'password', autoComplete: 'new-password', check: signUpPasswordError, below: checklist },
            { name: 'confirmPassword', label: T.confirmPassword, type: 'password', autoComplete: 'new-password', check: (value, values) => confirmPasswordError(values.password ?? '', value) },
          ]}
          submit={T.changePassword}
          onSignedOut={signedOut}
          send={async (values) => {
            await accountApi.patch({ currentPassword: values.currentPassword!, password: values.password!, confirmPassword: values.confirmPassword! });
            void load();
            return T.passwordChanged;
          }}
        />
      </section>
      <Passkeys onSignedOut={signedOut} verified={user.emailVerified} />
      <section className="account-card" aria-labelledby="account-requests-title">
        <h2 id="account-requests-title">{T.requestsHeading}</h2>
        {!requests.verified ? (
          <p className="account-card-lead">{T.requestsUnverified}</p>
        ) : requests.requests.length === 0 ? (
          <p className="account-card-lead">{T.requestsNone}</p>
        ) : (
          <>
            <p className="account-card-lead">{T.requestsLead.replace('{email}', user.email)}</p>
            <ul className="account-requests" role="list">
              {requests.requests.map((request) => (
                <li key={request.id} className="account-request">
                  <p className="account-session-name">
                    {T.variantLabels[request.variant]}
                    <span className="account-badge" data-tone={request.handled ? 'success' : undefined}>
                      {request.handled ? T.handled : T.open}
                    </span>
                  </p>
                  <p className="account-session-times">{when.format(new Date(request.receivedAt))}</p>
                  <p className="account-request-message">{request.message}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="account-card" aria-labelledby="account-sessions-title">
        <h2 id="account-sessions-title">{T.sessionsHeading}</h2>
        <p className="account-card-lead">{T.sessionsLead}</p>
        <ul className="account-sessions" role="list">
          {sessions.map((session) => (
            <li key={session.id} className="account-session">
              <div>
                <p className="account-session-name">
                  {`${session.browser} on ${session.os}`}
                  {session.current ? <span className="account-badge">{T.thisDevice}</span> : null}
                </p>
                <p className="account-session-times">
                  {`${T.signedInAt} ${when.format(new Date(session.createdAt))} · ${T.lastActive} ${when.format(new Date(session.lastActiveAt))}`}
                </p>
              </div>
              {session.current ? null : (
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => endOne(session.id)} aria-label={`${T.signOutOne}: ${session.browser} on ${session.os}, ${when.format(new Date(session.createdAt))}`}>
                  {T.signOutOne}
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className="account-actions">
          <button type="button" className="btn btn-secondary" onClick={endOthers} disabled={others === 0}>
            {T.signOutOthers}
          </button>
          <p className="account-notice" role="status">
            {notice}
          </p>
        </div>
      </section>
      <section className="account-card" aria-labelledby="account-data-title">
        <h2 id="account-data-title">{T.dataHeading}</h2>
        <p className="account-card-lead">{T.dataLead}</p>
        <div className="account-actions">
          <a className="btn btn-secondary" href={accountApi.exportUrl} download="dataclarity-account.json">
            {T.download}
          </a>
        </div>
      </section>
      <section className="account-card account-danger" aria-labelledby="account-delete-title">
        <h2 id="account-delete-title">{T.deleteHeading}</h2>
        <p className="account-card-lead">{T.deleteLead}</p>
        <DeleteAccount onSignedOut={signedOut} />
      </section>
    </div>
  );
}

function DeleteAccount({ onSignedOut }: { onSignedOut: () => void }) {
  const [erase, setErase] = useState(false);
  return (
    <AccountForm
      id="account-delete"
      label={T.deleteHeading}
      failed={T.failed}
      danger
      fields={[{ name: 'password', label: T.deletePassword, type: 'password', autoComplete: 'current-password', check: required('Please enter your password to delete your account') }]}
      submit={T.deleteSubmit}
      onSignedOut={onSignedOut}
      send={async (values) => {
        await accountApi.deleteAccount(values.password!, erase);
        window.location.replace(`/sign_in#${SIGN_IN_NOTICES.accountDeleted}`);
        return '';
      }}
    >
      <div className="account-check">
        <input id="account-delete-erase" type="checkbox" checked={erase} onChange={(event) => setErase(event.target.checked)} />
        <label htmlFor="account-delete-erase">{T.eraseRequests}</label>
      </div>
    </AccountForm>
  );
}
