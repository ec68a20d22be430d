import { describe, expect, it } from 'vitest';
import { STAFF_PAGE_SIZE, STAFF_SEARCH_MAX } from '../../shared/staffContactRequests';
import { CONTACT_REQUEST_VARIANTS } from '../../shared/contactRequest';
import { consoleSearch, DEFAULT_STATE, contactRequestsQuery, pageQuery, pageRange, readConsoleUrl, VARIANTS } from './consoleUrl';

describe('the staff console state in the URL', () => {
  it('reads the defaults from an empty query and writes them back as no query', () => {
    expect(readConsoleUrl('')).toEqual(DEFAULT_STATE);
    expect(consoleSearch(DEFAULT_STATE)).toBe('');
  });

  it('reads back what it wrote: view, filters, search, page, open request, clients and audit pages', () => {
    const state = {
      ...DEFAULT_STATE,
      view: 'clients' as const,
      status: 'failed' as const,
      variant: 'consultation' as const,
      handled: 'false' as const,
      q: 'Weber & Co',
      page: 3,
      lead: 'a1b2-c3',
      clientQ: 'jana',
      clientPage: 2,
      auditPage: 4,
    };
    const search = consoleSearch(state);
    expect(search).toBe(
      '?view=clients&status=failed&variant=consultation&handled=false&q=Weber+%26+Co&page=3&lead=a1b2-c3&cq=jana&cpage=2&apage=4',
    );
    expect(readConsoleUrl(search)).toEqual(state);
  });

  it('names every view in the URL, the Press view too', () => {
    for (const view of ['leads', 'clients', 'press', 'audit', 'passkeys'] as const) {
      expect(readConsoleUrl(consoleSearch({ ...DEFAULT_STATE, view })).view).toBe(view);
    }
    expect(consoleSearch({ ...DEFAULT_STATE, view: 'press' })).toBe('?view=press');
  });

  it('ignores values it does not know: the defaults are used', () => {
    expect(readConsoleUrl('?view=admin&status=pending&variant=job&handled=yes&page=0&cpage=-2&apage=1e3&lead=%3Cscript%3E')).toEqual(
      DEFAULT_STATE,
    );
    expect(readConsoleUrl('?page=12abc').page).toBe(1);
  });

  it('knows the kinds of request the API knows', () => {
    expect(VARIANTS).toEqual(CONTACT_REQUEST_VARIANTS);
  });

  it('cuts a search to the longest the API takes', () => {
    expect(readConsoleUrl(`?q=${'x'.repeat(STAFF_SEARCH_MAX + 50)}`).q).toHaveLength(STAFF_SEARCH_MAX);
  });
});

describe('the inbox query sent to the API', () => {
  it('sends only the filters that are set, the search trimmed, and the page as limit and offset', () => {
    expect(contactRequestsQuery(DEFAULT_STATE, true)).toBe(`?limit=${STAFF_PAGE_SIZE}&offset=0`);
    expect(contactRequestsQuery({ ...DEFAULT_STATE, status: 'delivered', handled: 'true', q: '  jana ', page: 2 }, true)).toBe(
      `?status=delivered&handled=true&q=jana&limit=${STAFF_PAGE_SIZE}&offset=${STAFF_PAGE_SIZE}`,
    );
  });

  it('gives the CSV export the same filters without paging', () => {
    expect(contactRequestsQuery({ ...DEFAULT_STATE, variant: 'contact', q: 'report', page: 5 }, false)).toBe('?variant=contact&q=report');
    expect(contactRequestsQuery({ ...DEFAULT_STATE, q: '   ' }, false)).toBe('');
  });

  it('pages the clients and the audit log the same way', () => {
    expect(pageQuery(1)).toBe(`?limit=${STAFF_PAGE_SIZE}&offset=0`);
    expect(pageQuery(3, ' anna ')).toBe(`?q=anna&limit=${STAFF_PAGE_SIZE}&offset=${2 * STAFF_PAGE_SIZE}`);
  });

  it('numbers the items a page shows', () => {
    expect(pageRange(1, 0, 0)).toEqual({ from: 0, to: 0, pages: 1 });
    expect(pageRange(1, 25, 40)).toEqual({ from: 1, to: 25, pages: 2 });
    expect(pageRange(2, 15, 40)).toEqual({ from: 26, to: 40, pages: 2 });
  });
});
