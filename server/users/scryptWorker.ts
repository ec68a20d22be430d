import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

/**
 * scrypt on worker threads at the lowest CPU priority, instead of in libuv's thread pool.
 *
 * The async `crypto.scrypt` runs in the pool the static file reads need, at the same priority as
 * the event loop. Here each hash runs as `scryptSync` on a worker thread that first lowers its own
 * priority (`os.setPriority(19)`: on Linux a thread's nice value is its own), so on a busy machine
 * the kernel gives the CPU to the thread that answers requests first, and the pool stays free.
 * Idle workers are kept (up to {@link MAX_IDLE}) and do not keep the process alive.
 */

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try { require('node:os').setPriority(19); } catch {}
parentPort.on('message', ({ password, salt, keylen, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keylen, options);
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

const MAX_IDLE = 4;
const idle: Worker[] = [];

function newWorker(): Worker {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  return worker;
}

/**
 * Starts `count` idle workers ahead of the first sign-up, so a burst of sign-ups does not pay for
 * starting threads (tens of milliseconds of CPU each) while requests are arriving.
 */
export function prewarmScryptWorkers(count: number): void {
  while (idle.length < Math.min(count, MAX_IDLE)) idle.push(newWorker());
}

/** Derives a scrypt key on a low-priority worker thread. */
export function scryptOnWorker(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  const worker = idle.pop() ?? newWorker();
  return new Promise<Buffer>((resolve, reject) => {
    const onMessage = (message: { key?: Uint8Array; error?: string }) => {
      cleanup();
      if (idle.length < MAX_IDLE) idle.push(worker);
      else void worker.terminate();
      if (message.key) resolve(Buffer.from(message.key));
      else reject(new Error(message.error ?? 'scrypt failed'));
    };
    const onError = (error: Error) => {
      cleanup();
      void worker.terminate();
      reject(error);
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage({ password, salt: new Uint8Array(salt), keylen, options });
  });
}
