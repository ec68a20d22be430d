import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { consoleSearch, type ConsoleState } from './consoleUrl';
import { ErrorAlert, fill, TableRegion, when } from './parts';
import type { StaffContactRequest } from '../../shared/contactRequestSchema';
import { staffApi, type StaffAccount } from './staffClient';
import type { Go, OnGate } from './StaffConsole';

const C = T.clients;
const L = T.leads;

/**
 * A client's requests (GET /staff/users/{id}/requests): the contact and consultation requests sent
 * with the account's address, newest first; each opens the inbox's own request view (a real
 * link to /staff?lead=…, so it also opens in a new tab).
 */
export function ClientRequestsPanel({ account, state, go, onClose, onGate }: { account: StaffAccount; state: ConsoleState; go: Go; onClose: () => void; onGate: OnGate }) {
  const [requests, setRequests] = useState<StaffContactRequest[] | null>(null);
  const [error, setError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  const base = `staff-requests-${account.id}`;

  const load = useCallback(
    () =>
      staffApi.requestsOf(account.id).then(
        (answer) => setRequests(answer.requests),
        (failure: unknown) => {
          if (!onGate(failure)) setError(failure instanceof Error ? failure.message : T.failed);
        },
      ),
    [account.id, onGate],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => headingRef.current?.focus(), [account.id]);

  const target = (contactRequest: StaffContactRequest): ConsoleState => ({ ...state, view: 'leads', lead: contactRequest.id });
  const open = (contactRequest: StaffContactRequest) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(target(contactRequest), { focus: true });
  };

  return (
    <section className="staff-dashboards" aria-labelledby={`${base}-title`}>
      <div className="staff-view-head">
        <h3 id={`${base}-title`} ref={headingRef} tabIndex={-1}>
          {fill(C.requestsHeading, { name })}
        </h3>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
          {C.close}
        </button>
      </div>
      <p className="staff-lead-text">{fill(C.requestsLead, { email: account.email })}</p>
      <ErrorAlert message={error} />
      {requests === null ? (
        error === '' ? <p className="staff-count">{C.requestsLoading}</p> : null
      ) : requests.length === 0 ? (
        <p className="staff-count">{C.requestsNone}</p>
      ) : (
        <TableRegion label={fill(C.requestsTable, { email: account.email })}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{C.requestColumns.date}</th>
                <th scope="col">{C.requestColumns.variant}</th>
                <th scope="col">{C.requestColumns.status}</th>
                <th scope="col">{C.requestColumns.handled}</th>
                <th scope="col">{C.requestColumns.message}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((contactRequest) => (
                <tr key={contactRequest.id}>
                  <td className="staff-nowrap">
                    <a href={`${window.location.pathname}${consoleSearch(target(contactRequest))}`} onClick={open(contactRequest)}>
                      {when(contactRequest.receivedAt)}
                    </a>
                  </td>
                  <td>{L.variants[contactRequest.variant]}</td>
                  <td>
                    <span className="staff-badge" data-tone={contactRequest.status}>
                      {L.statuses[contactRequest.status]}
                    </span>
                  </td>
                  <td>{contactRequest.handledAt ? L.yes : L.no}</td>
                  <td>
                    <p className="staff-excerpt">{contactRequest.message}</p>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
