import { useCallback, useEffect, useState } from 'react';
import { accountPage as T } from '../../site/_data/accounts.json';
import type { User } from '../../shared/user';
import { accountApi, SignedOutError, type SessionInfo } from './accountClient';

const SIGN_IN_AGAIN = '/sign_in?next=%2Faccount';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; user: User; sessions: SessionInfo[] };

/**
 * <dc-account> (site island, light DOM): the account page. Loads the signed-in user and their
 * sessions; without a session (never signed in, expired, signed out elsewhere) it goes to
 * /sign_in?next=/account. Lists every signed-in device, the current one marked, and signs out
 * one of them or all others. Signing out of this device is the page's form post (no script).
 */
export function Account() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState('');

  const onError = useCallback((error: unknown) => {
    if (error instanceof SignedOutError) window.location.replace(SIGN_IN_AGAIN);
    else setState({ kind: 'failed' });
  }, []);

  const load = useCallback(
    () =>
      Promise.all([accountApi.me(), accountApi.sessions()]).then(
        ([user, sessions]) => setState({ kind: 'ready', user, sessions }),
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

  if (state.kind === 'loading') return <p className="island-loading">{T.loading}</p>;
  if (state.kind === 'failed') return <p className="account-alert" role="alert">{T.loadFailed}</p>;
  const { user, sessions } = state;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="account-panels">
      <section className="account-card" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">{T.profileHeading}</h2>
        <dl className="account-facts">
          <div>
            <dt>{T.name}</dt>
            <dd>{`${user.firstName} ${user.lastName}`}</dd>
          </div>
          <div>
            <dt>{T.email}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{T.memberSince}</dt>
            <dd>{day.format(new Date(user.createdAt))}</dd>
          </div>
        </dl>
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
    </div>
  );
}
