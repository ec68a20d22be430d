import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import T from '../../site/_data/staffConsole.json';
import type { StaffContactRequest } from '../../shared/contactRequestSchema';
import { STAFF_SEARCH_MAX } from '../../shared/staffContactRequests';
import { consoleSearch, type ConsoleState } from './consoleUrl';
import type { Arrival, Go } from './StaffConsole';

/** Dates and times as the console shows them (the staff's browser's time zone). */
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string | null, none = ''): string => (iso ? dateTime.format(new Date(iso)) : none);

/** Fills "{key}" placeholders of a console text. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));

/** An API refusal or failure, said at once to screen readers (problem+json `detail`). */
export function ErrorAlert({ message }: { message: string }) {
  return message === '' ? null : (
    <p className="staff-error" role="alert">
      {message}
    </p>
  );
}

/**
 * A view of the console (or, with `panel`, a panel opened under a list): a section named by its
 * heading, which is where focus goes when it is arrived at (`headingRef`); beside the heading the
 * view's `actions`, or the panel's Close button.
 */
export function ViewSection({
  id,
  heading,
  headingRef,
  actions,
  panel,
  children,
}: {
  id: string;
  heading: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  actions?: ReactNode;
  panel?: { close: string; onClose: () => void };
  children: ReactNode;
}) {
  const Heading = panel ? 'h3' : 'h2';
  return (
    <section className={panel ? 'staff-dashboards' : 'staff-view'} aria-labelledby={id}>
      <div className="staff-view-head">
        <Heading id={id} ref={headingRef} tabIndex={-1}>
          {heading}
        </Heading>
        {panel ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={panel.onClose}>
            {panel.close}
          </button>
        ) : (
          actions
        )}
      </div>
      {children}
    </section>
  );
}

/** What the last action did, said in a status region, and the API's refusal, if there is one. */
export function Outcome({ notice, error }: { notice: string; error: string }) {
  return (
    <>
      <p className="staff-notice" role="status">
        {notice}
      </p>
      <ErrorAlert message={error} />
    </>
  );
}

/**
 * A confirmation asked in place (no modal): the question and two buttons; focus moves to the
 * question's first button, and Cancel gives the decision back.
 */
export function Confirm({
  id,
  question,
  yes,
  no,
  danger,
  onYes,
  onNo,
}: {
  id: string;
  question: string;
  yes: string;
  no: string;
  danger?: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => yesRef.current?.focus(), []);
  return (
    <div className="staff-confirm" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>{question}</p>
      <div className="staff-actions">
        <button ref={yesRef} type="button" className={danger ? 'btn btn-danger btn-sm' : 'btn btn-primary btn-sm'} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}

/** A row's small action, named with the row it acts on for screen readers ("Remove: Laptop"). */
export function RowAction({
  label,
  subject,
  disabled,
  onClick,
}: {
  label: string;
  subject: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="btn btn-secondary btn-sm" aria-label={`${label}: ${subject}`} disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * A table of the console: its column heads and its rows, in a region that scrolls sideways on a
 * phone, reachable and named for the keyboard.
 */
export function StaffTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="staff-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="staff-table">
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A request's kind, its delivery (a badge) and whether it is handled: three cells of a table row. */
export function RequestStateCells({ contactRequest }: { contactRequest: StaffContactRequest }) {
  return (
    <>
      <td>{T.leads.variants[contactRequest.variant]}</td>
      <td>
        <span className="staff-badge" data-tone={contactRequest.status}>
          {T.leads.statuses[contactRequest.status]}
        </span>
      </td>
      <td>{contactRequest.handledAt ? T.leads.yes : T.leads.no}</td>
    </>
  );
}

/**
 * A list's filter form: its search field and Apply (the search is sent trimmed), then the list's
 * other filters (`children`). What is typed follows the search the console shows (Back, Clear).
 */
export function SearchForm({
  id,
  texts,
  query,
  onSearch,
  children,
}: {
  id: string;
  texts: { filtersLabel: string; search: string; searchHint: string; apply: string };
  query: string;
  onSearch: (query: string) => void;
  children?: ReactNode;
}) {
  const [value, setValue] = useState(query);
  useEffect(() => setValue(query), [query]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form className="staff-filters" role="search" aria-label={texts.filtersLabel} onSubmit={onSubmit}>
      <div className="staff-field staff-field-search">
        <label htmlFor={id}>{texts.search}</label>
        <div className="staff-search">
          <input
            id={id}
            className="staff-input"
            type="search"
            value={value}
            maxLength={STAFF_SEARCH_MAX}
            placeholder={texts.searchHint}
            onChange={(event) => setValue(event.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-sm">
            {texts.apply}
          </button>
        </div>
      </div>
      {children}
    </form>
  );
}

/**
 * A real link to another state of the console (it opens in a new tab too); a plain left click
 * without a modifier key is followed in place, with `arrival` for the view it opens.
 */
export const consoleLink = (go: Go, next: ConsoleState, arrival?: Arrival) => ({
  href: `${window.location.pathname}${consoleSearch(next)}`,
  onClick: (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(next, arrival);
  },
});
