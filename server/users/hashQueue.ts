import { availableParallelism } from 'node:os';

/**
 * A bounded queue in front of password hashing.
 *
 * scrypt (N = 2^17: ~128 MiB and a few hundred ms of one core per hash) used to run in libuv's
 * thread pool, the same four threads (UV_THREADPOOL_SIZE) that read the static files: fifty
 * sign-ups at once filled it for a minute and `GET /about` waited 30-90 s behind the hashes.
 * Hashes now run on low-priority worker threads (./scryptWorker), and this queue bounds them:
 *
 * - at most `concurrency` hashes run at once ({@link defaultHashConcurrency}: one fewer than the
 *   cores, so one core is always left to the request thread; and never more than the pool minus
 *   two, should a hash function on the pool be plugged in);
 * - at most `maxWaiting` more wait their turn, first come first served, and none waits longer
 *   than `maxWaitMs` (default 10 s: well inside the 30 s socket idle timeout);
 * - past that, {@link HashQueue.run} refuses with {@link QueueFullError}, carrying how long the
 *   queue will take to drain (the API answers 503 with that as Retry-After). Refusing early costs
 *   nothing; waiting longer than a few seconds helps nobody.
 */

export interface HashQueueOptions {
  /** Hashes running at once (at least 1). */
  concurrency: number;
  /** Hashes allowed to wait for a free slot (0 = none wait). */
  maxWaiting: number;
  /** Longest wait for a slot before giving up with QueueFullError (default 10 000 ms). */
  maxWaitMs?: number;
}

/** Thrown by {@link HashQueue.run} when the queue is full; nothing was started. */
export class QueueFullError extends Error {
  readonly code = 'DC_HASH_QUEUE_FULL';
  constructor(readonly retryAfterSeconds: number) {
    super('The password hashing queue is full.');
  }
}

/** Size of libuv's thread pool (UV_THREADPOOL_SIZE, default 4). */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size > 0 ? size : 4;
}

/** Hashes at once: cores - 1 and pool - 2, at least 1 (1 on a 2-core machine with the default pool). */
export function defaultHashConcurrency(cores = availableParallelism(), pool = threadPoolSize()): number {
  return Math.max(1, Math.min(cores - 1, pool - 2));
}

/**
 * Hashes allowed to wait, by default: 8. Under load a hash took up to ~1.7 s on a busy 2-core
 * machine, so the last one waiting answers within ~15 s, inside the 30 s socket idle timeout.
 */
export const DEFAULT_HASH_QUEUE_WAITING = 8;

export class HashQueue {
  private running = 0;
  private readonly waiting: Array<(go: boolean) => void> = [];
  /** Moving average of a task's duration, for Retry-After (starts at a typical scrypt time). */
  private averageMs = 500;

  constructor(readonly options: HashQueueOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new Error('concurrency must be at least 1');
    if (!Number.isInteger(options.maxWaiting) || options.maxWaiting < 0) throw new Error('maxWaiting must be 0 or more');
  }

  /** Tasks running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Seconds until everything queued now is likely done (at least 1). */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length + 1;
    return Math.max(1, Math.ceil((ahead * this.averageMs) / this.options.concurrency / 1000));
  }

  /** Runs `task` when a slot is free; rejects with {@link QueueFullError} at once when too many wait. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw new QueueFullError(this.retryAfterSeconds());
      const go = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          const index = this.waiting.indexOf(turn);
          if (index !== -1) this.waiting.splice(index, 1);
          resolve(false);
        }, this.options.maxWaitMs ?? 10_000);
        const turn = (started: boolean) => {
          clearTimeout(timer);
          resolve(started);
        };
        this.waiting.push(turn);
      });
      if (!go) throw new QueueFullError(this.retryAfterSeconds());
    } else {
      this.running++;
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      const next = this.waiting.shift();
      // The slot passes straight to the next task; `running` only drops when nobody waits.
      if (next) next(true);
      else this.running--;
    }
  }
}
