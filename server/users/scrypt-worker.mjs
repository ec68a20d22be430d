/**
 * The scrypt task run by piscina's worker threads (./scryptWorker.ts). Plain JavaScript, so the
 * same file runs under tsx (development, Vitest) and next to the esbuild bundle
 * (scripts/build-server.mjs copies it to server-dist/, beside main.mjs).
 *
 * Each worker thread first lowers its own CPU priority (on Linux a thread's nice value is its
 * own): on a busy machine the kernel gives the CPU to the thread that answers requests first.
 *
 * Nice 10, not 19: against a thread at the normal priority on the same core, nice 10 gets about a
 * tenth of it (weights 110 and 1024) and nice 19 about 1.5% (15 and 1024). At 19, anything else
 * busy on the machine (a backup, a build, two busy loops in the test suite's loaded runs) stretched
 * a 0.3 s hash to 20 s and more, past the hash queue's 10 s wait, so sign-ins failed with 503 or
 * the socket timed out; at 10 the request thread still gets nine tenths of a shared core.
 */
const HASH_THREAD_NICE = 10;
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';

try {
  setPriority(HASH_THREAD_NICE);
} catch {
  // Not permitted or not supported: hash at the normal priority.
}

/** @param {{ password: string, salt: Uint8Array, keylen: number, options: import('node:crypto').ScryptOptions }} task */
export default function scrypt({ password, salt, keylen, options }) {
  return scryptSync(password, salt, keylen, options);
}
