import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import T from '../../site/_data/staffConsole.json';
import { STAFF_CONTACT_REQUEST_STATUS_NAMES, STAFF_SEARCH_MAX } from '../../shared/staffContactRequests';
import { consoleSearch, contactRequestsQuery, pageRange, VARIANTS, type ConsoleState } from './consoleUrl';
import { ErrorAlert, fill, Pager, TableRegion, when } from './parts';
import type { StaffContactRequest } from '../../shared/contactRequestSchema';
import { staffApi } from './staffClient';
import type { Arrival, Go, OnGate } from './StaffConsole';

const L = T.leads;

type List = { leads: StaffContactRequest[]; total: number } | null;

/**
 * The requests inbox: newest first, filtered by kind, delivery and handled, searched in name,
 * email and message, 25 a page; each row opens the request. "Export CSV" is a link to the CSV of
 * every match of the same filters. The count of matches is said in a status region; a notice left
 * by the last action (a deletion) too.
 */
export function ContactRequestsView({ state, go, onGate, arrival }: { state: ConsoleState; go: Go; onGate: OnGate; arrival: Arrival }) {
  const [list, setList] = useState<List>(null);
  const [error, setError] = useState('');
  const [search, setSearch] = useState(state.q);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = contactRequestsQuery(state, true);

  useEffect(() => setSearch(state.q), [state.q]);
  useEffect(() => {
    if (arrival.focus) headingRef.current?.focus();
  }, [arrival]);
  useEffect(() => {
    let live = true;
    setError('');
    staffApi.leads(query).then(
      (page) => live && setList({ leads: page.leads, total: page.total }),
      (failure: unknown) => {
        if (live && !onGate(failure)) setError(failure instanceof Error ? failure.message : T.failed);
      },
    );
    return () => {
      live = false;
    };
  }, [query, onGate]);

  const filter = (change: Partial<ConsoleState>) => go({ ...state, ...change, page: 1, lead: '' });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filter({ q: search.trim() });
  };
  const open = (contactRequest: StaffContactRequest) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go({ ...state, lead: contactRequest.id });
  };
  const filtered = state.status !== '' || state.variant !== '' || state.handled !== '' || state.q !== '';
  const range = list ? pageRange(state.page, list.leads.length, list.total) : null;

  return (
    <section className="staff-view" aria-labelledby="staff-leads-title">
      <div className="staff-view-head">
        <h2 id="staff-leads-title" ref={headingRef} tabIndex={-1}>
          {L.heading}
        </h2>
        <a className="btn btn-secondary btn-sm" href={staffApi.csvUrl(contactRequestsQuery(state, false))} download>
          {L.export}
        </a>
      </div>
      <form className="staff-filters" role="search" aria-label={L.filtersLabel} onSubmit={onSubmit}>
        <div className="staff-field staff-field-search">
          <label htmlFor="staff-leads-q">{L.search}</label>
          <div className="staff-search">
            <input
              id="staff-leads-q"
              className="staff-input"
              type="search"
              value={search}
              maxLength={STAFF_SEARCH_MAX}
              placeholder={L.searchHint}
              onChange={(event) => setSearch(event.target.value)}
            />
            <button type="submit" className="btn btn-primary btn-sm">
              {L.apply}
            </button>
          </div>
        </div>
        <div className="staff-field">
          <label htmlFor="staff-leads-variant">{L.variant}</label>
          <select
            id="staff-leads-variant"
            className="staff-input"
            value={state.variant}
            onChange={(event) => filter({ variant: event.target.value as ConsoleState['variant'] })}
          >
            <option value="">{L.any}</option>
            {VARIANTS.map((variant) => (
              <option key={variant} value={variant}>
                {L.variants[variant]}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor="staff-leads-status">{L.status}</label>
          <select
            id="staff-leads-status"
            className="staff-input"
            value={state.status}
            onChange={(event) => filter({ status: event.target.value as ConsoleState['status'] })}
          >
            <option value="">{L.any}</option>
            {STAFF_CONTACT_REQUEST_STATUS_NAMES.map((status) => (
              <option key={status} value={status}>
                {L.statuses[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor="staff-leads-handled">{L.handled}</label>
          <select
            id="staff-leads-handled"
            className="staff-input"
            value={state.handled}
            onChange={(event) => filter({ handled: event.target.value as ConsoleState['handled'] })}
          >
            <option value="">{L.any}</option>
            <option value="false">{L.handledValues.false}</option>
            <option value="true">{L.handledValues.true}</option>
          </select>
        </div>
        {filtered ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm staff-clear"
            onClick={() => filter({ status: '', variant: '', handled: '', q: '' })}
          >
            {L.clear}
          </button>
        ) : null}
      </form>
      <p className="staff-notice" role="status">
        {arrival.notice ?? ''}
      </p>
      <ErrorAlert message={error} />
      <p className="staff-count" role="status" aria-live="polite">
        {range && list ? (list.total === 0 ? L.none : fill(L.range, { from: range.from, to: range.to, total: list.total })) : ''}
      </p>
      {list && list.leads.length > 0 ? (
        <TableRegion label={L.table}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{L.columns.date}</th>
                <th scope="col">{L.columns.name}</th>
                <th scope="col">{L.columns.email}</th>
                <th scope="col">{L.columns.variant}</th>
                <th scope="col">{L.columns.status}</th>
                <th scope="col">{L.columns.handled}</th>
              </tr>
            </thead>
            <tbody>
              {list.leads.map((contactRequest) => (
                <tr key={contactRequest.id}>
                  <td className="staff-nowrap">{when(contactRequest.receivedAt)}</td>
                  <td>
                    <a href={`${window.location.pathname}${consoleSearch({ ...state, lead: contactRequest.id })}`} onClick={open(contactRequest)}>
                      {contactRequest.name}
                    </a>
                  </td>
                  <td className="staff-wrap">{contactRequest.email}</td>
                  <td>{L.variants[contactRequest.variant]}</td>
                  <td>
                    <span className="staff-badge" data-tone={contactRequest.status}>
                      {L.statuses[contactRequest.status]}
                    </span>
                  </td>
                  <td>{contactRequest.handledAt ? L.yes : L.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {range ? (
        <Pager
          label={L.pagingLabel}
          page={state.page}
          pages={range.pages}
          previous={L.previous}
          next={L.next}
          onPage={(page) => go({ ...state, page })}
        />
      ) : null}
    </section>
  );
}
