import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reordered } from '../../server/dashboards/dashboardStore';
import { AUDIT_ACTIONS } from '../../server/staff/audit';
import { DASHBOARD_MESSAGES } from '../../shared/clientDashboards';
import { API_BASE } from '../../shared/constants';
import { EMBED_MESSAGES } from '../../shared/embed';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { databaseBackends } from '../support/databaseBackends';
import { seedPasswordHash } from '../support/seedPassword';
import { seedAccount, seedSession, serverOnFreshDatabase, sessionCookie } from '../support/serverUnderTest';
import { makeTestSite } from '../support/testSite';

/**
 * A client's dashboards (issue 32): the store on both databases, the staff routes (the role
 * table, the gallery's rule and words for a bad snippet, audit entries) and GET /me/dashboards
 * (two clients, each sees only their own), through inject on the whole server.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const SAME_SITE = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
const SNIPPET = (report: string) =>
  `<iframe title="${report}" width="1140" height="541.25" src="https://app.powerbi.com/view?r=${report}&amp;pageName=p1" frameborder="0" allowFullScreen="true"></iframe>`;

let root: string;
let dist: string;
let seedHash: string;
const backends = databaseBackends('Client dashboards');

beforeAll(async () => {
  seedHash = await seedPasswordHash('Mannheim#2025');
  ({ root, dist } = makeTestSite('dc-dashboards-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('reordering', () => {
  it('moves an id to a position, clamped', () => {
    expect(reordered(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(reordered(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(reordered(['a', 'b', 'c'], 'a', 99)).toEqual(['b', 'c', 'a']);
  });
});

type Persona = 'anonymous' | 'client' | 'staff';
const PERSONAS: readonly Persona[] = ['anonymous', 'client', 'staff'];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`client dashboards on ${backend.name}`, () => {
    const server = serverOnFreshDatabase(backend, () => ({ distDir: dist }));
    let counter = 0;
    const api = (options: InjectOptions & { url: string }) => server.app.inject({ ...options, url: API_BASE + options.url });

    async function seedUser(role: 'client' | 'staff' = 'client') {
      counter++;
      return seedAccount(server.stores, `dash.${counter}@example.de`, seedHash, {
        verified: true,
        role: role === 'staff' ? role : undefined,
      });
    }
    async function cookieFor(userId: string) {
      return { cookie: sessionCookie(await seedSession(server.stores, userId, true)) };
    }
    async function headersOf(persona: Persona) {
      if (persona === 'anonymous') return { ...SAME_SITE };
      return { ...SAME_SITE, ...(await cookieFor((await seedUser(persona)).id)) };
    }
    const add = (userId: string, title: string) =>
      server.stores.dashboards.add(userId, { title, category: 'Sales', src: `https://app.powerbi.com/view?r=${title}` }, new Date());

    it('stores a list in order, moves and removes without gaps, and deletes it with its user', async () => {
      const client = await seedUser();
      const a = await add(client.id, 'A');
      const b = await add(client.id, 'B');
      const c = await add(client.id, 'C');
      expect((await server.stores.dashboards.list(client.id)).map((d) => [d.title, d.position])).toEqual([
        ['A', 0],
        ['B', 1],
        ['C', 2],
      ]);
      expect((await server.stores.dashboards.move(client.id, c.id, 0))!.map((d) => d.title)).toEqual(['C', 'A', 'B']);
      expect(await server.stores.dashboards.move(client.id, 'nope', 0)).toBeNull();
      expect(await server.stores.dashboards.remove(client.id, a.id)).toBe(true);
      expect(await server.stores.dashboards.remove(client.id, a.id)).toBe(false);
      expect((await server.stores.dashboards.list(client.id)).map((d) => [d.title, d.position])).toEqual([
        ['C', 0],
        ['B', 1],
      ]);
      // Another user's id does not reach this list.
      const other = await seedUser();
      expect(await server.stores.dashboards.remove(other.id, b.id)).toBe(false);
      expect(await server.stores.dashboards.move(other.id, b.id, 0)).toBeNull();
      expect(await server.stores.accounts.deleteUser(client.id)).toBe(true);
      expect(await server.stores.dashboards.list(client.id)).toEqual([]);
    });

    const ROUTES: Array<{
      method: InjectOptions['method'];
      url: (userId: string, dashboardId: string) => string;
      payload?: object;
      ok: number;
    }> = [
      { method: 'GET', url: (u) => `/staff/users/${u}/dashboards`, ok: 200 },
      {
        method: 'POST',
        url: (u) => `/staff/users/${u}/dashboards`,
        payload: { title: 'Sales', category: 'Finance', snippet: SNIPPET('sales') },
        ok: 201,
      },
      { method: 'PATCH', url: (u, d) => `/staff/users/${u}/dashboards/${d}`, payload: { position: 0 }, ok: 200 },
      { method: 'DELETE', url: (u, d) => `/staff/users/${u}/dashboards/${d}`, ok: 204 },
    ];

    it('checks the role on each staff route: anonymous 401, client 403, staff success; a refusal changes and shows nothing', async () => {
      const table: string[] = [];
      for (const route of ROUTES) {
        for (const persona of PERSONAS) {
          const target = await seedUser();
          const first = await add(target.id, 'Secret first report');
          await add(target.id, 'Second');
          const response = await api({
            method: route.method,
            url: route.url(target.id, first.id),
            headers: await headersOf(persona),
            ...(route.payload ? { payload: route.payload } : {}),
          });
          table.push(`${route.method} ${route.url(':id', ':dashboardId')} × ${persona} → ${response.statusCode}`);
          if (persona === 'staff') {
            expect(response.statusCode, table.at(-1)).toBe(route.ok);
            continue;
          }
          const refusal =
            persona === 'anonymous'
              ? { status: 401, message: STAFF_MESSAGES.signedOut }
              : { status: 403, message: STAFF_MESSAGES.notStaff };
          expect(response.statusCode, table.at(-1)).toBe(refusal.status);
          expect(response.json().message).toBe(refusal.message);
          expect(response.body).not.toContain('Secret first report');
          expect(response.body).not.toContain(first.id);
          expect((await server.stores.dashboards.list(target.id)).map((d) => d.title)).toEqual(['Secret first report', 'Second']);
        }
      }
      expect(table).toHaveLength(ROUTES.length * PERSONAS.length);
    });

    it('adds, lists, moves and removes through the staff API, each change in the audit log', async () => {
      const staff = await seedUser('staff');
      const headers = { ...SAME_SITE, ...(await cookieFor(staff.id)) };
      const client = await seedUser();
      const url = `/staff/users/${client.id}/dashboards`;
      const sales = await api({
        method: 'POST',
        url,
        headers,
        payload: { title: ' Sales ', category: 'Finance', snippet: SNIPPET('sales') },
      });
      expect(sales.statusCode).toBe(201);
      expect(sales.json()).toMatchObject({
        title: 'Sales',
        category: 'Finance',
        src: 'https://app.powerbi.com/view?r=sales&pageName=p1',
        position: 0,
      });
      const ops = await api({
        method: 'POST',
        url,
        headers,
        payload: { title: 'Operations', snippet: '\n  https://app.powerbi.com/view?r=ops  \n' },
      });
      expect(ops.statusCode).toBe(201);
      expect(ops.json()).toMatchObject({ title: 'Operations', src: 'https://app.powerbi.com/view?r=ops' });
      const moved = await api({ method: 'PATCH', url: `${url}/${ops.json().id}`, headers, payload: { position: 0 } });
      expect(moved.json().dashboards.map((d: { title: string }) => d.title)).toEqual(['Operations', 'Sales']);
      expect((await api({ method: 'GET', url, headers })).json().dashboards.map((d: { title: string }) => d.title)).toEqual([
        'Operations',
        'Sales',
      ]);
      expect((await api({ method: 'DELETE', url: `${url}/${sales.json().id}`, headers })).statusCode).toBe(204);
      expect((await api({ method: 'DELETE', url: `${url}/${sales.json().id}`, headers })).json().message).toBe(DASHBOARD_MESSAGES.notFound);
      expect((await api({ method: 'GET', url: '/staff/users/no-such-user/dashboards', headers })).statusCode).toBe(404);

      const { entries } = await server.stores.staff.auditLog({ limit: 20 });
      const mine = entries
        .filter((entry) => entry.actorId === staff.id)
        .map((entry) => [entry.action, entry.recordType, entry.recordId, entry.detail]);
      expect(mine).toEqual([
        [AUDIT_ACTIONS.dashboardRemoved, 'dashboard', sales.json().id, `user ${client.id}`],
        [AUDIT_ACTIONS.dashboardMoved, 'dashboard', ops.json().id, `user ${client.id}, position 0`],
        [AUDIT_ACTIONS.dashboardAdded, 'dashboard', ops.json().id, `user ${client.id}`],
        [AUDIT_ACTIONS.dashboardAdded, 'dashboard', sales.json().id, `user ${client.id}`],
      ]);
    });

    it('refuses a bad snippet with the gallery message (400 problem+json), and stores and audits nothing', async () => {
      const staff = await seedUser('staff');
      const headers = { ...SAME_SITE, ...(await cookieFor(staff.id)) };
      const client = await seedUser();
      const url = `/staff/users/${client.id}/dashboards`;
      const bad = '<iframe src="https://evil.example/view?r=1"></iframe>';
      const response = await api({ method: 'POST', url, headers, payload: { title: 'Sales', category: '', snippet: bad } });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      // The words /embed's form shows for this code (tests/unit/dashboardSnippet.test.ts holds both to one rule).
      const message = 'Invalid Dashboard: The iframe src host "evil.example" is not an allowed Power BI host.';
      expect(message).toBe('Invalid Dashboard: The iframe src host "evil.example" is not an allowed Power BI host.');
      expect(response.json()).toMatchObject({ status: 400, message, errors: { snippet: message } });
      const unparseable = await api({
        method: 'POST',
        url,
        headers,
        payload: { title: 'Sales', snippet: '<iframe src="https://app.powerbi.com/x"' },
      });
      expect(unparseable.json().message).toBe(`${EMBED_MESSAGES.invalid}: ${EMBED_MESSAGES.unparseable}.`);
      // A "Publish to web" link meets the same checks as an iframe's src, and is named as what was pasted.
      const httpLink = await api({ method: 'POST', url, headers, payload: { title: 'Sales', snippet: ' http://app.powerbi.com/view?r=1\n' } });
      expect(httpLink.json()).toMatchObject({ status: 400, errors: { snippet: 'Invalid Dashboard: The link must use https, not http:' } });
      const otherHost = await api({ method: 'POST', url, headers, payload: { title: 'Sales', snippet: 'https://evil.example/view?r=1' } });
      expect(otherHost.json().message).toBe('Invalid Dashboard: The link host "evil.example" is not an allowed Power BI host.');
      const untitled = await api({ method: 'POST', url, headers, payload: { title: ' ', snippet: SNIPPET('x') } });
      expect(untitled.json()).toMatchObject({ status: 400, message: DASHBOARD_MESSAGES.titleRequired });
      const badPosition = await api({ method: 'PATCH', url: `${url}/any`, headers, payload: { position: -1 } });
      expect(badPosition.json()).toMatchObject({ status: 400, message: DASHBOARD_MESSAGES.badPosition });
      expect(await server.stores.dashboards.list(client.id)).toEqual([]);
      const { entries } = await server.stores.staff.auditLog({ limit: 20 });
      expect(entries.filter((entry) => entry.actorId === staff.id)).toEqual([]);
    });

    it('GET /me/dashboards: 401 signed out; each of two clients gets only their own, in the gallery format', async () => {
      const signedOut = await api({ method: 'GET', url: '/me/dashboards', headers: SAME_SITE });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().message).toBe(ACCOUNT_MESSAGES.signedOut);
      const one = await seedUser();
      const two = await seedUser();
      await server.stores.dashboards.add(
        one.id,
        { title: 'Sales "2026" <b>', category: 'Finance', src: 'https://app.powerbi.com/view?r=one&x=1' },
        new Date('2026-11-20T10:00:00Z'),
      );
      await add(one.id, 'Operations');
      await add(two.id, 'Other client report');
      const first = (await api({ method: 'GET', url: '/me/dashboards', headers: { ...SAME_SITE, ...(await cookieFor(one.id)) } })).json();
      expect(first.reports).toHaveLength(2);
      expect(first.reports[0]).toEqual({
        id: expect.any(String),
        title: 'Sales "2026" <b>',
        category: 'Finance',
        lastUpdated: '2026-11-20',
        iframeHtml:
          '<iframe title="Sales &quot;2026&quot; &lt;b&gt;" src="https://app.powerbi.com/view?r=one&amp;x=1" allowfullscreen="true"></iframe>',
      });
      expect(first.reports.map((r: { title: string }) => r.title)).toEqual(['Sales "2026" <b>', 'Operations']);
      expect(JSON.stringify(first)).not.toContain('Other client report');
      const second = (await api({ method: 'GET', url: '/me/dashboards', headers: { ...SAME_SITE, ...(await cookieFor(two.id)) } })).json();
      expect(second.reports.map((r: { title: string }) => r.title)).toEqual(['Other client report']);
      const third = (
        await api({ method: 'GET', url: '/me/dashboards', headers: { ...SAME_SITE, ...(await cookieFor((await seedUser()).id)) } })
      ).json();
      expect(third).toEqual({ reports: [] });
    });
  });
}
