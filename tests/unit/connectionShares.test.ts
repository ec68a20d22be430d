import { describe, expect, it } from 'vitest';
import { admit, displaced, promotion, type Admission, type ConnectionPhase, type Holding } from '../../server/ops/connectionShares';

/**
 * Who gives way at a connection cap (server/ops/connectionShares), over plain values: each
 * connection is a name and its phase. The sockets side is tests/unit/connectionGuard.test.ts.
 */

interface Fake {
  name: string;
  phase: ConnectionPhase;
}
const idle = (name: string, since: number): Fake => ({ name, phase: { kind: 'idle', since } });
const slow = (name: string, bytesPerSecond: number): Fake => ({ name, phase: { kind: 'incomplete', bytesPerSecond } });
const busy = (name: string): Fake => ({ name, phase: { kind: 'busy' } });
const waiting = (name: string, overdue = false): Fake => ({ name, phase: { kind: 'waiting', overdue } });
const phaseOf = (connection: Fake) => connection.phase;

type Held = Record<string, { served?: Fake[]; queued?: Fake[] }>;

function holdingsOf(held: Held): Map<string, Holding<Fake>> {
  return new Map(
    Object.entries(held).map(([address, { served = [], queued = [] }]) => [address, { served: new Set(served), queued: new Set(queued) }]),
  );
}

/** The admission with names for connections, for readable expectations. */
function named(admission: Admission<Fake>) {
  if (admission.place === 'refuse' || !admission.victim) return admission;
  return { place: admission.place, victim: admission.victim.connection.name, reason: admission.victim.reason };
}

const decide = (held: Held, address: string, caps: { total: number; perAddress: number }) =>
  named(admit(holdingsOf(held), address, caps, phaseOf));

describe('admit: under both caps', () => {
  it('serves a new connection while its address and the server have room', () => {
    expect(decide({ a: { served: [busy('a1')] }, b: { served: [busy('b1')] } }, 'a', { total: 3, perAddress: 2 })).toEqual({
      place: 'serve',
    });
    expect(decide({}, 'a', { total: 1, perAddress: 1 })).toEqual({ place: 'serve' });
  });
});

describe('admit: at the address cap', () => {
  it('queues the new one, idle connections of its address or not (one of them gives way once its request has arrived: promotion)', () => {
    const held = { a: { served: [idle('a-idle', 100), busy('a-just-answered')] }, b: { served: [idle('b1', 0)] } };
    expect(decide(held, 'a', { total: 100, perAddress: 2 })).toEqual({ place: 'queue' });
    expect(decide({ a: { served: [busy('a1'), slow('a2', 0)], queued: [waiting('a3')] } }, 'a', { total: 100, perAddress: 2 })).toEqual({
      place: 'queue',
    });
  });

  it('counts queued connections towards the total: a full server makes room for the queued newcomer too, or refuses it', () => {
    const held = {
      a: { served: [busy('a1')], queued: [waiting('a2')] },
      big: { served: [slow('big1', 3), slow('big2', 1), slow('big3', 2), slow('big4', 0)] },
    };
    expect(decide(held, 'a', { total: 6, perAddress: 1 })).toEqual({ place: 'queue', victim: 'big4', reason: 'slow' });
    expect(
      decide({ a: { served: [busy('a1')], queued: [waiting('a2')] }, b: { served: [busy('b1')] } }, 'a', { total: 3, perAddress: 1 }),
    ).toEqual({ place: 'refuse' });
  });
});

describe('admit: at the total cap', () => {
  it('closes an idle connection first, of the address holding the most, before anything in line or incomplete', () => {
    const held = {
      big: { served: [slow('big1', 0), slow('big2', 0)], queued: [waiting('big3')] },
      mid: { served: [busy('mid1'), idle('mid-idle', 500)] },
      small: { served: [idle('small-idle', 1)] },
    };
    expect(decide(held, 'new', { total: 6, perAddress: 6 })).toEqual({ place: 'serve', victim: 'mid-idle', reason: 'idle' });
  });

  it("closes the newcomer's own idle connection when it is the only idle one", () => {
    const held = { big: { served: [slow('big1', 0), slow('big2', 0)] }, own: { served: [idle('own-idle', 1)] } };
    expect(decide(held, 'own', { total: 3, perAddress: 3 })).toEqual({ place: 'serve', victim: 'own-idle', reason: 'idle' });
    // At its address's cap too: the newcomer queues in the room made.
    expect(decide(held, 'own', { total: 3, perAddress: 1 })).toEqual({ place: 'queue', victim: 'own-idle', reason: 'idle' });
  });

  it('else takes from the line of the address holding the most: one that sent nothing for a while, then a request (answered 503), then any; before its incomplete requests', () => {
    const served = [slow('big-s1', 0), slow('big-s2', 0)];
    const caps = { total: 6, perAddress: 2 };
    expect(
      decide(
        { big: { served, queued: [busy('big-fresh'), waiting('big-waiting'), idle('big-silent', 5)] }, other: { served: [busy('o1')] } },
        'new',
        caps,
      ),
    ).toEqual({ place: 'serve', victim: 'big-silent', reason: 'queued' });
    expect(
      decide(
        { big: { served, queued: [busy('big-fresh'), waiting('big-waiting'), busy('big-fresh2')] }, other: { served: [busy('o1')] } },
        'new',
        caps,
      ),
    ).toEqual({ place: 'serve', victim: 'big-waiting', reason: 'queued' });
    expect(
      decide(
        { big: { served, queued: [busy('big-fresh'), busy('big-fresh2'), busy('big-fresh3')] }, other: { served: [busy('o1')] } },
        'new',
        caps,
      ),
    ).toEqual({ place: 'serve', victim: 'big-fresh', reason: 'queued' });
  });

  it('else closes the slowest incomplete request of the address holding the most', () => {
    const held = {
      big: { served: [slow('big-fast', 5000), slow('big-slowest', 2), busy('big-busy')] },
      small: { served: [slow('small-slowest', 0)] },
    };
    expect(decide(held, 'new', { total: 4, perAddress: 4 })).toEqual({ place: 'serve', victim: 'big-slowest', reason: 'slow' });
  });

  it('passes over an address whose connections are all being answered, to the next that holds more than the newcomer', () => {
    const held = {
      first: { served: [busy('f1'), busy('f2'), busy('f3')] },
      second: { served: [slow('s1', 10), slow('s2', 1)] },
      third: { served: [slow('t1', 0)] },
    };
    expect(decide(held, 'new', { total: 6, perAddress: 6 })).toEqual({ place: 'serve', victim: 's2', reason: 'slow' });
  });

  it('takes nothing from an address holding no more than the newcomer would: the newcomer is refused', () => {
    const caps = { total: 4, perAddress: 4 };
    // Each holds 2; a third connection of "b" would make it the largest, so nobody gives way to it.
    expect(decide({ a: { served: [slow('a1', 0), slow('a2', 0)] }, b: { served: [slow('b1', 0), slow('b2', 0)] } }, 'b', caps)).toEqual({
      place: 'refuse',
    });
    // Holding one more than the newcomer would is not enough either: they would only swap places.
    expect(
      decide({ a: { served: [slow('a1', 0), slow('a2', 0)] }, b: { served: [slow('b1', 0)] } }, 'b', { total: 3, perAddress: 3 }),
    ).toEqual({ place: 'refuse' });
    // Two more is: the largest gives way.
    expect(decide({ a: { served: [slow('a1', 0), slow('a2', 0), slow('a3', 0)] }, b: { served: [slow('b1', 0)] } }, 'b', caps)).toEqual({
      place: 'serve',
      victim: 'a1',
      reason: 'slow',
    });
  });

  it('never closes a connection being answered (or just opened): with only those, the newcomer is refused', () => {
    expect(decide({ big: { served: [busy('b1'), busy('b2'), busy('b3')] } }, 'new', { total: 3, perAddress: 3 })).toEqual({
      place: 'refuse',
    });
  });

  it('shares the server evenly: 20 addresses opening slow uploads past the total settle within one connection of each other, and a 21st gets in', () => {
    const holdings = new Map<string, Holding<Fake> & { served: Set<Fake>; queued: Set<Fake> }>();
    const caps = { total: 512, perAddress: 32 };
    let serial = 0;
    for (let round = 0; round < 40; round++) {
      for (let a = 0; a < 20; a++) {
        const address = `10.0.0.${a}`;
        const admission = admit(holdings, address, caps, phaseOf);
        if (admission.place === 'refuse') continue;
        if (admission.victim) for (const holding of holdings.values()) holding.served.delete(admission.victim.connection);
        const holding = holdings.get(address) ?? { served: new Set<Fake>(), queued: new Set<Fake>() };
        holding.served.add(slow(`${address}#${serial++}`, 0));
        holdings.set(address, holding);
      }
    }
    const sizes = [...holdings.values()].map((holding) => holding.served.size);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(512);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(admit(holdings, '10.0.1.1', caps, phaseOf)).toMatchObject({ place: 'serve', victim: { reason: 'slow' } });
  });
});

describe('promotion: a slot of the address may be free (one closed, a request arrived, a connection became idle)', () => {
  const names = (next: { promote: Fake; victim?: Fake } | undefined) => next && { promote: next.promote.name, victim: next.victim?.name };

  it('moves a waiting request up before a connection that has sent nothing', () => {
    const holding = {
      served: new Set([busy('s1')]),
      queued: new Set([busy('q-silent'), waiting('q-first-request'), waiting('q-second-request')]),
    };
    expect(names(promotion(holding, 2, phaseOf))).toEqual({ promote: 'q-first-request', victim: undefined });
    expect(names(promotion({ served: new Set([busy('s1')]), queued: new Set([busy('q-silent')]) }, 2, phaseOf))).toEqual({
      promote: 'q-silent',
      victim: undefined,
    });
  });

  it("at the cap, closes the address's longest-idle connection for a waiting request when none of its answers is on its way", () => {
    const served = new Set([idle('s-idle-late', 50), idle('s-idle-early', 10)]);
    expect(names(promotion({ served, queued: new Set([waiting('q1')]) }, 2, phaseOf))).toEqual({ promote: 'q1', victim: 's-idle-early' });
    // Not for a connection that has sent nothing.
    expect(promotion({ served, queued: new Set([busy('q-silent')]) }, 2, phaseOf)).toBeUndefined();
    // None idle: the request waits.
    expect(promotion({ served: new Set([busy('s1'), slow('s2', 1)]), queued: new Set([waiting('q1')]) }, 2, phaseOf)).toBeUndefined();
    expect(promotion({ served: new Set<Fake>(), queued: new Set<Fake>() }, 2, phaseOf)).toBeUndefined();
  });

  it('while an answer of the address is on its way (it will hand over its slot), closes an idle connection only for an overdue request', () => {
    const served = new Set([busy('s-answering'), idle('s-idle', 10)]);
    expect(promotion({ served, queued: new Set([waiting('q1')]) }, 2, phaseOf)).toBeUndefined();
    expect(
      promotion({ served: new Set([slow('s-uploading', 5), idle('s-idle', 10)]), queued: new Set([waiting('q1')]) }, 2, phaseOf),
    ).toBeUndefined();
    expect(names(promotion({ served, queued: new Set([waiting('q1', true)]) }, 2, phaseOf))).toEqual({ promote: 'q1', victim: 's-idle' });
  });
});

describe('displaced: the bounded pool of connections past the total', () => {
  it('gives up the oldest entry of the address with the most, if it has more than the newcomer would', () => {
    const pool = new Map([
      ['a', new Set(['a-oldest', 'a2', 'a3'])],
      ['b', new Set(['b1'])],
    ]);
    expect(displaced(pool, 'b')).toBe('a-oldest');
    expect(displaced(pool, 'new')).toBe('a-oldest');
    expect(displaced(pool, 'a')).toBeUndefined();
    expect(
      displaced(
        new Map([
          ['a', new Set(['a1', 'a2'])],
          ['b', new Set(['b1'])],
        ]),
        'b',
      ),
    ).toBeUndefined();
  });
});
