import type { ContactRequestVariant } from '../../shared/contactRequest';
import { STAFF_CONTACT_REQUEST_STATUS_NAMES, STAFF_PAGE_SIZE, STAFF_SEARCH_MAX, type StaffContactRequestStatus } from '../../shared/staffContactRequests';

/**
 * The console's state in its URL (/staff?view=…&status=…): the open view, the inbox's filters and
 * page, the open request, the clients' search and page, the audit log's page. Read from the
 * address on load and on back/forward, written with history.pushState, so a reload or Back keeps
 * them. Anything the URL holds that is not a known value is ignored (the default is used).
 */
export const VIEWS = ['leads', 'clients', 'team', 'press', 'audit', 'passkeys'] as const;

/**
 * The kinds of request (shared/contactRequest's CONTACT_REQUEST_VARIANTS, which a unit test holds this to): not
 * imported, so the contact form's chunks, and its released standalone file, stay as they are.
 */
export const VARIANTS = ['contact', 'consultation'] as const satisfies readonly ContactRequestVariant[];
export type View = (typeof VIEWS)[number];

export interface ConsoleState {
  view: View;
  status: StaffContactRequestStatus | '';
  variant: ContactRequestVariant | '';
  handled: 'true' | 'false' | '';
  q: string;
  /** The inbox's page, from 1. */
  page: number;
  /** The open request's id ('' none). */
  lead: string;
  /** The clients view's search and page. */
  clientQ: string;
  clientPage: number;
  auditPage: number;
}

export const DEFAULT_STATE: ConsoleState = {
  view: 'leads',
  status: '',
  variant: '',
  handled: '',
  q: '',
  page: 1,
  lead: '',
  clientQ: '',
  clientPage: 1,
  auditPage: 1,
};

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';

const pageNumber = (value: string | null): number => {
  if (value === null || !/^[1-9][0-9]{0,5}$/.test(value)) return 1;
  return Number(value);
};

const text = (value: string | null): string => (value ?? '').slice(0, STAFF_SEARCH_MAX);

/** The console's state from a URL's query (`location.search`). */
export function readConsoleUrl(search: string): ConsoleState {
  const params = new URLSearchParams(search);
  const contactRequest = params.get('lead') ?? '';
  return {
    view: pick(params.get('view'), VIEWS) || 'leads',
    status: pick(params.get('status'), STAFF_CONTACT_REQUEST_STATUS_NAMES),
    variant: pick(params.get('variant'), VARIANTS),
    handled: pick(params.get('handled'), ['true', 'false'] as const),
    q: text(params.get('q')),
    page: pageNumber(params.get('page')),
    lead: /^[\w-]{1,100}$/.test(contactRequest) ? contactRequest : '',
    clientQ: text(params.get('cq')),
    clientPage: pageNumber(params.get('cpage')),
    auditPage: pageNumber(params.get('apage')),
  };
}

/** The query (with its `?`, or '' for the defaults) that {@link readConsoleUrl} reads back as `state`. */
export function consoleSearch(state: ConsoleState): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number, unset: string | number) => {
    if (value !== unset) params.set(key, String(value));
  };
  set('view', state.view, 'leads');
  set('status', state.status, '');
  set('variant', state.variant, '');
  set('handled', state.handled, '');
  set('q', state.q, '');
  set('page', state.page, 1);
  set('lead', state.lead, '');
  set('cq', state.clientQ, '');
  set('cpage', state.clientPage, 1);
  set('apage', state.auditPage, 1);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * The inbox's filters as the API's query (GET /staff/leads and GET /staff/leads.csv): only the
 * filters that are set, the search trimmed; with `paged`, the page's limit and offset.
 */
export function contactRequestsQuery(state: ConsoleState, paged: boolean): string {
  const params = new URLSearchParams();
  if (state.status) params.set('status', state.status);
  if (state.variant) params.set('variant', state.variant);
  if (state.handled) params.set('handled', state.handled);
  const q = state.q.trim();
  if (q !== '') params.set('q', q);
  if (paged) {
    params.set('limit', String(STAFF_PAGE_SIZE));
    params.set('offset', String((state.page - 1) * STAFF_PAGE_SIZE));
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** A list page's query for the clients and the audit log (search optional). */
export function pageQuery(page: number, search = ''): string {
  const params = new URLSearchParams();
  const q = search.trim();
  if (q !== '') params.set('q', q);
  params.set('limit', String(STAFF_PAGE_SIZE));
  params.set('offset', String((page - 1) * STAFF_PAGE_SIZE));
  return `?${params.toString()}`;
}

/** "1–25 of 40": the first and last item's number on a page (0–0 when there is none). */
export function pageRange(page: number, shown: number, total: number): { from: number; to: number; pages: number } {
  const from = shown === 0 ? 0 : (page - 1) * STAFF_PAGE_SIZE + 1;
  return { from, to: shown === 0 ? 0 : from + shown - 1, pages: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)) };
}
