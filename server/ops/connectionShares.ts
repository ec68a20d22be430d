/**
 * Who gives way when connections pass a cap: the choice alone, over plain values
 * (./connectionGuard follows the sockets and acts on it), so every rule is tested without one.
 *
 * An address's connections are served (at most DC_MAX_CONNECTIONS_PER_IP at once) or queued for
 * one of its slots; both count towards the total (DC_MAX_CONNECTIONS), which bounds file
 * descriptors. A link checker opens a connection per link it checks at once (linkinator: a
 * hundred from one address), an office behind one NAT address many: their requests wait in line
 * instead of being refused.
 *
 * Room is made for a request, never for a bare connection: a connection past the total is held
 * aside until its request head arrives, and a queued one closes an idle connection of its address
 * only then. A client opens a new connection when all of its others are busy, some of them with a
 * request just sent on a connection the server still sees idle (not read yet); by the time the new
 * connection's request arrives, it has been read. And a flood of sockets that send nothing makes
 * nobody give way.
 *
 * - Over its address's cap, a request queues: it replaces the address's longest-idle connection
 *   (closing that costs its client a reconnect, never a request), or waits for the next free slot
 *   (promotion).
 * - Over the total, an idle connection is closed first, of the address holding the most; else,
 *   of the address holding the most as long as it holds more than the newcomer's address would,
 *   a connection in its line (one whose request was read is answered 503), else its slowest
 *   incomplete request (head or body still arriving). So a new address always gets in while
 *   another holds more than it, and addresses that fill the server with slow uploads end up
 *   sharing it with everyone else. Of the newcomer's own address, only an idle connection gives
 *   way to it.
 * - A connection being answered, or idle for less than a moment (its client may be reusing it),
 *   is never closed to make room. When nothing can give way, the request is refused (the guard
 *   answers it 503).
 */

/** What a connection is doing at the moment a slot is needed. */
export type ConnectionPhase =
  /** No request in flight and none arriving, since `since` (ms): closing it loses nothing. */
  | { kind: 'idle'; since: number }
  /** A request's head or body still arriving, at `bytesPerSecond` so far. */
  | { kind: 'incomplete'; bytesPerSecond: number }
  /**
   * Queued with its request read, waiting for a slot: it gives way with a 503. `overdue`: it has
   * waited long enough that an idle connection of its address is closed for it, even while the
   * address's answers in flight would hand over their slots.
   */
  | { kind: 'waiting'; overdue: boolean }
  /** Being answered, just opened, or just answered (its client may send the next request now). */
  | { kind: 'busy' };

/** One address's connections. */
export interface Holding<C> {
  served: ReadonlySet<C>;
  queued: ReadonlySet<C>;
}

export interface ConnectionCaps {
  /** Served and queued connections of all addresses together. */
  total: number;
  /** Served connections of one address. */
  perAddress: number;
}

/** A connection closed (or, its request read, answered 503) to make room, and why it was chosen. */
export interface Victim<C> {
  connection: C;
  reason: 'idle' | 'queued' | 'slow';
}

export type Admission<C> = { place: 'serve' | 'queue'; victim?: Victim<C> } | { place: 'refuse' };

type PhaseOf<C> = (connection: C) => ConnectionPhase;

const sizeOf = (holding: Holding<unknown> | undefined) => (holding ? holding.served.size + holding.queued.size : 0);

/** Where a connection from `address` whose request has arrived goes, given the holdings now (it in none). */
export function admit<C>(
  holdings: ReadonlyMap<string, Holding<C>>,
  address: string,
  caps: ConnectionCaps,
  phaseOf: PhaseOf<C>,
): Admission<C> {
  const own = holdings.get(address);
  const place = (own?.served.size ?? 0) >= caps.perAddress ? 'queue' : 'serve';
  let total = 0;
  for (const holding of holdings.values()) total += sizeOf(holding);
  if (total < caps.total) return { place };
  const victim = makeRoom(holdings, sizeOf(own) + 1, phaseOf);
  return victim ? { place, victim } : { place: 'refuse' };
}

/**
 * When one of an address's slots may be free: the queued connection to serve next (a request
 * waiting before a connection that has sent none), and, at the cap, the longest-idle served
 * connection it replaces. Undefined: nobody moves up.
 */
export function promotion<C>(holding: Holding<C>, perAddress: number, phaseOf: PhaseOf<C>): { promote: C; victim?: C } | undefined {
  let next: C | undefined;
  for (const connection of holding.queued) {
    if (phaseOf(connection).kind === 'waiting') {
      next = connection;
      break;
    }
    next ??= connection;
  }
  if (next === undefined) return undefined;
  if (holding.served.size < perAddress) return { promote: next };
  // At the cap an idle connection gives way to a request, not to a connection that sent none,
  // and not while an answer of the address is on its way (it closes its connection at the cap,
  // handing over its slot) unless the request is overdue: closing an idle connection may cross a
  // request its client is sending on it just then, an answer's close never does.
  const phase = phaseOf(next);
  if (phase.kind !== 'waiting') return undefined;
  if (!phase.overdue && [...holding.served].some((connection) => isInFlight(phaseOf(connection)))) return undefined;
  const victim = longestIdle(holding.served, phaseOf);
  return victim === undefined ? undefined : { promote: next, victim };
}

const isInFlight = (phase: ConnectionPhase) => phase.kind === 'busy' || phase.kind === 'incomplete';

/**
 * For a bounded pool where everyone is to be turned away anyway (the connections over the total,
 * to be answered 503): the oldest entry of the address holding the most, when that address holds
 * more than `address` would with one more; else undefined (the newcomer gives way).
 */
export function displaced<C>(pool: ReadonlyMap<string, ReadonlySet<C>>, address: string): C | undefined {
  const withNewcomer = (pool.get(address)?.size ?? 0) + 1;
  let largest: ReadonlySet<C> | undefined;
  for (const entries of pool.values()) if (!largest || entries.size > largest.size) largest = entries;
  if (!largest || largest.size <= withNewcomer) return undefined;
  return largest.values().next().value;
}

function makeRoom<C>(holdings: ReadonlyMap<string, Holding<C>>, withNewcomer: number, phaseOf: PhaseOf<C>): Victim<C> | undefined {
  const holders = [...holdings.values()].sort((a, b) => sizeOf(b) - sizeOf(a));
  for (const holding of holders) {
    const idle = longestIdle(holding.served, phaseOf);
    if (idle !== undefined) return { connection: idle, reason: 'idle' };
  }
  for (const holding of holders) {
    // Sorted: no later address holds more than the newcomer's either (nor does its own).
    if (sizeOf(holding) <= withNewcomer) break;
    const queued = firstInLine(holding.queued, phaseOf);
    if (queued !== undefined) return { connection: queued, reason: 'queued' };
    const slow = slowestIncomplete(holding.served, phaseOf);
    if (slow !== undefined) return { connection: slow, reason: 'slow' };
  }
  return undefined;
}

/** The queued connection that loses least: one that sent nothing for a while, then a request (503), then any. */
function firstInLine<C>(queued: ReadonlySet<C>, phaseOf: PhaseOf<C>): C | undefined {
  let waiting: C | undefined;
  let any: C | undefined;
  for (const connection of queued) {
    const kind = phaseOf(connection).kind;
    if (kind === 'idle') return connection; // in the order they queued: the first is the longest idle
    if (kind === 'waiting') waiting ??= connection;
    any ??= connection;
  }
  return waiting ?? any;
}

function longestIdle<C>(connections: ReadonlySet<C>, phaseOf: PhaseOf<C>): C | undefined {
  let found: C | undefined;
  let since = Infinity;
  for (const connection of connections) {
    const phase = phaseOf(connection);
    if (phase.kind === 'idle' && phase.since < since) {
      found = connection;
      since = phase.since;
    }
  }
  return found;
}

function slowestIncomplete<C>(connections: ReadonlySet<C>, phaseOf: PhaseOf<C>): C | undefined {
  let found: C | undefined;
  let rate = Infinity;
  for (const connection of connections) {
    const phase = phaseOf(connection);
    if (phase.kind === 'incomplete' && phase.bytesPerSecond < rate) {
      found = connection;
      rate = phase.bytesPerSecond;
    }
  }
  return found;
}
