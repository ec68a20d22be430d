import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { scryptOnWorker } from './scryptWorker';

/**
 * Password hashing with scrypt (node:crypto). A hash is stored as a self-describing string
 *
 *     scrypt$<N>$<r>$<p>$<salt, base64>$<key, base64>
 *
 * so the cost parameters travel with the hash: raising them later leaves old hashes verifiable
 * (and {@link needsRehash} tells when to upgrade one after a successful sign-in).
 * Passwords are normalised to Unicode NFC first, so the same password typed on two systems that
 * compose accented letters differently gives the same hash.
 */

/** Current cost parameters: N = 2^17, r = 8, p = 1 (about 128 MiB and ~0.3 s per hash). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
export const SALT_BYTES = 16;
export const KEY_BYTES = 64;
/** Memory ceiling handed to scrypt (Node's default of 32 MiB is below 128 * N * r). */
export const SCRYPT_MAXMEM = 256 * 1024 * 1024;

const PREFIX = 'scrypt';

/** Bounds accepted when reading a stored hash, so a corrupted row cannot ask for absurd work. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** scrypt on a low-priority worker thread (./scryptWorker), off the thread pool static reads use. */
function derive(password: string, salt: Buffer, keylen: number, params: ScryptOptions): Promise<Buffer> {
  return scryptOnWorker(password.normalize('NFC'), salt, keylen, { ...params, maxmem: SCRYPT_MAXMEM });
}

function parseInteger(text: string | undefined): number {
  return text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : NaN;
}

/** Reads a stored hash; null when it is not one this module wrote. */
export function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const N = parseInteger(parts[1]);
  const r = parseInteger(parts[2]);
  const p = parseInteger(parts[3]);
  if (!(N >= 2 && N <= MAX_N && (N & (N - 1)) === 0)) return null; // a power of two
  if (!(r >= 1 && r <= MAX_R && p >= 1 && p <= MAX_P)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/** Cost parameters of scrypt: N (a power of two), r and p. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** The test suites' cost setting: allowed with NODE_ENV=test only. */
export const TEST_HASH_COST_VARIABLE = 'DC_TEST_SCRYPT_N';

/**
 * The cost a server hashes new passwords with: {@link SCRYPT_PARAMS}, or, for the test suites'
 * servers only (NODE_ENV=test), N = DC_TEST_SCRYPT_N (a power of two from 2^4 to 2^17; r and p
 * stay), so a sign-up in a test costs about a millisecond instead of ~0.5 s of CPU. Anywhere else
 * the variable is refused: a production server never hashes below SCRYPT_PARAMS. (Django's test
 * settings swap in a fast hasher for the same reason.)
 */
export function hashCostFrom(env: NodeJS.ProcessEnv): ScryptCost {
  const value = env[TEST_HASH_COST_VARIABLE];
  if (value === undefined || value === '') return SCRYPT_PARAMS;
  if (env.NODE_ENV !== 'test') {
    throw new Error(`${TEST_HASH_COST_VARIABLE} is for the test suites only (NODE_ENV=test): a server hashes passwords at N = 2^17. Unset it.`);
  }
  const N = /^[1-9][0-9]{0,6}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(N) || N < 2 ** 4 || N > SCRYPT_PARAMS.N || (N & (N - 1)) !== 0) {
    throw new Error(`${TEST_HASH_COST_VARIABLE} must be a power of two from 16 to ${SCRYPT_PARAMS.N}, got '${value}'`);
  }
  return { ...SCRYPT_PARAMS, N };
}

/**
 * Hashes a password with a fresh 16-byte random salt and the current {@link SCRYPT_PARAMS}. The
 * server never passes `cost`; tests that seed accounts to test something else than the hash pass
 * a cheaper one (tests/support/seedPassword.ts), which {@link verifyPassword} reads back from the hash.
 */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_PARAMS): Promise<string> {
  const { N, r, p } = cost;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, { N, r, p });
  return [PREFIX, N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A stored hash no password matches, made without hashing: the current cost parameters with a
 * random salt and a random 64-byte key (a password would have to hit that key, 1 in 2^512). For an
 * account without a password of its own (`npm run staff -- add` creates one: staff sign in with a
 * passkey, or set a password by reset) and for an unknown address's sign-in, which checks it so it
 * costs what a known address costs. Hashing a random password instead cost ~0.5 s of CPU for nothing.
 */
export function unmatchableHash(cost: ScryptCost = SCRYPT_PARAMS): string {
  const { N, r, p } = cost;
  return [PREFIX, N, r, p, randomBytes(SALT_BYTES).toString('base64'), randomBytes(KEY_BYTES).toString('base64')].join('$');
}

/**
 * True when `password` matches `stored` (compared in constant time). A stored value that is not
 * a well-formed hash of this module never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with other parameters than the current ones (or is unreadable). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.N !== SCRYPT_PARAMS.N ||
    parsed.r !== SCRYPT_PARAMS.r ||
    parsed.p !== SCRYPT_PARAMS.p ||
    parsed.key.length !== KEY_BYTES ||
    parsed.salt.length !== SALT_BYTES
  );
}
