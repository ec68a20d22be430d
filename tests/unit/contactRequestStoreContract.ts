import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactRequestStore, NewContactRequest } from '../../server/contactRequests/store';

/**
 * The behaviour every ContactRequestStore must have, as a reusable suite: call it with a factory that gives
 * a fresh, empty store (SQLite here; a PostgreSQL store runs the same suite). `second` opens
 * another store on the same database (another server instance), for the claim tests.
 */
export interface StoreFixture {
  store: ContactRequestStore;
  second(): Promise<ContactRequestStore>;
  cleanup(): Promise<void>;
}

const T0 = new Date('2026-03-02T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

export function contactRequest(overrides: Partial<NewContactRequest> = {}): NewContactRequest {
  return {
    variant: 'contact',
    name: ' Jana Weber ',
    email: ' jana.weber@example.de ',
    phone: '+49 621 4305 8870',
    message: 'We would like to talk about our monthly reporting.',
    source: 'https://www.dataclarity.de/contact',
    spam: false,
    ...overrides,
  };
}

export function contactRequestStoreContract(name: string, open: () => Promise<StoreFixture>): void {
  describe(`ContactRequestStore contract: ${name}`, () => {
    let fixture: StoreFixture;
    let store: ContactRequestStore;
    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterEach(async () => fixture.cleanup());

    it('stores a contact request trimmed, pending, queued, and reads it back', async () => {
      const { contactRequest: stored, created } = await store.create(contactRequest(), T0);
      expect(created).toBe(true);
      expect(stored.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(stored).toMatchObject({
        variant: 'contact',
        name: 'Jana Weber',
        email: 'jana.weber@example.de',
        phone: '+49 621 4305 8870',
        message: 'We would like to talk about our monthly reporting.',
        source: 'https://www.dataclarity.de/contact',
        receivedAt: T0.toISOString(),
        status: 'pending',
        deliveredAt: null,
        handledAt: null,
        attempts: 0,
        lastError: null,
      });
      expect(await store.get(stored.id)).toEqual(stored);
      expect(await store.get('no-such-id')).toBeNull();
      expect(await store.outbox.size()).toBe(1);
    });

    it('keeps spam out of the outbox', async () => {
      const { contactRequest: spam } = await store.create(contactRequest({ spam: true }), T0);
      expect(spam.status).toBe('spam');
      expect(await store.outbox.size()).toBe(0);
      expect(await store.outbox.claimDue(at(60_000), 10, 60_000)).toEqual([]);
    });

    it('stores a retried submission (same idempotency key) once', async () => {
      const first = await store.create(contactRequest({ idempotencyKey: 'key-123456789' }), T0);
      const again = await store.create(contactRequest({ idempotencyKey: 'key-123456789', message: 'A different text this time.' }), at(1000));
      expect(again.created).toBe(false);
      expect(again.contactRequest.id).toBe(first.contactRequest.id);
      expect((await store.list()).total).toBe(1);
      expect(await store.outbox.size()).toBe(1);
    });

    it('concurrent creates are all stored, each once, and a repeated key in the same moment counts once', async () => {
      const results = await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => store.create(contactRequest({ name: `Person ${i}` }), at(i))),
        store.create(contactRequest({ idempotencyKey: 'same-key-0001' }), at(100)),
        store.create(contactRequest({ idempotencyKey: 'same-key-0001' }), at(101)),
      ]);
      expect(new Set(results.slice(0, 40).map((r) => r.contactRequest.id)).size).toBe(40);
      expect(results.slice(0, 40).map((r) => r.contactRequest.name)).toEqual(Array.from({ length: 40 }, (_, i) => `Person ${i}`));
      expect(results[41]!.contactRequest.id).toBe(results[40]!.contactRequest.id);
      expect([results[40]!.created, results[41]!.created]).toEqual([true, false]);
      expect((await store.list()).total).toBe(41);
      expect(await store.outbox.size()).toBe(41);
    });

    it('lists newest first, filters by status and handled, pages', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await store.create(contactRequest({ name: `Person ${i}`, spam: i === 4 }), at(i * 1000))).contactRequest.id);
      const all = await store.list();
      expect(all.total).toBe(5);
      expect(all.contactRequests.map((l) => l.id)).toEqual([...ids].reverse());
      const page = await store.list({ limit: 2, offset: 1 });
      expect(page.total).toBe(5);
      expect(page.contactRequests.map((l) => l.id)).toEqual([ids[3], ids[2]]);
      expect((await store.list({ status: 'spam' })).contactRequests.map((l) => l.id)).toEqual([ids[4]]);
      expect((await store.list({ status: 'pending' })).total).toBe(4);
      await store.setHandled(ids[1]!, true, at(10_000));
      expect((await store.list({ handled: true })).contactRequests.map((l) => l.id)).toEqual([ids[1]]);
      expect((await store.list({ handled: false })).total).toBe(4);
      const reopened = await store.setHandled(ids[1]!, false, at(11_000));
      expect(reopened?.handledAt).toBeNull();
      expect(await store.setHandled('missing', true, T0)).toBeNull();
    });

    it('erases a contact request with its outbox entry and attempts; retention deletes old contact requests only', async () => {
      const old = (await store.create(contactRequest(), T0)).contactRequest;
      const recent = (await store.create(contactRequest(), at(86_400_000))).contactRequest;
      const [claim] = await store.outbox.claimDue(at(86_400_000), 10, 60_000);
      await store.outbox.markFailed(claim!, 'refused', at(86_400_001), at(86_500_000));
      expect(await store.delete(old.id)).toBe(true);
      expect(await store.delete(old.id)).toBe(false);
      expect(await store.get(old.id)).toBeNull();
      expect(await store.attempts(old.id)).toEqual([]);
      const older = (await store.create(contactRequest(), at(-1))).contactRequest;
      expect(await store.deleteReceivedBefore(T0)).toBe(1);
      expect(await store.get(older.id)).toBeNull();
      expect(await store.get(recent.id)).not.toBeNull();
      expect(await store.outbox.size()).toBe(1);
    });

    it('outbox: claim → sent; the lease proves the claim; a sent contact request is never claimed again', async () => {
      const { contactRequest: stored } = await store.create(contactRequest(), T0);
      const claims = await store.outbox.claimDue(T0, 10, 60_000);
      expect(claims).toHaveLength(1);
      const [claim] = claims;
      expect(claim!.id).toBe(stored.id);
      expect(claim!.attempt).toBe(1);
      expect(claim!.messageId).toMatch(new RegExp(`^<lead-${stored.id}@[a-z0-9.-]+>$`));
      // Leased: nobody else gets it meanwhile.
      expect(await store.outbox.claimDue(at(30_000), 10, 60_000)).toEqual([]);
      expect(await store.outbox.markSent({ ...claim!, leaseToken: 'someone-else' }, at(1000))).toBe(false);
      expect(await store.outbox.markSent(claim!, at(1000))).toBe(true);
      const sent = await store.get(stored.id);
      expect(sent).toMatchObject({ status: 'sent', deliveredAt: at(1000).toISOString(), attempts: 1, lastError: null });
      expect(await store.outbox.size()).toBe(0);
      expect(await store.outbox.claimDue(at(3_600_000), 10, 60_000)).toEqual([]);
      expect(await store.outbox.markSent(claim!, at(2000))).toBe(false);
    });

    it('outbox: a claim handed back (shutdown before sending) is due again at once, without counting an attempt', async () => {
      const { contactRequest: stored } = await store.create(contactRequest(), T0);
      const [claim] = await store.outbox.claimDue(T0, 10, 60_000);
      expect(await store.outbox.release({ ...claim!, leaseToken: 'someone-else' })).toBe(false);
      expect(await store.outbox.release(claim!)).toBe(true);
      const other = await fixture.second();
      const [again] = await other.outbox.claimDue(at(1), 10, 60_000);
      expect(again).toMatchObject({ attempt: 1, contactRequest: { id: stored.id } });
      expect(await store.outbox.release(claim!)).toBe(false); // the lease is someone else's now
      expect(await other.outbox.markSent(again!, at(2))).toBe(true);
      expect(await store.attempts(stored.id)).toHaveLength(1);
    });

    it('outbox stats: size and the receipt time of the oldest contact request waiting (spam and sent contact requests not counted)', async () => {
      expect(await store.outbox.stats()).toEqual({ size: 0, oldestQueuedAt: null });
      await store.create(contactRequest({ spam: true }), T0);
      const { contactRequest: first } = await store.create(contactRequest(), at(1000));
      await store.create(contactRequest(), at(5000));
      expect(await store.outbox.stats()).toEqual({ size: 2, oldestQueuedAt: at(1000).toISOString() });
      const claims = await store.outbox.claimDue(at(6000), 10, 60_000);
      await store.outbox.markSent(claims.find((c) => c.id === first.id)!, at(7000));
      expect(await store.outbox.stats()).toEqual({ size: 1, oldestQueuedAt: at(5000).toISOString() });
    });

    it('outbox: a failure waits for its retry time, records the error, then gives up as failed', async () => {
      const { contactRequest: stored } = await store.create(contactRequest(), T0);
      const [first] = await store.outbox.claimDue(T0, 10, 60_000);
      expect(await store.outbox.markFailed(first!, '451 Mailbox temporarily unavailable', at(100), at(30_000))).toBe(true);
      expect(await store.outbox.claimDue(at(29_999), 10, 60_000)).toEqual([]);
      const [second] = await store.outbox.claimDue(at(30_000), 10, 60_000);
      expect(second!.attempt).toBe(2);
      expect(second!.messageId).toBe(first!.messageId);
      expect(await store.get(stored.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: '451 Mailbox temporarily unavailable' });
      expect(await store.outbox.markFailed(second!, 'ECONNREFUSED: connect failed', at(30_100), null)).toBe(true);
      expect(await store.get(stored.id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'ECONNREFUSED: connect failed' });
      expect(await store.outbox.size()).toBe(0);
      const log = await store.attempts(stored.id);
      expect(log.map((a) => [a.attempt, a.error])).toEqual([
        [1, '451 Mailbox temporarily unavailable'],
        [2, 'ECONNREFUSED: connect failed'],
      ]);
      expect(log[0]).toMatchObject({ startedAt: T0.toISOString(), finishedAt: at(100).toISOString() });
    });

    it('outbox: an expired lease (a crashed sender) makes the entry due again, counting the attempt', async () => {
      const { contactRequest: stored } = await store.create(contactRequest(), T0);
      const [crashed] = await store.outbox.claimDue(T0, 10, 60_000);
      expect(await store.outbox.claimDue(at(59_999), 10, 60_000)).toEqual([]);
      const [resumed] = await store.outbox.claimDue(at(60_000), 10, 60_000);
      expect(resumed!.id).toBe(stored.id);
      expect(resumed!.attempt).toBe(2);
      // The crashed sender's late answer no longer counts.
      expect(await store.outbox.markSent(crashed!, at(60_001))).toBe(false);
      expect(await store.outbox.markSent(resumed!, at(60_002))).toBe(true);
    });

    it('one outbox: an account mail waits beside the contact requests, is claimed by the same claim oldest due first, with its kind and a stable Message-ID', async () => {
      const mail = { kind: 'password-reset', to: 'jana.weber@example.de', subject: 'Reset your password', text: 'Open this link: …' } as const;
      await store.create(contactRequest({ name: 'First' }), T0);
      const mailId = await store.outbox.enqueue(mail, at(500));
      await store.create(contactRequest({ name: 'Second' }), at(1000));
      expect(await store.outbox.stats()).toEqual({ size: 3, oldestQueuedAt: T0.toISOString() });
      expect([await store.outbox.size('lead'), await store.outbox.size('password-reset'), await store.outbox.size('email-verification')]).toEqual([2, 1, 0]);
      const claims = await store.outbox.claimDue(at(2000), 10, 60_000);
      expect(claims.map((c) => c.kind)).toEqual(['lead', 'password-reset', 'lead']);
      const claimed = claims[1]!;
      expect(claimed).toMatchObject({ id: mailId, attempt: 1, mail });
      expect(claimed.messageId).toMatch(new RegExp(`^<password-reset-${mailId}@[a-z0-9.-]+>$`));
      // Refused once: due again at its retry time with the same Message-ID, then sent and gone.
      expect(await store.outbox.markFailed(claimed, '451 try later', at(2100), at(40_000))).toBe(true);
      await Promise.all(claims.filter((c) => c.kind === 'lead').map((c) => store.outbox.markSent(c, at(2200))));
      expect(await store.outbox.claimDue(at(39_999), 10, 60_000)).toEqual([]);
      const [again] = await store.outbox.claimDue(at(40_000), 10, 60_000);
      expect(again).toMatchObject({ id: mailId, attempt: 2, messageId: claimed.messageId });
      expect(await store.outbox.markSent(claimed, at(40_100))).toBe(false); // the old lease no longer holds
      expect(await store.outbox.markSent(again!, at(40_100))).toBe(true);
      expect(await store.outbox.stats()).toEqual({ size: 0, oldestQueuedAt: null });
    });

    it('one outbox: an account mail given up leaves the outbox; one handed back at shutdown is due again without counting an attempt', async () => {
      const mail = { kind: 'email-verification', to: 'jana.weber@example.de', subject: 'Confirm', text: 'Open this link: …' } as const;
      const id = await store.outbox.enqueue(mail, T0);
      const [first] = await store.outbox.claimDue(T0, 10, 60_000);
      expect(await store.outbox.release(first!)).toBe(true);
      const [second] = await store.outbox.claimDue(at(1), 10, 60_000);
      expect(second).toMatchObject({ id, attempt: 1 });
      expect(await store.outbox.markFailed(second!, '550 no such user', at(2), null)).toBe(true);
      expect(await store.outbox.size()).toBe(0);
    });

    it("retry now: a failed contact request goes back into the one outbox, due at once, with the same Message-ID and its attempt count going on", async () => {
      const { contactRequest: stored } = await store.create(contactRequest(), T0);
      const [first] = await store.outbox.claimDue(T0, 10, 60_000);
      expect(await store.retryNow(stored.id, at(1))).toBe(false); // not failed yet
      expect(await store.outbox.markFailed(first!, '550 no such user', at(100), null)).toBe(true);
      expect(await store.outbox.size()).toBe(0);
      expect(await store.retryNow(stored.id, at(200))).toBe(true);
      expect(await store.retryNow(stored.id, at(200))).toBe(false); // pending again: once is enough
      expect(await store.get(stored.id)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(await store.outbox.stats()).toEqual({ size: 1, oldestQueuedAt: at(200).toISOString() });
      const [retried] = await store.outbox.claimDue(at(200), 10, 60_000);
      expect(retried).toMatchObject({ id: stored.id, kind: 'lead', attempt: 2, messageId: first!.messageId });
      expect(await store.outbox.markSent(retried!, at(300))).toBe(true);
      expect(await store.get(stored.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    });

    it('outbox: two instances on one database never claim the same contact request', async () => {
      const other = await fixture.second();
      try {
        for (let i = 0; i < 30; i++) await store.create(contactRequest({ name: `Person ${i}` }), at(i));
        const batches = await Promise.all([
          store.outbox.claimDue(at(1000), 7, 60_000),
          other.outbox.claimDue(at(1000), 7, 60_000),
          store.outbox.claimDue(at(1000), 7, 60_000),
          other.outbox.claimDue(at(1000), 7, 60_000),
          store.outbox.claimDue(at(1000), 7, 60_000),
        ]);
        const ids = batches.flat().map((c) => c.id);
        expect(ids).toHaveLength(30);
        expect(new Set(ids).size).toBe(30);
        // Oldest due first: whichever claim ran first (the two instances' queries race) took the seven oldest.
        expect(batches.map((batch) => batch.map((c) => (c.kind === 'lead' ? c.contactRequest.name : c.kind)))).toContainEqual(['Person 0', 'Person 1', 'Person 2', 'Person 3', 'Person 4', 'Person 5', 'Person 6']);
      } finally {
        await other.close();
      }
    });
  });
}
