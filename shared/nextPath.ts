/**
 * Where a visitor goes after signing in (`next`): only a path of this site. Anything that a
 * browser could read as another origin (`//evil.example`, `/\evil.example`, `https://…`, a tab
 * or line break the URL parser drops, `javascript:`) gives null, and the caller uses its default.
 * Read by the server (the form post's 303) and by the sign-in island (its redirect), so both
 * follow one rule.
 */
const PROBE_ORIGIN = 'https://next.invalid';

export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes read as slashes, and control characters or spaces are dropped or refused by
  // browsers in ways that differ: no legitimate path of the site has them.
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
