/**
 * Reading the path of a request for a static file, safely. Used by ./staticSite.
 *
 * - The path is percent-decoded exactly once ({@link decodePath}); a path that does not decode
 *   is refused (400), never retried or decoded again: `/%25/` is the path `/%/`, which is simply
 *   not a file.
 * - A decoded path names a file only when it is plain ({@link relativeFilePath}): no control or
 *   invisible format characters (NUL, tab, CR/LF, C1, bidi controls), no backslash, no dot
 *   segment (`.`, `..`, `.hidden`) — a browser removes real dot segments before sending, so an
 *   encoded one (`%2e%2e`, `..%2F`) is never a link of ours. Repeated slashes collapse.
 * - A redirect target is built from the resolved file ({@link encodePath}), so it always starts
 *   with exactly one '/' and can never name another host (`//evil.example`, `/\\evil.example`).
 */

/** Characters that never appear in a file name of ours: C0 and C1 controls, DEL, format characters, lone surrogates, line separators, backslash. */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\\]/u;

/** The raw path and the query (with its '?', or '') of a request URL such as `/about/?ref=x`. */
export function splitRequestUrl(url: string): { rawPath: string; search: string } {
  const question = url.indexOf('?');
  return question === -1 ? { rawPath: url, search: '' } : { rawPath: url.slice(0, question), search: url.slice(question) };
}

/** The path percent-decoded once, or null when it is malformed (`/%E0%A4%A`, a lone surrogate). */
export function decodePath(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/**
 * The file path relative to the site's root that a decoded request path names: `/about/` ->
 * `about`, `/` -> ``, `//widgets//x.js` -> `widgets/x.js`. Null for a path that cannot name a file
 * of ours (see the module comment).
 */
export function relativeFilePath(decoded: string): string | null {
  if (!decoded.startsWith('/') || FORBIDDEN.test(decoded)) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  return segments.join('/');
}

/** A site path (starting with '/') percent-encoded segment by segment, for a Location header. */
export function encodePath(path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const clean = `/${encoded.replace(/^\/+/, '')}`;
  return clean.replace(/\/{2,}/g, '/');
}
