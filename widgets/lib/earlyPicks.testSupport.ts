import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the page's inline early-picks script (site/_includes/early-picks.js), as the head serves it,
 * listening on this test file's window, and returns what takes its listeners off again. Test files
 * share their worker's window (vitest `isolate: false`): a file that left them would make every press
 * in the next file's page count twice.
 */
export function installEarlyPicks(): () => void {
  const added: Array<Parameters<typeof window.addEventListener>> = [];
  runInNewContext(readFileSync('site/_includes/early-picks.js', 'utf8'), {
    addEventListener: (...args: Parameters<typeof window.addEventListener>) => {
      added.push(args);
      window.addEventListener(...args);
    },
    document,
  });
  return () => {
    for (const [type, listener, options] of added) window.removeEventListener(type, listener, options);
  };
}

/** The page's inline script, listening on this test file's window from its first test to its end. */
export function withEarlyPicks(): void {
  let uninstall: () => void = () => undefined;
  beforeAll(() => {
    uninstall = installEarlyPicks();
  });
  afterAll(() => uninstall());
}
