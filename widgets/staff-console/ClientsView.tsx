import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { STAFF_SEARCH_MAX } from '../../shared/staffContactRequests';
import { pageQuery, pageRange, type ConsoleState } from './consoleUrl';
import { onDemand } from './onDemand';
import { Confirm, ErrorAlert, fill, Pager, RowAction, TableRegion, when } from './parts';
import { staffApi, type StaffAccount } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';

const C = T.clients;

// The panels under the list, each a chunk loaded when it is first opened (./onDemand).
const ClientNamePanel = onDemand(() => import('./ClientNamePanel').then((part) => part.ClientNamePanel), T.loadingPart);
const ClientRequestsPanel = onDemand(() => import('./ClientRequestsPanel').then((part) => part.ClientRequestsPanel), T.loadingPart);
const DashboardsPanel = onDemand(() => import('./DashboardsPanel').then((part) => part.DashboardsPanel), T.loadingPart);

/** The panel open under the list: one at a time. */
type Panel = { kind: 'name' | 'requests' | 'dashboards'; account: StaffAccount } | null;
/** A change asked about in place before it is made. */
type Asking = { kind: 'active' | 'delete'; account: StaffAccount } | null;

/**
 * Client accounts: searched in names and email, newest first; each row's "Deactivate" or
 * "Reactivate" and "Delete" ask first (the question names the account), then PATCH or DELETE
 * /staff/users/{id}. The API's refusals (oneself, the last staff member) are shown as it words
 * them. "Edit name" (./ClientNamePanel), "Requests" (./ClientRequestsPanel) and "Dashboards"
 * (./DashboardsPanel) open a panel under the list.
 */
export function ClientsView({ state, go, onGate, arrival }: { state: ConsoleState; go: Go; onGate: OnGate; arrival: Arrival }) {
  const [list, setList] = useState<{ accounts: StaffAccount[]; total: number } | null>(null);
  const [search, setSearch] = useState(state.clientQ);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  const [panel, setPanel] = useState<Panel>(null);
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

  const erase = (account: StaffAccount) => {
    setAsking(null);
    setError('');
    setNotice('');
    staffApi.deleteAccount(account.id).then(() => {
      if (panel?.account.id === account.id) setPanel(null);
      setNotice(fill(C.deleted, { email: account.email }));
      headingRef.current?.focus();
      void load();
    }, failed);
  };

  const toggle = (kind: NonNullable<Panel>['kind'], account: StaffAccount) => {
    setNotice('');
    setError('');
    setPanel(panel?.kind === kind && panel.account.id === account.id ? null : { kind, account });
  };
  const ask = (kind: NonNullable<Asking>['kind'], account: StaffAccount) => {
    setNotice('');
    setError('');
    setAsking({ kind, account });
  };
  const opened = (kind: NonNullable<Panel>['kind'], account: StaffAccount) => panel?.kind === kind && panel.account.id === account.id;

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
      {asking?.kind === 'active' ? (
        <Confirm
          id="staff-account-confirm"
          question={fill(asking.account.active ? C.deactivateConfirm : C.reactivateConfirm, { name: name(asking.account), email: asking.account.email })}
          yes={asking.account.active ? C.deactivate : C.reactivate}
          no={C.cancel}
          danger={asking.account.active}
          onYes={() => decide(asking.account)}
          onNo={() => setAsking(null)}
        />
      ) : asking?.kind === 'delete' ? (
        <Confirm
          id="staff-account-delete"
          question={fill(C.deleteConfirm, { name: name(asking.account) || asking.account.email, email: asking.account.email })}
          yes={C.deleteYes}
          no={C.cancel}
          danger
          onYes={() => erase(asking.account)}
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
                    <div className="staff-actions staff-row-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`${C.edit}: ${account.email}`}
                        aria-expanded={opened('name', account)}
                        onClick={() => toggle('name', account)}
                      >
                        {C.edit}
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`${C.requests}: ${account.email}`}
                        aria-expanded={opened('requests', account)}
                        onClick={() => toggle('requests', account)}
                      >
                        {C.requests}
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`${C.dashboards}: ${account.email}`}
                        aria-expanded={opened('dashboards', account)}
                        onClick={() => toggle('dashboards', account)}
                      >
                        {C.dashboards}
                      </button>
                      <RowAction
                        label={account.active ? C.deactivate : C.reactivate}
                        subject={account.email}
                        onClick={() => ask('active', account)}
                      />
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm staff-danger-text"
                        aria-label={`${C.delete}: ${account.email}`}
                        onClick={() => ask('delete', account)}
                      >
                        {C.delete}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {panel?.kind === 'dashboards' ? (
        <DashboardsPanel key={panel.account.id} account={panel.account} onClose={() => setPanel(null)} onGate={onGate} />
      ) : panel?.kind === 'requests' ? (
        <ClientRequestsPanel key={panel.account.id} account={panel.account} state={state} go={go} onClose={() => setPanel(null)} onGate={onGate} />
      ) : panel?.kind === 'name' ? (
        <ClientNamePanel
          key={panel.account.id}
          account={panel.account}
          onGate={onGate}
          onClose={() => setPanel(null)}
          onSaved={(updated) => {
            setPanel(null);
            setNotice(fill(C.renamed, { email: updated.email, name: name(updated) }));
            headingRef.current?.focus();
            void load();
          }}
        />
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
