import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/sessions/cookies';
import { sessionService, TOUCH_EVERY_MS } from '../../server/sessions/sessionService';
import { openSqliteSessionStore, type SqliteSessionStore } from '../../server/sessions/sqliteStore';
import { hashToken } from '../../server/sessions/token';
import { openSqliteStore } from '../../server/users/sqliteStore';
import type { UserStore } from '../../server/users/store';

/** Idle and absolute expiry, on a fake clock, through a tiny app that starts and reads sessions. */
const MINUTE = 60_000;
const LIMITS = { idleMs: 30 * MINUTE, absoluteMs: 120 * MINUTE };

let dir: string;
let users: UserStore;
let store: SqliteSessionStore;
let app: FastifyInstance;
let clock: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dc-sessions-'));
  const file = join(dir, 'dc.sqlite');
  clock = Date.parse('2026-01-01T10:00:00Z');
  const now = () => new Date(clock);
  users = openSqliteStore(file);
  store = openSqliteSessionStore(file, { now });
  const sessions = sessionService(store, LIMITS, now);
  app = Fastify();
  await app.register(cookie);
  app.post('/start/:id', async (request, reply) => {
    await sessions.start(reply, (request.params as { id: string }).id, 'test');
    return reply.send('ok');
  });
  app.get('/read', async (request, reply) => ({ signedIn: (await sessions.read(request, reply)) !== null }));
});

afterEach(async () => {
  await app.close();
  await store.close();
  await users.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startSession(): Promise<string> {
  const user = await users.create({ firstName: 'Jana', lastName: 'Weber', email: `j${Math.random()}@example.de`, passwordHash: 'x' });
  const response = await app.inject({ method: 'POST', url: `/start/${user._id}` });
  return response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

const signedIn = async (token: string) =>
  (await app.inject({ url: '/read', headers: { cookie: `${SESSION_COOKIE}=${token}` } })).json<{ signedIn: boolean }>().signedIn;

describe('session expiry', () => {
  it('ends a session unused for the idle time, and deletes it', async () => {
    const token = await startSession();
    clock += LIMITS.idleMs - 1;
    expect(await signedIn(token)).toBe(true);
    clock += LIMITS.idleMs; // used just now: the idle time runs again from here
    expect(await signedIn(token)).toBe(false);
    expect(await store.find(hashToken(token))).toBeNull();
  });

  it('keeps a used session alive, but never past the absolute time', async () => {
    const token = await startSession();
    for (let at = 0; at < LIMITS.absoluteMs - 20 * MINUTE; at += 20 * MINUTE) {
      clock += 20 * MINUTE;
      expect(await signedIn(token)).toBe(true);
    }
    clock = clock + LIMITS.absoluteMs; // past created + absolute, however recent the last use
    expect(await signedIn(token)).toBe(false);
  });

  it('writes last use at most once a minute', async () => {
    const token = await startSession();
    const before = (await store.find(hashToken(token)))!.lastSeenAt.getTime();
    clock += TOUCH_EVERY_MS - 1;
    await signedIn(token);
    expect((await store.find(hashToken(token)))!.lastSeenAt.getTime()).toBe(before);
    clock += 1;
    await signedIn(token);
    expect((await store.find(hashToken(token)))!.lastSeenAt.getTime()).toBe(clock);
  });
});
