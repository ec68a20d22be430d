import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { STAFF_SEARCH_MAX } from '../../shared/staffLeads';
import { DashboardsPanel } from './DashboardsPanel';
import { pageQuery, pageRange, type ConsoleState } from './consoleUrl';
import { Confirm, ErrorAlert, fill, Pager, TableRegion, when } from './parts';
import { staffApi, type StaffAccount } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';

const C = T.clients;

/**
 * Client accounts: searched in names and email, newest first; each row's "Deactivate" or
 * "Reactivate" asks first, then PATCH /staff/users/{id}. The API's refusal (deactivating oneself)
 * is shown as it words it. "Dashboards" opens the client's dashboards under the list
 * (./DashboardsPanel).
 */
export function ClientsView({ state, go, onGate, arrival }: { state: ConsoleState; go: Go; onGate: OnGate; arrival: Arrival }) {
  const [list, setList] = useState<{ accounts: StaffAccount[]; total: number } | null>(null);
  const [search, setSearch] = useState(state.clientQ);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [asking, setAsking] = useState<StaffAccount | null>(null);
  const [dashboardsOf, setDashboardsOf] = useState<StaffAccount | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = pageQuery(state.clientPage, state.clientQ);

  const failed = useCallback(
    (failure: unknown) => {
      if (!onGate(failure)) setError(failure instanceof Error ? failure.message : T.failed);
    },
    [onGate],
  );
  const load = useCallback(
    () => staffApi.accounts(query).then((page) => setList({ accounts: page.accounts, total: page.total }), failed),
    [query, failed],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => setSearch(state.clientQ), [state.clientQ]);
  useEffect(() => {
    if (arrival.focus) headingRef.current?.focus();
  }, [arrival]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ ...state, clientQ: search.trim(), clientPage: 1 });
  };

  const decide = (account: StaffAccount) => {
    setAsking(null);
    setError('');
    setNotice('');
    staffApi.setActive(account.id, !account.active).then((updated) => {
      setNotice(fill(updated.active ? C.reactivated : C.deactivated, { email: updated.email }));
      void load();
    }, failed);
  };

  const range = list ? pageRange(state.clientPage, list.accounts.length, list.total) : null;
  const name = (account: StaffAccount) => `${account.firstName} ${account.lastName}`.trim();

  return (
    <section className="staff-view" aria-labelledby="staff-clients-title">
      <div className="staff-view-head">
        <h2 id="staff-clients-title" ref={headingRef} tabIndex={-1}>
          {C.heading}
        </h2>
      </div>
      <form className="staff-filters" role="search" aria-label={C.filtersLabel} onSubmit={onSubmit}>
        <div className="staff-field staff-field-search">
          <label htmlFor="staff-clients-q">{C.search}</label>
          <div className="staff-search">
            <input
              id="staff-clients-q"
              className="staff-input"
              type="search"
              value={search}
              maxLength={STAFF_SEARCH_MAX}
              placeholder={C.searchHint}
              onChange={(event) => setSearch(event.target.value)}
            />
            <button type="submit" className="btn btn-primary btn-sm">
              {C.apply}
            </button>
          </div>
        </div>
      </form>
      <p className="staff-notice" role="status">
        {notice}
      </p>
      <ErrorAlert message={error} />
      {asking ? (
        <Confirm
          id="staff-account-confirm"
          question={fill(asking.active ? C.deactivateConfirm : C.reactivateConfirm, { name: name(asking), email: asking.email })}
          yes={asking.active ? C.deactivate : C.reactivate}
          no={C.cancel}
          danger={asking.active}
          onYes={() => decide(asking)}
          onNo={() => setAsking(null)}
        />
      ) : null}
      <p className="staff-count" role="status">
        {range && list ? (list.total === 0 ? C.none : fill(C.range, { from: range.from, to: range.to, total: list.total })) : ''}
      </p>
      {list && list.accounts.length > 0 ? (
        <TableRegion label={C.table}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{C.columns.name}</th>
                <th scope="col">{C.columns.email}</th>
                <th scope="col">{C.columns.role}</th>
                <th scope="col">{C.columns.verified}</th>
                <th scope="col">{C.columns.active}</th>
                <th scope="col">{C.columns.created}</th>
                <th scope="col">{C.columns.lastSignIn}</th>
                <th scope="col">{C.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.accounts.map((account) => (
                <tr key={account.id}>
                  <td>{name(account)}</td>
                  <td className="staff-wrap">{account.email}</td>
                  <td>{C.roles[account.role]}</td>
                  <td>{account.emailVerified ? C.yes : C.no}</td>
                  <td>
                    <span className="staff-badge" data-tone={account.active ? 'delivered' : 'failed'}>
                      {account.active ? C.yes : C.no}
                    </span>
                  </td>
                  <td className="staff-nowrap">{when(account.createdAt)}</td>
                  <td className="staff-nowrap">{when(account.lastSignInAt, C.never)}</td>
                  <td>
                    <div className="staff-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`${account.active ? C.deactivate : C.reactivate}: ${account.email}`}
                        onClick={() => {
                          setNotice('');
                          setError('');
                          setAsking(account);
                        }}
                      >
                        {account.active ? C.deactivate : C.reactivate}
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`${C.dashboards}: ${account.email}`}
                        aria-expanded={dashboardsOf?.id === account.id}
                        onClick={() => setDashboardsOf(dashboardsOf?.id === account.id ? null : account)}
                      >
                        {C.dashboards}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {dashboardsOf ? (
        <DashboardsPanel key={dashboardsOf.id} account={dashboardsOf} onClose={() => setDashboardsOf(null)} onGate={onGate} />
      ) : null}
      {range ? (
        <Pager
          label={C.pagingLabel}
          page={state.clientPage}
          pages={range.pages}
          previous={C.previous}
          next={C.next}
          onPage={(clientPage) => go({ ...state, clientPage })}
        />
      ) : null}
    </section>
  );
}
