import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRESS_CACHE_CONTROL } from '../../server/press/publicRoutes';
import { AUDIT_ACTIONS } from '../../server/staff/audit';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { API_BASE } from '../../shared/constants';
import {
  PRESS_EXCERPT_MAX,
  PRESS_ITEMS_MAX,
  PRESS_MESSAGES,
  PRESS_TITLE_REQUIRED,
  PRESS_URL_INVALID,
  PRESS_URL_REQUIRED,
  type PressDraft,
} from '../../shared/pressItems';
import { databaseBackends } from '../support/databaseBackends';
import { seedPasswordHash } from '../support/seedPassword';
import { seedAccount, seedSession, serverOnFreshDatabase, sessionCookie } from '../support/serverUnderTest';
import { makeTestSite } from '../support/testSite';

/**
 * Press items staff store (issue 32, server/press): the store on both databases, the staff routes
 * (the press form's rule and messages, the audit entries, the same-site check) and the public
 * list (no staff emails, cacheable), through inject on the whole server. The role table of every
 * staff route, these included, is tests/unit/staff.test.ts.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const SAME_SITE = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };

let root: string;
let dist: string;
let seedHash: string;
const backends = databaseBackends('Press items');

beforeAll(async () => {
  seedHash = await seedPasswordHash('Mannheim#2025');
  ({ root, dist } = makeTestSite('dc-press-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const draft = (overrides: Partial<PressDraft> = {}): PressDraft => ({
  title: 'DataClarity on data quality',
  url: 'https://www.example.com/article',
  source: 'Computerwoche',
  outlet_type: 'Online magazine',
  date: '2025-02-10',
  excerpt: 'A short teaser.',
  ...overrides,
});

for (const backend of backends) {
  describe.skipIf(backend.skip)(`press items on ${backend.name}`, () => {
    const server = serverOnFreshDatabase(backend, () => ({ distDir: dist }));
    let counter = 0;
    const api = (options: InjectOptions & { url: string }) => server.app.inject({ ...options, url: API_BASE + options.url });

    async function staffHeaders() {
      counter++;
      const { id, email } = await seedAccount(server.stores, `press.staff.${counter}@dataclarity.de`, seedHash, { verified: true, role: 'staff' });
      return { id, email, headers: { ...SAME_SITE, cookie: sessionCookie(await seedSession(server.stores, id, true)) } };
    }
    const clearStore = async () => {
      for (const item of await server.stores.press.list()) await server.stores.press.remove(item.id);
    };

    it('stores items: newest added first, updated with who and when, removed', async () => {
      await clearStore();
      const first = await server.stores.press.add(draft({ title: 'First' }), 'anna@dataclarity.de', new Date('2026-11-01T10:00:00Z'));
      const second = await server.stores.press.add(draft({ title: 'Second', date: '' }), 'ben@dataclarity.de', new Date('2026-11-02T10:00:00Z'));
      // Added in the same millisecond: the later one still comes first.
      const third = await server.stores.press.add(draft({ title: 'Third' }), 'ben@dataclarity.de', new Date('2026-11-02T10:00:00Z'));
      expect((await server.stores.press.list()).map((item) => item.title)).toEqual(['Third', 'Second', 'First']);
      expect(first).toEqual({
        id: expect.any(String),
        ...draft({ title: 'First' }),
        createdAt: '2026-11-01T10:00:00.000Z',
        createdBy: 'anna@dataclarity.de',
        updatedAt: '2026-11-01T10:00:00.000Z',
        updatedBy: 'anna@dataclarity.de',
      });
      expect(await server.stores.press.get(second.id)).toEqual(second);
      const changed = await server.stores.press.update(first.id, draft({ title: 'First, corrected', outlet_type: 'Event' }), 'ben@dataclarity.de', new Date('2026-11-03T08:00:00Z'));
      expect(changed).toMatchObject({
        title: 'First, corrected',
        outlet_type: 'Event',
        createdBy: 'anna@dataclarity.de',
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedBy: 'ben@dataclarity.de',
        updatedAt: '2026-11-03T08:00:00.000Z',
      });
      expect(await server.stores.press.update('no-such-item', draft(), 'ben@dataclarity.de', new Date())).toBeNull();
      expect(await server.stores.press.remove(third.id)).toBe(true);
      expect(await server.stores.press.remove(third.id)).toBe(false);
      expect(await server.stores.press.get(third.id)).toBeNull();
      expect((await server.stores.press.list()).map((item) => item.title)).toEqual(['Second', 'First, corrected']);
    });

    it('adds, edits and removes through the staff API, each change in the audit log by its staff member', async () => {
      await clearStore();
      const anna = await staffHeaders();
      const added = await api({
        method: 'POST',
        url: '/staff/press',
        headers: anna.headers,
        payload: { title: '  Reporting in the Mittelstand ', url: ' https://www.example.com/mittelstand ', date: '2025-03-01' },
      });
      expect(added.statusCode).toBe(201);
      const item = added.json();
      expect(item).toEqual({
        id: expect.any(String),
        title: 'Reporting in the Mittelstand',
        url: 'https://www.example.com/mittelstand',
        source: '',
        outlet_type: 'Other',
        date: '2025-03-01',
        excerpt: '',
        createdAt: expect.any(String),
        createdBy: anna.email,
        updatedAt: item.createdAt,
        updatedBy: anna.email,
      });

      const ben = await staffHeaders();
      const edited = await api({ method: 'PATCH', url: `/staff/press/${item.id}`, headers: ben.headers, payload: { source: 'Handelsblatt', outlet_type: 'Online newspaper' } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ title: 'Reporting in the Mittelstand', source: 'Handelsblatt', outlet_type: 'Online newspaper', createdBy: anna.email, updatedBy: ben.email });

      const list = await api({ method: 'GET', url: '/staff/press', headers: ben.headers });
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.json().items.map((entry: { id: string; source: string }) => [entry.id, entry.source])).toEqual([[item.id, 'Handelsblatt']]);

      expect((await api({ method: 'DELETE', url: `/staff/press/${item.id}`, headers: anna.headers })).statusCode).toBe(204);
      const again = await api({ method: 'DELETE', url: `/staff/press/${item.id}`, headers: anna.headers });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(PRESS_MESSAGES.notFound);
      const missing = await api({ method: 'PATCH', url: '/staff/press/no-such-item', headers: anna.headers, payload: { title: 'X' } });
      expect(missing.statusCode).toBe(404);
      expect(await server.stores.press.list()).toEqual([]);

      const { entries } = await server.stores.staff.auditLog({ limit: 50 });
      const ours = entries
        .filter((entry) => entry.actorId === anna.id || entry.actorId === ben.id)
        .map((entry) => [entry.actorEmail, entry.action, entry.recordType, entry.recordId, entry.detail]);
      expect(ours).toEqual([
        [anna.email, AUDIT_ACTIONS.pressRemoved, 'press item', item.id, 'Reporting in the Mittelstand'],
        [ben.email, AUDIT_ACTIONS.pressEdited, 'press item', item.id, 'source, outlet_type'],
        [anna.email, AUDIT_ACTIONS.pressAdded, 'press item', item.id, 'Reporting in the Mittelstand'],
      ]);
    });

    it('refuses bad input with the press form\'s messages per field (400 problem+json), storing and auditing nothing', async () => {
      await clearStore();
      const staff = await staffHeaders();
      const post = (payload: unknown) => api({ method: 'POST', url: '/staff/press', headers: staff.headers, payload: payload as object });

      const empty = await post({});
      expect(empty.statusCode).toBe(400);
      expect(empty.headers['content-type']).toContain('application/problem+json');
      expect(empty.json()).toMatchObject({ status: 400, message: PRESS_TITLE_REQUIRED, errors: { title: PRESS_TITLE_REQUIRED, url: PRESS_URL_REQUIRED } });

      for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '/press/relative', 'www.example.com']) {
        const response = await post({ title: 'Hostile link', url: bad });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: PRESS_URL_INVALID, errors: { url: PRESS_URL_INVALID } });
      }
      const several = await post({ title: 'T', url: 'https://x.example', outlet_type: 'Blog', date: '2025-02-30', excerpt: 'e'.repeat(PRESS_EXCERPT_MAX + 1) });
      expect(several.json().errors).toEqual({ outlet_type: PRESS_MESSAGES.outletInvalid, date: PRESS_MESSAGES.dateInvalid, excerpt: PRESS_MESSAGES.excerptTooLong });
      // A field of the wrong type reads as empty, as the form's rule reads it.
      expect((await post({ title: 42, url: 'https://x.example' })).json()).toMatchObject({ status: 400, errors: { title: PRESS_TITLE_REQUIRED } });
      expect((await post({ title: 'T', url: 'https://x.example', author: 'me' })).json()).toMatchObject({ status: 400, message: PRESS_MESSAGES.badBody });
      expect((await post([{ title: 'T' }])).json()).toMatchObject({ status: 400, message: PRESS_MESSAGES.badBody });

      // An edit is checked as the whole item it makes.
      const stored = await server.stores.press.add(draft(), staff.email, new Date());
      const blanked = await api({ method: 'PATCH', url: `/staff/press/${stored.id}`, headers: staff.headers, payload: { title: '   ', url: 'ftp://example.com' } });
      expect(blanked.json()).toMatchObject({ status: 400, errors: { title: PRESS_TITLE_REQUIRED, url: PRESS_URL_INVALID } });
      expect(await server.stores.press.get(stored.id)).toEqual(stored);

      const { entries } = await server.stores.staff.auditLog({ limit: 50 });
      expect(entries.filter((entry) => entry.actorId === staff.id)).toEqual([]);
      expect((await server.stores.press.list()).map((item) => item.id)).toEqual([stored.id]);
    });

    it('refuses an item past the store\'s limit (409) and adds nothing', async () => {
      await clearStore();
      const staff = await staffHeaders();
      for (let n = 0; n < PRESS_ITEMS_MAX; n++) await server.stores.press.add(draft({ title: `Item ${n}` }), staff.email, new Date());
      const response = await api({ method: 'POST', url: '/staff/press', headers: staff.headers, payload: draft({ title: 'One too many' }) });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(PRESS_MESSAGES.tooMany);
      expect((await server.stores.press.list()).length).toBe(PRESS_ITEMS_MAX);
      await clearStore();
    });

    it('refuses a change from another site (403) even with a staff session', async () => {
      await clearStore();
      const staff = await staffHeaders();
      const stored = await server.stores.press.add(draft(), staff.email, new Date());
      const crossSite = { cookie: staff.headers.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      const attempts: InjectOptions[] = [
        { method: 'POST', url: `${API_BASE}/staff/press`, payload: draft({ title: 'Planted' }) },
        { method: 'PATCH', url: `${API_BASE}/staff/press/${stored.id}`, payload: { title: 'Defaced' } },
        { method: 'DELETE', url: `${API_BASE}/staff/press/${stored.id}` },
      ];
      for (const attempt of attempts) {
        const response = await server.app.inject({ ...attempt, headers: crossSite });
        expect(response.statusCode, `${attempt.method}`).toBe(403);
        expect(response.json().message).toBe(ACCOUNT_MESSAGES.crossSite);
      }
      expect(await server.stores.press.list()).toEqual([stored]);
    });

    it('GET /press: everyone reads the stored items in the feed format, without the staff, cacheable for a minute', async () => {
      await clearStore();
      const staff = await staffHeaders();
      await server.stores.press.add(draft({ title: 'Older' }), staff.email, new Date('2026-11-01T10:00:00Z'));
      await server.stores.press.add(draft({ title: 'Newer', url: 'https://www.example.com/newer' }), staff.email, new Date('2026-11-02T10:00:00Z'));
      const response = await api({ method: 'GET', url: '/press' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(PRESS_CACHE_CONTROL);
      const items = response.json();
      expect(items.map((item: { title: string }) => item.title)).toEqual(['Newer', 'Older']);
      expect(Object.keys(items[0]).sort()).toEqual(['date', 'excerpt', 'id', 'outlet_type', 'source', 'title', 'url']);
      expect(response.body).not.toContain(staff.email);
      expect(response.body).not.toContain('dataclarity.de');
      // Only reading is public.
      const write = await api({ method: 'POST', url: '/press', headers: SAME_SITE, payload: draft() });
      expect(write.statusCode).toBe(404);
      expect(write.headers['cache-control']).toBe('no-store');
    });
  });
}
