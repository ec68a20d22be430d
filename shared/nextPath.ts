/**
 * Where a visitor goes after signing in (`next`): only a path of this site, in every spelling.
 * Read by the server (the form post's 303), the sign-in island, the passkey sign-in and the staff
 * enrollment page, so all follow one rule. Null means "not this": the caller uses its default.
 *
 * Refused:
 * - anything that does not start with exactly one `/` (`//host`, `https://…`, `javascript:`);
 * - backslashes, spaces and control characters (browsers drop or reread them in ways that differ);
 * - in the path, an encoded dot, slash or backslash (`%2e`, `%2f`, `%5c`) and any dot segment
 *   (`.` or `..`), raw or after decoding: a URL parser resolves `/.//evil.example` and
 *   `/a/..//evil.example` to `//evil.example`, which a browser reads as another host. No link of
 *   the site needs either;
 * - whatever the URL parser makes into another origin or into a path that starts with `//`.
 */
const PROBE_ORIGIN = 'https://next.invalid';

function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => segment === '.' || segment === '..');
}

export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  const rawPath = value.split(/[?#]/, 1)[0]!;
  if (/%(2e|2f|5c)/i.test(rawPath) || hasDotSegment(rawPath)) return null;
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (hasDotSegment(decodedPath) || /[\\\u0000-\u001f\u007f]/.test(decodedPath) || decodedPath.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
