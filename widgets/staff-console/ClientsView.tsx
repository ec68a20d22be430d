import { useState } from 'react';
import T from '../../site/_data/staffConsole.json';
import { pageQuery, type ConsoleState } from './consoleUrl';
import { onDemand } from './onDemand';
import { PagedTable } from './PagedTable';
import { Confirm, fill, Outcome, RowAction, SearchForm, ViewSection, when } from './parts';
import { staffApi, type StaffAccount } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

const C = T.clients;

// The panels under the list, each a chunk loaded when it is first opened (./onDemand).
const ClientNamePanel = onDemand(() => import('./ClientNamePanel').then((part) => part.ClientNamePanel), T.loadingPart);
const ClientRequestsPanel = onDemand(() => import('./ClientRequestsPanel').then((part) => part.ClientRequestsPanel), T.loadingPart);
const DashboardsPanel = onDemand(() => import('./DashboardsPanel').then((part) => part.DashboardsPanel), T.loadingPart);

/** The panel open under the list: one at a time. */
type Panel = { kind: 'name' | 'requests' | 'dashboards'; account: StaffAccount } | null;
/** The row's buttons that open a panel, in their order. */
const PANELS: [NonNullable<Panel>['kind'], string][] = [
  ['name', C.edit],
  ['requests', C.requests],
  ['dashboards', C.dashboards],
];
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
  const query = pageQuery(state.clientPage, state.clientQ);
  const {
    data: list,
    error,
    setError,
    failed,
    load,
    headingRef,
  } = useConsoleLoad(onGate, arrival, () => staffApi.accounts(query).then((page) => ({ rows: page.accounts, total: page.total })), query);
  const [notice, setNotice] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  const [panel, setPanel] = useState<Panel>(null);

  const clear = () => {
    setError('');
    setNotice('');
  };

  const decide = (account: StaffAccount) => {
    setAsking(null);
    clear();
    staffApi.setActive(account.id, !account.active).then((updated) => {
      setNotice(fill(updated.active ? C.reactivated : C.deactivated, { email: updated.email }));
      void load();
    }, failed);
  };

  const erase = (account: StaffAccount) => {
    setAsking(null);
    clear();
    staffApi.deleteAccount(account.id).then(() => {
      if (panel?.account.id === account.id) setPanel(null);
      setNotice(fill(C.deleted, { email: account.email }));
      headingRef.current?.focus();
      void load();
    }, failed);
  };

  const opened = (kind: NonNullable<Panel>['kind'], account: StaffAccount) => panel?.kind === kind && panel.account.id === account.id;
  const toggle = (kind: NonNullable<Panel>['kind'], account: StaffAccount) => {
    clear();
    setPanel(opened(kind, account) ? null : { kind, account });
  };
  const ask = (kind: NonNullable<Asking>['kind'], account: StaffAccount) => {
    clear();
    setAsking({ kind, account });
  };

  const name = (account: StaffAccount) => `${account.firstName} ${account.lastName}`.trim();

  return (
    <ViewSection id="staff-clients-title" heading={C.heading} headingRef={headingRef}>
      <SearchForm id="staff-clients-q" texts={C} query={state.clientQ} onSearch={(clientQ) => go({ ...state, clientQ, clientPage: 1 })} />
      <Outcome notice={notice} error={error} />
      {asking?.kind === 'active' ? (
        <Confirm
          id="staff-account-confirm"
          question={fill(asking.account.active ? C.deactivateConfirm : C.reactivateConfirm, {
            name: name(asking.account),
            email: asking.account.email,
          })}
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
      <PagedTable
        texts={C}
        columns={[
          C.columns.name,
          C.columns.email,
          C.columns.role,
          C.columns.verified,
          C.columns.active,
          C.columns.created,
          C.columns.lastSignIn,
          C.columns.actions,
        ]}
        list={list}
        page={state.clientPage}
        onPage={(clientPage) => go({ ...state, clientPage })}
        row={(account) => (
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
                {PANELS.map(([kind, label]) => (
                  <button
                    key={kind}
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`${label}: ${account.email}`}
                    aria-expanded={opened(kind, account)}
                    onClick={() => toggle(kind, account)}
                  >
                    {label}
                  </button>
                ))}
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
        )}
        between={
          panel?.kind === 'dashboards' ? (
            <DashboardsPanel key={panel.account.id} account={panel.account} onClose={() => setPanel(null)} onGate={onGate} />
          ) : panel?.kind === 'requests' ? (
            <ClientRequestsPanel
              key={panel.account.id}
              account={panel.account}
              state={state}
              go={go}
              onClose={() => setPanel(null)}
              onGate={onGate}
            />
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
          ) : null
        }
      />
    </ViewSection>
  );
}
