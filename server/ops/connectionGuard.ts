import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Connection limits Node has no setting for (issue 35: one client holding 512 idle sockets took
 * the site offline, because the total cap, DC_MAX_CONNECTIONS, was all there was and the per-IP
 * rate limits only count requests):
 *
 * - perClientMax (DC_MAX_CONNECTIONS_PER_IP, 32; TRUST_PROXY set: the total): open connections
 *   per client address. A browser opens at most 6 per host over HTTP/1.1 and one over HTTP/2, so
 *   32 leaves room for a household or an office behind one NAT address, and a single address
 *   can hold at most a sixteenth of the total. Connections past it are closed at once. Behind a
 *   proxy every connection comes from the proxy's address, so the proxy caps clients (the
 *   generated nginx config does, `limit_conn`) and this cap defaults to the total.
 * - firstRequestMs (DC_FIRST_REQUEST_TIMEOUT_S, 5): a connection must deliver its first request
 *   head within this time, or it is closed. Node's own timeouts only start to count once bytes
 *   arrive or allow a whole request (10 s + the check interval): a socket that sends nothing held
 *   its slot for ~11 s. A browser sends its request in the first round trip; a preconnected socket
 *   left unused is reopened by the browser when it needs one.
 */
export interface ConnectionGuardOptions {
  perClientMax: number;
  firstRequestMs: number;
}

export interface ConnectionGuard {
  /** Open connections per client address (for metrics and tests). */
  readonly byAddress: ReadonlyMap<string, number>;
  /** Connections closed by the guard since start: over the per-client cap, no request in time. */
  readonly refused: { overCap: number; noRequest: number };
}

const firstRequestTimer = Symbol('dc.firstRequestTimer');
type GuardedSocket = Socket & { [firstRequestTimer]?: NodeJS.Timeout };

export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const byAddress = new Map<string, number>();
  const refused = { overCap: 0, noRequest: 0 };

  server.on('connection', (socket: GuardedSocket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const open = (byAddress.get(address) ?? 0) + 1;
    byAddress.set(address, open);
    socket.once('close', () => {
      clearTimeout(socket[firstRequestTimer]);
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left <= 0) byAddress.delete(address);
      else byAddress.set(address, left);
    });
    if (open > options.perClientMax) {
      refused.overCap++;
      socket.destroy();
      return;
    }
    socket[firstRequestTimer] = setTimeout(() => {
      refused.noRequest++;
      socket.destroy();
    }, options.firstRequestMs);
    socket[firstRequestTimer].unref();
  });

  server.on('request', (request: { socket: GuardedSocket }) => {
    const timer = request.socket[firstRequestTimer];
    if (timer) {
      clearTimeout(timer);
      delete request.socket[firstRequestTimer];
    }
  });

  return { byAddress, refused };
}
