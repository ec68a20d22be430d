import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { problem } from '../api/problem';
import { admit, displaced, promotion, type ConnectionPhase, type Victim } from './connectionShares';

/**
 * The server's connections, shared fairly between client addresses. Node has a total cap only
 * (`server.maxConnections`), which resets every connection past it: one client holding the total,
 * or twenty holding more than their share, took the site offline for everyone else, and a link
 * checker's idle keep-alive connections got its own new ones reset.
 *
 * - total (DC_MAX_CONNECTIONS, 512): connections held at once, keeping file descriptors (ulimit
 *   often 1024) for the database and the static files. Owned here, not by Node, so that at the cap
 *   someone gives way instead of the newcomer being reset (who: ./connectionShares).
 * - perClientMax (DC_MAX_CONNECTIONS_PER_IP, 32; TRUST_PROXY set: the total): connections served
 *   at once per client address. A browser opens at most 6 per host over HTTP/1.1 and one over
 *   HTTP/2, so 32 leaves room for a household. Past it, a new connection queues, and its request
 *   waits (WAIT_MS at most) for a slot: at the cap the address's answers close their connections
 *   (`Connection: close`), each handing over its slot, and an idle connection of the address is
 *   closed for the request when no answer is on its way (or after OVERDUE_MS). So a link checker
 *   that opens a hundred connections at once, or an office behind one NAT address, is served
 *   through 32 at a time instead of being reset. Behind a proxy every connection comes from the
 *   proxy's address, so the proxy caps clients (the generated nginx config does, `limit_conn`)
 *   and this cap defaults to the total.
 * - firstRequestMs (DC_FIRST_REQUEST_TIMEOUT_S, 5): a connection must deliver its first request
 *   head within this time, or it is closed. Node's own timeouts only start to count once bytes
 *   arrive or allow a whole request (10 s + the check interval): a socket that sends nothing held
 *   its slot for ~11 s. A browser sends its request in the first round trip; a preconnected socket
 *   left unused is reopened by the browser when it needs one.
 *
 * A request that gets no slot is answered 503 with `Retry-After` and `Connection: close`: the
 * client learns to come back, where a reset looks like a broken server (and a link checker
 * reports a broken link). A connection past the total that nobody can give way to is accepted for
 * that answer; only when too many of those are open already is one closed unanswered.
 */
export interface ConnectionGuardOptions {
  total: number;
  perClientMax: number;
  firstRequestMs: number;
}

export interface ConnectionGuard {
  /** Connections of one client address being served, queued for one of its slots, and queued with their request waiting. */
  of(address: string): { served: number; queued: number; waiting: number };
  /** Connections served and queued, all addresses together (at most the total). */
  held(): number;
  readonly refused: {
    /** Answered 503: waited WAIT_MS in its address's line. */
    overCap: number;
    /** Answered 503: the server held its total, and nobody could give way fairly. */
    full: number;
    /** Closed unanswered: too many were open past the total already (OVERFLOW_SHARE). */
    reset: number;
    /** Closed: no request head within firstRequestMs. */
    noRequest: number;
  };
  /** Made room for others: idle connections closed, queued ones closed or answered 503, slowest incomplete requests closed. */
  readonly evicted: { idle: number; queued: number; slow: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    connectionGuard: ConnectionGuard;
  }
}

/** Sent with the 503: most requests take milliseconds, so slots free up within a second. */
export const RETRY_AFTER_S = 1;
export const CONNECTIONS_MESSAGE = 'The server has too many connections open right now. Please try again in a moment.';

/**
 * How long a request may wait for a slot of its address. A client that opens more connections
 * than the cap gets one within an answer's time; one whose every connection is busy for longer
 * is better told to come back than left hanging.
 */
const WAIT_MS = 2000;

/**
 * A connection without a request in flight counts as idle (may be closed to make room) only after
 * this long: a client reuses a kept-alive connection as soon as it has the next request, and a
 * browser sends its first within a round trip, so closing one sooner could cut a request in flight.
 */
const IDLE_MS = 1000;

/**
 * How long a waiting request leaves it to its address's answers in flight to hand over a slot
 * before an idle connection of the address is closed for it: one of them may be a download that
 * takes minutes.
 */
const OVERDUE_MS = 1000;

/** How often a waiting line looks again for a connection that has become idle. */
const RECHECK_MS = 100;

/**
 * Connections past the total (waiting for their request, or being answered) are bounded too: they
 * hold file descriptors. An eighth of the total, at least 16; past that, of those still waiting
 * for their request, the oldest of the address with the most, or else the newcomer, is closed
 * unanswered: the only reset left, when nothing else is possible. A request read is always answered.
 */
const OVERFLOW_SHARE = 8;
const OVERFLOW_MIN = 16;

interface Waiter {
  /** When its request arrived. */
  since: number;
  /** The line it is counted in (a queued connection's), if any. */
  line: { waiting: number } | null;
  settle(serve: boolean): void;
}

class Connection {
  /**
   * Served; queued for a slot of its address; past the total, waiting for its request (overflow)
   * or with its request read, to be placed or answered 503 (answering); or none (closed).
   */
  place: 'served' | 'queued' | 'overflow' | 'answering' | 'none' = 'none';
  /** Requests received and not yet answered (more than one when pipelined). */
  inFlight = 0;
  latest: IncomingMessage | null = null;
  /** Since when no request is in flight, and the bytes read by then (to see the next arrive). */
  quietSince: number;
  bytesAtQuiet = 0;
  /** Its request, queued, waiting for a slot. */
  waiter: Waiter | null = null;
  firstRequestTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: Socket,
    readonly address: string,
    now: number,
  ) {
    this.quietSince = now;
  }

  phase(now: number): ConnectionPhase {
    if (this.waiter) return { kind: 'waiting', overdue: now - this.waiter.since >= OVERDUE_MS };
    const arrived = this.socket.bytesRead - this.bytesAtQuiet;
    const progress = (): ConnectionPhase => ({ kind: 'incomplete', bytesPerSecond: (arrived * 1000) / Math.max(1, now - this.quietSince) });
    if (this.inFlight > 0) return this.latest && !this.latest.complete ? progress() : { kind: 'busy' };
    if (arrived > 0) return progress();
    if (now - this.quietSince < IDLE_MS) return { kind: 'busy' };
    return { kind: 'idle', since: this.quietSince };
  }
}

interface Holding {
  served: Set<Connection>;
  queued: Set<Connection>;
  /** Queued requests waiting for a slot. */
  waiting: number;
}

export function guardConnections(app: FastifyInstance, options: ConnectionGuardOptions): ConnectionGuard {
  const caps = { total: options.total, perAddress: options.perClientMax };
  const overflowMax = Math.max(OVERFLOW_MIN, Math.ceil(options.total / OVERFLOW_SHARE));
  const holdings = new Map<string, Holding>();
  let heldTotal = 0;
  const overflow = new Map<string, Set<Connection>>();
  let overflowSize = 0;
  const bySocket = new WeakMap<Socket, Connection>();
  /** Requests that wait for a slot or are refused: true once they may be served, false for 503. */
  const decisions = new WeakMap<IncomingMessage, Promise<boolean>>();
  const refused = { overCap: 0, full: 0, reset: 0, noRequest: 0 };
  const evicted = { idle: 0, queued: 0, slow: 0 };
  /** Connections past the total with their request read; those of them not placed yet, and addresses whose line may move: see settle. */
  const answering = new Set<Connection>();
  const arrived = new Set<Connection>();
  const dirty = new Set<string>();
  let settling = false;
  let recheck: NodeJS.Timeout | undefined;

  const holdingOf = (address: string): Holding => {
    let holding = holdings.get(address);
    if (!holding) {
      holding = { served: new Set(), queued: new Set(), waiting: 0 };
      holdings.set(address, holding);
    }
    return holding;
  };
  const phases = () => {
    const now = Date.now();
    return (connection: Connection) => connection.phase(now);
  };

  /** Takes a connection out of wherever it is (it is closing, or moving). */
  const release = (connection: Connection) => {
    const place = connection.place;
    connection.place = 'none';
    if (place === 'none') return;
    if (place === 'answering') {
      answering.delete(connection);
      return;
    }
    if (place === 'overflow') {
      const set = overflow.get(connection.address);
      if (set?.delete(connection)) {
        overflowSize--;
        if (set.size === 0) overflow.delete(connection.address);
      }
      return;
    }
    const holding = holdings.get(connection.address);
    if (!holding?.[place].delete(connection)) return;
    heldTotal--;
    if (holding.served.size + holding.queued.size === 0) holdings.delete(connection.address);
  };

  const hold = (connection: Connection, place: 'served' | 'queued') => {
    connection.place = place;
    holdingOf(connection.address)[place].add(connection);
    heldTotal++;
  };

  const giveWay = ({ connection, reason }: Victim<Connection>) => {
    evicted[reason]++;
    release(connection);
    // A request read is answered (503), never cut; anything else has nothing to answer.
    if (connection.waiter) {
      toAnswering(connection);
      connection.waiter.settle(false);
    } else connection.socket.destroy();
  };

  /** Past the total with its request read: it is answered, never closed unanswered (counted until it closes). */
  const toAnswering = (connection: Connection) => {
    connection.place = 'answering';
    answering.add(connection);
  };

  const toOverflow = (connection: Connection) => {
    if (overflowSize + answering.size >= overflowMax) {
      const victim = displaced(overflow, connection.address);
      refused.reset++;
      if (!victim) {
        connection.socket.destroy();
        return;
      }
      release(victim);
      victim.socket.destroy();
    }
    connection.place = 'overflow';
    const set = overflow.get(connection.address);
    if (set) set.add(connection);
    else overflow.set(connection.address, new Set([connection]));
    overflowSize++;
  };

  /** The request of a connection not served yet: the onRequest hook waits for its decision. */
  const waitFor = (connection: Connection, request: IncomingMessage) => {
    let decide!: (serve: boolean) => void;
    decisions.set(request, new Promise<boolean>((resolve) => (decide = resolve)));
    const waiter: Waiter = {
      since: Date.now(),
      line: null,
      settle(serve) {
        if (connection.waiter !== waiter) return;
        clearTimeout(timer);
        connection.waiter = null;
        if (waiter.line) waiter.line.waiting--;
        decide(serve);
      },
    };
    connection.waiter = waiter;
    const timer = setTimeout(() => {
      refused.overCap++;
      waiter.settle(false);
    }, WAIT_MS);
  };

  /** A queued connection's request joins its address's line. */
  const joinLine = (connection: Connection) => {
    const holding = holdingOf(connection.address);
    holding.waiting++;
    if (connection.waiter) connection.waiter.line = holding;
    dirty.add(connection.address);
  };

  /** Moves queued connections of the address up while it has (or can make) free slots. */
  const promote = (address: string) => {
    const holding = holdings.get(address);
    while (holding) {
      const next = promotion(holding, caps.perAddress, phases());
      if (!next) return;
      if (next.victim) giveWay({ connection: next.victim, reason: 'idle' });
      holding.queued.delete(next.promote);
      holding.served.add(next.promote);
      next.promote.place = 'served';
      next.promote.waiter?.settle(true);
    }
  };

  /**
   * Places the requests that arrived past the total and moves the lines. Run after the event
   * loop's poll phase (setImmediate), never while sockets are being read: a connection the server
   * still sees idle may have a request in its receive buffer, read later in the same phase, and
   * closing it would cut that request (a link checker's, reusing it while it opens another).
   */
  const settle = () => {
    settling = false;
    for (const connection of arrived) {
      arrived.delete(connection);
      if (!connection.waiter) continue; // closed meanwhile
      const admission = admit(holdings, connection.address, caps, phases());
      if (admission.place === 'refuse') {
        refused.full++;
        connection.waiter.settle(false);
        continue;
      }
      if (admission.victim) giveWay(admission.victim);
      release(connection);
      hold(connection, admission.place === 'serve' ? 'served' : 'queued');
      if (connection.place === 'served') connection.waiter.settle(true);
      else joinLine(connection);
    }
    for (const address of dirty) {
      dirty.delete(address);
      promote(address);
    }
    // A line that did not move may once a connection of its address has been idle long enough.
    if (recheck === undefined && [...holdings.values()].some((holding) => holding.waiting > 0)) {
      recheck = setInterval(() => {
        for (const [address, holding] of holdings) if (holding.waiting > 0) dirty.add(address);
        if (dirty.size > 0) settleSoon();
        else {
          clearInterval(recheck);
          recheck = undefined;
        }
      }, RECHECK_MS);
      recheck.unref();
    }
  };
  const settleSoon = () => {
    if (settling) return;
    settling = true;
    setImmediate(settle);
  };

  app.server.on('connection', (socket: Socket) => {
    const connection = new Connection(socket, socket.remoteAddress ?? 'unknown', Date.now());
    bySocket.set(socket, connection);
    socket.once('close', () => {
      clearTimeout(connection.firstRequestTimer);
      connection.waiter?.settle(false);
      arrived.delete(connection);
      const freesASlot = connection.place === 'served';
      release(connection);
      if (freesASlot && holdings.has(connection.address)) {
        dirty.add(connection.address);
        settleSoon();
      }
    });
    // Room is made for requests only (./connectionShares): past the total it waits for its request aside.
    if (heldTotal < caps.total)
      hold(connection, (holdings.get(connection.address)?.served.size ?? 0) < caps.perAddress ? 'served' : 'queued');
    else toOverflow(connection);
    if (socket.destroyed) return;
    connection.firstRequestTimer = setTimeout(() => {
      refused.noRequest++;
      socket.destroy();
    }, options.firstRequestMs);
    connection.firstRequestTimer.unref();
  });

  // Before Fastify's own listener, so the hooks below know which requests wait or are refused.
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = bySocket.get(request.socket);
    if (!connection) return;
    clearTimeout(connection.firstRequestTimer);
    connection.inFlight++;
    connection.latest = request;
    response.once('finish', () => {
      connection.inFlight--;
      if (connection.inFlight > 0) return;
      connection.quietSince = Date.now();
      connection.bytesAtQuiet = connection.socket.bytesRead;
    });
    if (connection.place === 'served') return;
    waitFor(connection, request);
    if (connection.place === 'queued') joinLine(connection);
    else {
      release(connection);
      toAnswering(connection);
      arrived.add(connection);
    }
    settleSoon();
  });

  // First of the onRequest hooks: a waiting or refused request costs no rate-limit count, no session lookup.
  app.addHook('onRequest', (request, reply, done) => {
    const decision = decisions.get(request.raw);
    if (!decision) {
      done();
      return;
    }
    void decision.then((serve) => (serve ? done() : refuse(reply)));
  });

  /**
   * While an address is served at its cap, its answers close their connections (`Connection:
   * close`): each hands its slot to a request in line, or leaves room for the next connection,
   * and no idle connection piles up that would have to be closed while its client may be
   * reusing it (a client sees the header; it cannot see a close that crosses its request).
   */
  app.addHook('onSend', async (request, reply, payload) => {
    const connection = bySocket.get(request.raw.socket);
    if (connection?.place === 'served' && (holdings.get(connection.address)?.served.size ?? 0) >= caps.perAddress)
      reply.header('Connection', 'close');
    return payload;
  });

  const guard: ConnectionGuard = {
    of: (address) => {
      const holding = holdings.get(address);
      return { served: holding?.served.size ?? 0, queued: holding?.queued.size ?? 0, waiting: holding?.waiting ?? 0 };
    },
    held: () => heldTotal,
    refused,
    evicted,
  };
  app.decorate('connectionGuard', guard);
  return guard;
}

function refuse(reply: FastifyReply): void {
  void reply
    .code(503)
    .header('Retry-After', String(RETRY_AFTER_S))
    .header('Connection', 'close')
    .header('Cache-Control', 'no-store')
    .type('application/problem+json; charset=utf-8')
    .send(problem(503, 'Service Unavailable', CONNECTIONS_MESSAGE));
}
