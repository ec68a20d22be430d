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
  /** Marks the address verified, only while it is still the user's address; false otherwise. */
  markVerified(userId: string, email: string, at: Date): Promise<boolean>;
  /** Makes a verified new address the user's; 'taken' when another account has it meanwhile. */
  changeEmail(userId: string, email: string, at: Date): Promise<'changed' | 'taken' | 'gone'>;
  /** Erases the user (sessions and tokens go with it, by cascade); false when there was none. */
  deleteUser(userId: string): Promise<boolean>;
  /** Contact requests (not spam) sent from this address, newest first. */
  requestsFrom(email: string): Promise<ContactRequest[]>;
  /** Erases them; how many. */
  deleteRequestsFrom(email: string): Promise<number>;
}
