import { describe, expect, it } from 'vitest';
import { nextTask } from './nextTask';

describe('nextTask', () => {
  it('runs the callback later, not in the current task, once', async () => {
    const calls: string[] = [];
    nextTask(() => calls.push('task'));
    calls.push('now');
    await Promise.resolve();
    expect(calls).toEqual(['now']);
    await new Promise((done) => setTimeout(done, 20));
    expect(calls).toEqual(['now', 'task']);
  });

  it('does not run a cancelled callback', async () => {
    let ran = false;
    const cancel = nextTask(() => (ran = true));
    cancel();
    await new Promise((done) => setTimeout(done, 20));
    expect(ran).toBe(false);
  });
});
