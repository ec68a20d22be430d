/**
 * Persistence of sign-in sessions (SQLite: ./sqliteStore, PostgreSQL: ./pgStore; table
 * `sessions`). A session is keyed by the SHA-256 of its token (./token), never the token; `id`
 * is a separate random id a page may show and name (sign out one device). Expiry is decided by
 * the caller (./sessionService) from createdAt / lastSeenAt and the configured limits, so
 * changing the limits applies to existing sessions too.
 *
 * Both databases end every session of a user when the user is deactivated (a trigger on
 * users.active) or deleted (ON DELETE CASCADE), whichever code path does it.
 */
export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string;
  /** The sign-in was proven with a passkey (WebAuthn): what the staff console requires (server/staff/guard). */
  passkeyVerified: boolean;
}

/** A session found by its token, with its user's state. */
export interface SessionWithUser extends Session {
  userActive: boolean;
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  userAgent: string;
  /** Default false: a password sign-in. */
  passkeyVerified?: boolean;
}

export interface SessionStore {
  /** Starts a session and records it as the user's last sign-in (users.last_sign_in_at). */
  create(input: NewSession): Promise<Session>;
  find(tokenHash: string): Promise<SessionWithUser | null>;
  /** Moves lastSeenAt to now. */
  touch(tokenHash: string): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  /** A user's sessions, newest first. */
  listForUser(userId: string): Promise<Session[]>;
  /** Ends one session of a user by its id; false when the user has none with that id. */
  deleteById(userId: string, id: string): Promise<boolean>;
  /** Ends every session of a user, or every one but `exceptTokenHash`; how many ended. */
  deleteForUser(userId: string, exceptTokenHash?: string): Promise<number>;
  close(): Promise<void>;
}

/** Longest user agent kept (the account page shows browser and OS read from it). */
export const USER_AGENT_MAX = 400;
