/**
 * What a test does when a program it runs against (PostgreSQL, nginx, openssl, Java, Chromium) is
 * not on the machine. Locally it skips, with the reason naming the package to install. With
 * `CI=true` it fails instead: there the setup script (scripts/ensure-test-deps.mjs) installs every
 * program, so a missing one means the setup broke, and a green run must not hide a suite that
 * never ran.
 *
 * Returns true when the caller should skip; throws under CI.
 */
export function skipForMissing(what: string, reason: string | null): boolean {
  if (reason === null) return false;
  const message = `${what} unavailable: ${reason}`;
  if (process.env.CI) throw new Error(`${message} (CI=true: a missing program fails the run instead of skipping it)`);
  console.warn(`${message}; skipped.`);
  return true;
}
