/**
 * The scrypt task run by piscina's worker threads (./scryptWorker.ts). Plain JavaScript, so the
 * same file runs under tsx (development, Vitest) and next to the esbuild bundle
 * (scripts/build-server.mjs copies it to server-dist/, beside main.mjs).
 *
 * Each worker thread first lowers its own CPU priority (on Linux a thread's nice value is its
 * own): on a busy machine the kernel gives the CPU to the thread that answers requests first.
 */
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';

try {
  setPriority(19);
} catch {
  // Not permitted or not supported: hash at the normal priority.
}

/** @param {{ password: string, salt: Uint8Array, keylen: number, options: import('node:crypto').ScryptOptions }} task */
export default function scrypt({ password, salt, keylen, options }) {
  return scryptSync(password, salt, keylen, options);
}
