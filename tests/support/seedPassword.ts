import { TEST_HASH_COST_VARIABLE, hashPassword, type ScryptCost } from '../../server/users/password';

/**
 * The hash of a seeded account's password at a cheap scrypt cost (N = 2^10, about 1 ms instead of
 * 0.3 s at the server's 2^17). Suites that seed an account to test sessions, mail or throttling
 * sign in with it dozens of times; the hash is self-describing, so the server verifies it at this
 * cost. Test servers set new passwords (sign-up, reset, change) at this cost too, through
 * {@link CHEAP_HASH_ENV}; tests/unit/userStore.test.ts and api.test.ts check the real cost.
 */
const SEED_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export function seedPasswordHash(password: string): Promise<string> {
  return hashPassword(password, SEED_COST);
}

/**
 * The environment that makes a test server hash the passwords it sets (sign-up, reset, change)
 * and check unknown addresses at {@link SEED_COST} (server/users/password's hashCostFrom: with
 * NODE_ENV=test only). At the real cost each is ~0.5 s of CPU: about 70 of them in the unit suite
 * and as many in the browser suite.
 */
export const CHEAP_HASH_ENV = { NODE_ENV: 'test', [TEST_HASH_COST_VARIABLE]: String(SEED_COST.N) } as const;
