/**
 * What passkeys (WebAuthn, issue 32) store, on SQLite (./sqlitePasskeyStore) and PostgreSQL
 * (./pgPasskeyStore), tables of migration 6 / 'passkeys':
 * - a user's credentials: the credential id and COSE public key (base64url; public, nothing that
 *   signs anyone in), the authenticator's signature counter, its transports and a name the user
 *   gives it; deleted with the user (cascade);
 * - the challenges of ceremonies under way: random, single use (taking one deletes it in the
 *   statement that reads it, so two requests racing with one answer cannot both pass), short-lived,
 *   bound to the user a registration is for (null for a sign-in, which does not know who yet).
 */
export interface Passkey {
  /** The credential id (base64url), as the authenticator names it. */
  id: string;
  userId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface NewPasskey {
  id: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
}

export type ChallengePurpose = 'registration' | 'authentication';

export interface StoredChallenge {
  purpose: ChallengePurpose;
  userId: string | null;
}

export interface PasskeyStore {
  /** Stores a credential; false when a credential with this id exists already. */
  add(passkey: NewPasskey, now: Date): Promise<boolean>;
  /** One credential by its id, whoever's it is, or null. */
  get(id: string): Promise<Passkey | null>;
  /** A user's credentials, oldest first. */
  listForUser(userId: string): Promise<Passkey[]>;
  /** Moves the counter and the last use after a sign-in. */
  recordUse(id: string, counter: number, now: Date): Promise<void>;
  /** Renames one of the user's credentials; false when the user has none with this id. */
  rename(userId: string, id: string, name: string): Promise<boolean>;
  /**
   * Deletes one of the user's credentials unless it is the user's last: 'deleted', 'last' (kept),
   * or 'unknown'. Checked and deleted in one transaction, so two removals racing cannot leave none.
   */
  removeUnlessLast(userId: string, id: string): Promise<'deleted' | 'last' | 'unknown'>;
  /** Deletes one of the user's credentials, even the last (a client keeps a password); false when the user has none with this id. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Keeps a new challenge until `expiresAt` (and sweeps the expired ones). */
  putChallenge(challenge: string, stored: StoredChallenge, expiresAt: Date, now: Date): Promise<void>;
  /** Takes (deletes) a challenge of this purpose: what it was bound to, or null when unknown, used, or expired. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, now: Date): Promise<StoredChallenge | null>;
}

/** Transports as the tables keep them: comma-separated. */
export function transportsText(transports: readonly string[]): string {
  return transports.filter((each) => /^[a-z-]{1,20}$/.test(each)).join(',');
}

export function transportsList(text: string): string[] {
  return text === '' ? [] : text.split(',');
}
