import { useEffect, useRef, type ReactNode } from 'react';

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

/** Previous / Next under a list, with where the page stands. */
export function Pager({
  label,
  page,
  pages,
  previous,
  next,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  previous: string;
  next: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="staff-pager" aria-label={label}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </button>
      <span className="staff-pager-at">{`${page} / ${pages}`}</span>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </button>
    </nav>
  );
}

/** A table that scrolls sideways on a phone, reachable and named for the keyboard. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staff-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
