import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookiesIfSent, sessionTokenOf, setSessionCookies } from './cookies';
import type { Session, SessionStore } from './store';
import { hashToken, isTokenShaped, newSessionToken } from './token';

/** The signed-in visitor of a request. */
export interface CurrentSession {
  session: Session;
  tokenHash: string;
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** lastSeenAt is written at most this often per session (one write a minute, not one per request). */
export const TOUCH_EVERY_MS = 60_000;

/**
 * Starting, reading and ending sessions over a {@link SessionStore}. A session ends when it was
 * not used for `idleMs` or `absoluteMs` after sign-in, or when its user is deactivated; an ended
 * session found by its cookie is deleted and its cookies cleared.
 */
export function sessionService(store: SessionStore, limits: SessionLimits, now: () => Date = () => new Date()) {
  const expired = (session: Session): boolean => {
    const at = now().getTime();
    return at - session.lastSeenAt.getTime() >= limits.idleMs || at - session.createdAt.getTime() >= limits.absoluteMs;
  };

  return {
    /**
     * A new session with a new token (no fixation: never reuses one the browser sent);
     * `passkeyVerified` when the sign-in was proven with a passkey (server/passkeys).
     */
    async start(reply: FastifyReply, userId: string, userAgent: string, options: { passkeyVerified?: boolean } = {}): Promise<Session> {
      const token = newSessionToken();
      const session = await store.create({ tokenHash: hashToken(token), userId, userAgent, passkeyVerified: options.passkeyVerified === true });
      setSessionCookies(reply, token, limits.absoluteMs);
      return session;
    },

    /** The request's live session, or null (clearing the cookies of a dead one). */
    async read(request: FastifyRequest, reply: FastifyReply): Promise<CurrentSession | null> {
      const token = sessionTokenOf(request);
      if (!isTokenShaped(token)) {
        clearSessionCookiesIfSent(request, reply);
        return null;
      }
      const tokenHash = hashToken(token);
      const found = await store.find(tokenHash);
      if (!found || !found.userActive || expired(found)) {
        if (found) await store.delete(tokenHash);
        clearSessionCookiesIfSent(request, reply);
        return null;
      }
      if (now().getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await store.touch(tokenHash);
      const { userActive: _active, ...session } = found;
      return { session, tokenHash };
    },

    /** Ends the request's session, if any, and clears its cookies. */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = sessionTokenOf(request);
      if (isTokenShaped(token)) await store.delete(hashToken(token));
      clearSessionCookiesIfSent(request, reply);
    },

    store,
  };
}
export type SessionService = ReturnType<typeof sessionService>;
