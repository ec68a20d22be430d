import { createHash, randomBytes } from 'node:crypto';

/**
 * Session tokens (The Copenhagen Book, "Session tokens"): 32 bytes from the CSPRNG, sent to the
 * browser as base64url and kept in the database only as their SHA-256, so a leaked table holds
 * nothing that signs anyone in. A token is long enough that hashing it without a salt is safe.
 */
export const TOKEN_BYTES = 32;

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** SHA-256 of a token, hex: the database's key for it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for a string shaped like a token of {@link newSessionToken} (43 base64url characters). */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
