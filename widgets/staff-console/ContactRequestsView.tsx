import { useEffect } from 'react';
import T from '../../site/_data/staffConsole.json';
import { STAFF_CONTACT_REQUEST_STATUS_NAMES } from '../../shared/staffContactRequests';
import { contactRequestsQuery, VARIANTS, type ConsoleState } from './consoleUrl';
import { PagedTable } from './PagedTable';
import { consoleLink, Outcome, RequestStateCells, SearchForm, ViewSection, when } from './parts';
import { staffApi } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

const L = T.leads;

/** The inbox's select filters: each field of the state, its label, and its values with their names. */
type SelectFilter = 'variant' | 'status' | 'handled';
const SELECTS: [SelectFilter, string, readonly string[], Record<string, string>][] = [
  ['variant', L.variant, VARIANTS, L.variants],
  ['status', L.status, STAFF_CONTACT_REQUEST_STATUS_NAMES, L.statuses],
  ['handled', L.handled, ['false', 'true'], L.handledValues],
];

/**
 * The requests inbox: newest first, filtered by kind, delivery and handled, searched in name,
 * email and message, 25 a page; each row opens the request. "Export CSV" is a link to the CSV of
 * every match of the same filters. The count of matches is said in a status region; a notice left
 * by the last action (a deletion) too.
 */
export function ContactRequestsView({ state, go, onGate, arrival }: { state: ConsoleState; go: Go; onGate: OnGate; arrival: Arrival }) {
  const query = contactRequestsQuery(state, true);
  const {
    data: list,
    error,
    setError,
    headingRef,
  } = useConsoleLoad(onGate, arrival, () => staffApi.leads(query).then((page) => ({ rows: page.leads, total: page.total })), query);
  // A new query clears the refusal the last one got.
  useEffect(() => setError(''), [query, setError]);

  const filter = (change: Partial<ConsoleState>) => go({ ...state, ...change, page: 1, lead: '' });
  const filtered = state.status !== '' || state.variant !== '' || state.handled !== '' || state.q !== '';

  return (
    <ViewSection
      id="staff-leads-title"
      heading={L.heading}
      headingRef={headingRef}
      actions={
        <a className="btn btn-secondary btn-sm" href={staffApi.csvUrl(contactRequestsQuery(state, false))} download>
          {L.export}
        </a>
      }
    >
      <SearchForm id="staff-leads-q" texts={L} query={state.q} onSearch={(q) => filter({ q })}>
        {SELECTS.map(([field, label, values, names]) => (
          <div key={field} className="staff-field">
            <label htmlFor={`staff-leads-${field}`}>{label}</label>
            <select
              id={`staff-leads-${field}`}
              className="staff-input"
              value={state[field]}
              onChange={(event) => filter({ [field]: event.target.value })}
            >
              <option value="">{L.any}</option>
              {values.map((value) => (
                <option key={value} value={value}>
                  {names[value]}
                </option>
              ))}
            </select>
          </div>
        ))}
        {filtered ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm staff-clear"
            onClick={() => filter({ status: '', variant: '', handled: '', q: '' })}
          >
            {L.clear}
          </button>
        ) : null}
      </SearchForm>
      <Outcome notice={arrival.notice ?? ''} error={error} />
      <PagedTable
        texts={L}
        columns={[L.columns.date, L.columns.name, L.columns.email, L.columns.variant, L.columns.status, L.columns.handled]}
        list={list}
        page={state.page}
        onPage={(page) => go({ ...state, page })}
        polite
        row={(contactRequest) => (
          <tr key={contactRequest.id}>
            <td className="staff-nowrap">{when(contactRequest.receivedAt)}</td>
            <td>
              <a {...consoleLink(go, { ...state, lead: contactRequest.id })}>{contactRequest.name}</a>
            </td>
            <td className="staff-wrap">{contactRequest.email}</td>
            <RequestStateCells contactRequest={contactRequest} />
          </tr>
        )}
      />
    </ViewSection>
  );
}
