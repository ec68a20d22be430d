import type { ScryptOptions } from 'node:crypto';
import { Piscina } from 'piscina';

/**
 * scrypt on worker threads at a low CPU priority (nice 10: ./scrypt-worker.mjs says why), instead
 * of in libuv's thread pool: a `piscina` pool running ./scrypt-worker.mjs.
 *
 * The async `crypto.scrypt` runs in the pool the static file reads need, at the same priority as
 * the event loop. Here each hash runs as `scryptSync` on a worker thread that has lowered its own
 * priority (`os.setPriority(10)`), so on a busy machine the request thread gets the CPU first and
 * libuv's pool stays free. How many hashes run and wait is decided in front of the pool, by the
 * API's HashQueue (./hashQueue: its limits, the 503 past them); the pool only runs what it is given.
 * Idle threads (up to {@link MAX_THREADS}) end after {@link IDLE_MS}, those prewarmed stay; none
 * keeps the process alive.
 */

const MAX_THREADS = 4;
const IDLE_MS = 60_000;
/** Next to this module in the sources (server/users/) and next to main.mjs in the bundle (server-dist/). */
const WORKER_FILE = new URL('./scrypt-worker.mjs', import.meta.url).href;

let pool: Piscina | null = null;

function poolOf(minThreads: number): Piscina {
  pool ??= new Piscina({ filename: WORKER_FILE, minThreads: Math.min(minThreads, MAX_THREADS), maxThreads: MAX_THREADS, idleTimeout: IDLE_MS });
  return pool;
}

/**
 * Starts `count` threads ahead of the first sign-up, so a burst of sign-ups does not pay for
 * starting threads (tens of milliseconds of CPU each) while requests are arriving.
 */
export function prewarmScryptWorkers(count: number): void {
  poolOf(count);
}

/** Derives a scrypt key on a low-priority worker thread. */
export async function scryptOnWorker(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  const key = (await poolOf(1).run({ password, salt: new Uint8Array(salt), keylen, options })) as Uint8Array;
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}
