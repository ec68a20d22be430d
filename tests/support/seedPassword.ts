import { hashPassword, type ScryptCost } from '../../server/users/password';

/**
 * The hash of a seeded account's password at a cheap scrypt cost (N = 2^10, about 1 ms instead of
 * 0.3 s at the server's 2^17). Suites that seed an account to test sessions, mail or throttling
 * sign in with it dozens of times; the hash is self-describing, so the server verifies it at this
 * cost. Passwords the server sets itself (sign-up, reset, change) keep the real cost, and
 * tests/unit/userStore.test.ts and api.test.ts check that cost.
 */
const SEED_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export function seedPasswordHash(password: string): Promise<string> {
  return hashPassword(password, SEED_COST);
}
