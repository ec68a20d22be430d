import type { ContactRequest } from '../../shared/contactRequestSchema';
import type { MailOutbox, OutgoingMail } from '../contactRequests/mailOutbox';

/**
 * What the account mail flows store (issue 31), on SQLite (./sqliteAccountStore) and PostgreSQL
 * (./pgAccountStore), tables of migration 4 / 'account_mail':
 * - single-use link tokens (The Copenhagen Book, "Email verification" and "Password reset"): the
 *   database keeps the SHA-256 of a token, never the token; one token per user and purpose, so
 *   issuing a new one replaces the old link; using one deletes it in the same statement that
 *   reads it, so it works once even when two requests race;
 * - whether the user's current address is verified (users.email_verified_at);
 * - the account mails, queued in the site's mail outbox (../contactRequests/mailOutbox) in the token's
 *   transaction (a token is never issued without its mail, nor mailed without being stored);
 * - the contact requests sent from an address, for the account page, its export and deletion.
 */
export const TOKEN_PURPOSES = ['email-verification', 'password-reset', 'email-change'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export interface NewToken {
  tokenHash: string;
  userId: string;
  purpose: TokenPurpose;
  /** The address the link was sent to (for an email change: the new address). */
  email: string;
  expiresAt: Date;
}

/** A token that was used: whose it was and the address it was sent to. */
export interface UsedToken {
  userId: string;
  email: string;
}

export type TokenState = 'valid' | 'expired' | 'unknown';

/** What proving an address did (AccountStore.proveAddress). */
export type AddressProof =
  | { outcome: 'first'; removedPasskeys: string[]; endedSessions: number }
  | { outcome: 'again' | 'gone'; removedPasskeys: []; endedSessions: 0 };

/** A trusted device's cookie keeps it this long after its last sign-in (OWASP: device cookies). */
export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 3_600_000;
/** The devices an account keeps trusted at most; the oldest go first. */
export const TRUSTED_DEVICES_PER_ACCOUNT = 20;

export interface AccountStore {
  /** The site's mail outbox on the same database connection. */
  readonly mails: MailOutbox;
  /** Replaces the user's token of this purpose by `token` and queues `mail`, in one transaction. */
  issueToken(token: NewToken, mail: OutgoingMail, now: Date): Promise<void>;
  /** Whether a link is usable now, without using it (the link's page). */
  tokenState(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<TokenState>;
  /** Uses a token (deletes it): its user and address, or why not. An expired token is deleted too. */
  useToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<UsedToken | Exclude<TokenState, 'valid'>>;
  /** Deletes a user's tokens of one purpose (or all). */
  dropTokens(userId: string, purpose?: TokenPurpose): Promise<void>;
  /** The user's address when it is verified, else null. */
  verifiedEmail(userId: string): Promise<string | null>;
  /**
   * Marks the address verified after a link sent to it was used (a verification or a reset), only
   * while it is still the user's address. The first time, in the same transaction, everything the
   * account gained before anyone proved the address goes: every passkey, session and trusted device
   * (whoever registered the address may not be its owner). 'gone': the address is no longer the user's.
   */
  proveAddress(userId: string, email: string, at: Date): Promise<AddressProof>;
  /** Trusts a device that signed in to the account (the SHA-256 of its cookie's token) until `expiresAt`. */
  trustDevice(userId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void>;
  /** Whose trusted device this is, or null (unknown or expired). */
  deviceOwner(tokenHash: string, now: Date): Promise<string | null>;
  /** Makes a verified new address the user's; 'taken' when another account has it meanwhile. */
  changeEmail(userId: string, email: string, at: Date): Promise<'changed' | 'taken' | 'gone'>;
  /** Erases the user (sessions and tokens go with it, by cascade); false when there was none. */
  deleteUser(userId: string): Promise<boolean>;
  /** Contact requests (not spam) sent from this address, newest first. */
  requestsFrom(email: string): Promise<ContactRequest[]>;
  /** Erases them; how many. */
  deleteRequestsFrom(email: string): Promise<number>;
}
