import { describe, expect, it } from 'vitest';
import { WindowCounter } from '../../server/api/windowCounter';
import { HashQueue, QueueFullError, defaultHashConcurrency, threadPoolSize } from '../../server/users/hashQueue';

/** A task that finishes when the test says so. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('HashQueue', () => {
  it('runs at most `concurrency` tasks at once, first come first served', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 10 });
    const tasks = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const results = tasks.map((task, n) => queue.run(async () => (started.push(n), await task.done, n)));
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.size).toEqual({ running: 2, waiting: 3 });
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const task of tasks) task.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with QueueFullError and a Retry-After when too many wait; starts nothing', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 2 });
    const task = deferred();
    let ran = 0;
    const accepted = [0, 1, 2].map(() => queue.run(async () => (ran++, await task.done)));
    await tick();
    const refused = queue.run(async () => ran++);
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    const error = (await refused.catch((e: unknown) => e)) as QueueFullError;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(error.retryAfterSeconds)).toBe(true);
    task.finish();
    await Promise.all(accepted);
    expect(ran).toBe(3);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 1 });
    const failing = queue.run(async () => {
      throw new Error('scrypt failed');
    });
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('scrypt failed');
    await expect(next).resolves.toBe('next');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('sizes itself to the machine: cores - 1 and pool - 2, at least 1', () => {
    expect(defaultHashConcurrency(2, 4)).toBe(1);
    expect(defaultHashConcurrency(1, 4)).toBe(1);
    expect(defaultHashConcurrency(8, 4)).toBe(2);
    expect(defaultHashConcurrency(8, 16)).toBe(7);
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '8' })).toBe(8);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'x' })).toBe(4);
    expect(() => new HashQueue({ concurrency: 0, maxWaiting: 1 })).toThrow();
  });
});

describe('WindowCounter', () => {
  it('allows `max` events per window and key, then says how long to wait', () => {
    let now = 1_000_000;
    const counter = new WindowCounter(3, 60_000, () => now);
    expect([counter.hit('a'), counter.hit('a'), counter.hit('a')]).toEqual([0, 0, 0]);
    expect(counter.blockedFor('a')).toBe(60);
    expect(counter.blockedFor('b')).toBe(0);
    now += 45_500;
    expect(counter.hit('a')).toBe(15);
    now += 14_500;
    expect(counter.blockedFor('a')).toBe(0);
    expect(counter.hit('a')).toBe(0);
    expect(counter.count('a')).toBe(1);
  });

  it('keeps at most maxKeys keys, dropping the oldest', () => {
    const counter = new WindowCounter(1, 60_000, () => 0, 3);
    for (const key of ['a', 'b', 'c', 'd']) counter.hit(key);
    expect(counter.count('a')).toBe(0);
    expect(counter.count('d')).toBe(1);
  });
});

describe('HashQueue waiting time', () => {
  it('gives up on a task that waited longer than maxWaitMs, and the queue goes on', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 50 });
    const task = deferred();
    const first = queue.run(() => task.done);
    const late = queue.run(async () => 'never');
    await expect(late).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.size).toEqual({ running: 1, waiting: 0 });
    task.finish();
    await first;
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
