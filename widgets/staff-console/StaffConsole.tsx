import { useCallback, useEffect, useState } from 'react';
import T from '../../site/_data/staffConsole.json';
import { AuditView } from './AuditView';
import { ClientsView } from './ClientsView';
import { consoleSearch, readConsoleUrl, VIEWS, type ConsoleState } from './consoleUrl';
import { ContactRequestDetailView } from './ContactRequestDetailView';
import { ContactRequestsView } from './ContactRequestsView';
import { PasskeysView } from './PasskeysView';
import { PressViewOnDemand } from './PressViewOnDemand';
import { onDemand } from './onDemand';
import { consoleLink } from './parts';
import { StaffApiError, staffApi } from './staffClient';

const SIGN_IN = '/sign_in?next=%2Fstaff';
/** The staff view (invitations), a chunk loaded when it is first opened (./onDemand). */
const TeamView = onDemand(() => import('./TeamView').then((part) => part.TeamView), T.loadingPart);

type Gate = { kind: 'loading' } | { kind: 'signedOut' } | { kind: 'refused'; message: string } | { kind: 'failed' } | { kind: 'ready' };

/** What a view tells the console when it must stop: no session, or no longer staff. */
export type OnGate = (error: unknown) => boolean;
/** What the next view finds: a notice of what just happened, focus on its heading. */
export interface Arrival {
  notice?: string;
  focus?: boolean;
}
/** A view asks for another state of the console. */
export type Go = (next: ConsoleState, arrival?: Arrival) => void;

/**
 * <dc-staff-console> (site island, light DOM) on /staff (issue 32): the staff's daily back office.
 * First asks the staff API who is there: no session → "Staff sign in with a passkey" and a link to
 * /sign_in?next=/staff; a client (403) → the API's refusal ("for DataClarity staff only") and
 * nothing of the console; staff without a passkey check → the API's message. Then the views,
 * named by a nav of real links: the requests inbox (filters, search, paging, CSV export, a
 * request opened), clients, the staff (invitations), press items, the audit log, the staff member's own passkeys. The view, the filters
 * and the open request live in the URL (./consoleUrl.ts): a reload or Back keeps them.
 */
export function StaffConsole() {
  const [gate, setGate] = useState<Gate>({ kind: 'loading' });
  const [state, setState] = useState<ConsoleState>(() => readConsoleUrl(window.location.search));
  const [arrival, setArrival] = useState<Arrival>({});

  const check = useCallback(() => {
    setGate({ kind: 'loading' });
    staffApi.passkeys().then(
      () => setGate({ kind: 'ready' }),
      (error: unknown) => {
        if (error instanceof StaffApiError && error.status === 401) setGate({ kind: 'signedOut' });
        else if (error instanceof StaffApiError && error.status === 403) setGate({ kind: 'refused', message: error.message });
        else setGate({ kind: 'failed' });
      },
    );
  }, []);

  useEffect(check, [check]);
  useEffect(() => {
    const onPop = () => {
      setArrival({});
      setState(readConsoleUrl(window.location.search));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** A view asks for another state: written to the URL (a new history entry) and shown. */
  const go: Go = useCallback((next, to = {}) => {
    const search = consoleSearch(next);
    if (search !== window.location.search) window.history.pushState(null, '', `${window.location.pathname}${search}`);
    setArrival(to);
    setState(next);
  }, []);

  /** A 401 or 403 while working: the session ended or the role was taken away. */
  const onGate: OnGate = useCallback((error) => {
    if (!(error instanceof StaffApiError)) return false;
    if (error.status === 401) setGate({ kind: 'signedOut' });
    else if (error.status === 403) setGate({ kind: 'refused', message: error.message });
    else return false;
    return true;
  }, []);

  if (gate.kind === 'loading') return <p className="island-loading">{T.loading}</p>;
  if (gate.kind === 'failed')
    return (
      <div className="staff-gate">
        <p role="alert">{T.loadFailed}</p>
        <button type="button" className="btn btn-primary" onClick={check}>
          {T.retry}
        </button>
      </div>
    );
  if (gate.kind === 'signedOut')
    return (
      <section className="staff-gate" aria-labelledby="staff-gate-title">
        <h2 id="staff-gate-title">{T.signedOutHeading}</h2>
        <p>{T.signedOutText}</p>
        <a className="btn btn-primary" href={SIGN_IN}>
          {T.signInLink}
        </a>
      </section>
    );
  if (gate.kind === 'refused') {
    const passkey = gate.message.toLowerCase().includes('passkey');
    return (
      <section className="staff-gate" aria-labelledby="staff-gate-title">
        <h2 id="staff-gate-title">{passkey ? T.passkeyHeading : T.notStaffHeading}</h2>
        <p role="alert">{gate.message}</p>
      </section>
    );
  }

  return (
    <div className="staff-console">
      <nav className="staff-nav" aria-label={T.navLabel}>
        <ul role="list">
          {VIEWS.map((view) => (
            <li key={view}>
              <a {...consoleLink(go, { ...state, view, lead: '' }, { focus: true })} aria-current={state.view === view ? 'page' : undefined}>
                {T.views[view]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {state.view === 'leads' && state.lead !== '' ? (
        <ContactRequestDetailView key={state.lead} state={state} go={go} onGate={onGate} />
      ) : state.view === 'leads' ? (
        <ContactRequestsView state={state} go={go} onGate={onGate} arrival={arrival} />
      ) : state.view === 'clients' ? (
        <ClientsView state={state} go={go} onGate={onGate} arrival={arrival} />
      ) : state.view === 'team' ? (
        <TeamView onGate={onGate} arrival={arrival} />
      ) : state.view === 'press' ? (
        <PressViewOnDemand onGate={onGate} arrival={arrival} />
      ) : state.view === 'audit' ? (
        <AuditView state={state} go={go} onGate={onGate} arrival={arrival} />
      ) : (
        <PasskeysView onGate={onGate} arrival={arrival} />
      )}
    </div>
  );
}
