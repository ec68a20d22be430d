import type { ReactNode } from 'react';
import { pageRange } from './consoleUrl';
import { fill, StaffTable } from './parts';

/** The words of a paged list (a view's group in staffConsole.json). */
export interface PagedTexts {
  none: string;
  range: string;
  table: string;
  pagingLabel: string;
  previous: string;
  next: string;
}

/**
 * A page of a list the API pages: where the page stands in a status region ("1–25 of 40", or
 * none), its rows in a table (when there are any), what the view shows under the table
 * (`between`), then Previous / Next with where the page stands (when there is more than one page).
 */
export function PagedTable<Row>({
  texts,
  columns,
  list,
  page,
  onPage,
  row,
  polite,
  between,
}: {
  texts: PagedTexts;
  columns: string[];
  list: { rows: Row[]; total: number } | null;
  page: number;
  onPage: (page: number) => void;
  row: (row: Row) => ReactNode;
  /** The count region also says `aria-live="polite"`. */
  polite?: boolean;
  between?: ReactNode;
}) {
  const range = list ? pageRange(page, list.rows.length, list.total) : null;
  return (
    <>
      <p className="staff-count" role="status" aria-live={polite ? 'polite' : undefined}>
        {range && list ? (list.total === 0 ? texts.none : fill(texts.range, { from: range.from, to: range.to, total: list.total })) : ''}
      </p>
      {list && list.rows.length > 0 ? (
        <StaffTable label={texts.table} columns={columns}>
          {list.rows.map(row)}
        </StaffTable>
      ) : null}
      {between}
      {range && range.pages > 1 ? (
        <nav className="staff-pager" aria-label={texts.pagingLabel}>
          <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {texts.previous}
          </button>
          <span className="staff-pager-at">{`${page} / ${range.pages}`}</span>
          <button type="button" className="btn btn-secondary btn-sm" disabled={page >= range.pages} onClick={() => onPage(page + 1)}>
            {texts.next}
          </button>
        </nav>
      ) : null}
    </>
  );
}
