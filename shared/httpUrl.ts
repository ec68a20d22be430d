/**
 * The http(s) rule, once: the only schemes a link, a feed, a page address or a snippet origin
 * may have. (Rules that are narrower, such as https only or Power BI hosts only, build on it.)
 */

/** Whether a URL's `protocol` ('https:', 'http:') is a web one. */
export function isHttpProtocol(protocol: string): boolean {
  return protocol === 'https:' || protocol === 'http:';
}

/** `value` parsed (relative to `base` when given) when it is an http: or https: URL, else null. */
export function httpUrl(value: string, base?: string | URL): URL | null {
  try {
    const url = new URL(value, base);
    return isHttpProtocol(url.protocol) ? url : null;
  } catch {
    return null;
  }
}
