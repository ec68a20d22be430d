/**
 * Where the images of a blog feed may load from (<dc-blog image-hosts>), so a feed cannot plant
 * tracking pixels on the embedding page. Shared by the element, the sanitizer's caller and the
 * CSP lines and form of the /embed page.
 */

/** The parsed attribute: the allowed sources, and the warnings to log. */
export interface ImageHosts {
  /**
   * Origins ('https://cdn.example.com'), hosts with an optional port ('cdn.example.com',
   * 'localhost:8080'), or subdomain wildcards ('*.example.com'), lower case. [] allows no image.
   * Every entry is also a valid CSP source expression (img-src).
   */
  sources: string[];
  warnings: string[];
}

const HOST = /^(\*\.)?[a-z\d]([a-z\d-]*[a-z\d])?(\.[a-z\d]([a-z\d-]*[a-z\d])?)*(:\d+)?$/;

/** The origin of an http(s) URL, or null. */
function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * One entry (lower case) in its stored form, or null when it is neither a bare http(s) origin
 * (no path, query, fragment or user name, which would be silently ignored) nor a host with an
 * optional port in range.
 */
function sourceOf(text: string): string | null {
  const origin = text.replace(/\/$/, '');
  if (text.includes('://')) return httpOrigin(origin) === origin ? origin : null;
  return HOST.test(text) && httpOrigin(`http://${text.replace('*.', '')}`) ? text : null;
}

/**
 * Parses `image-hosts`: hosts or origins separated by spaces and/or commas, or `none` (no image
 * at all; it must stand alone). Absent or empty: the origin of `feedUrl` (the feed's own site).
 * Malformed entries are ignored with a warning; when none is usable the default applies, with a
 * warning.
 */
export function parseImageHosts(attr: string | null | undefined, feedUrl: string | null): ImageHosts {
  const feedOrigin = feedUrl && httpOrigin(feedUrl);
  const defaults = feedOrigin ? [feedOrigin] : [];
  const entries = (attr ?? '').toLowerCase().split(/[\s,]+/).filter(Boolean);
  if (entries.join() === 'none') return { sources: [], warnings: [] };
  const sources: string[] = [];
  const warnings: string[] = [];
  for (const entry of entries) {
    const source = entry === 'none' ? null : sourceOf(entry);
    if (!source) warnings.push(`<dc-blog> image-hosts: "${entry}" is not a host or an http(s) origin; ignored.`);
    else if (!sources.includes(source)) sources.push(source);
  }
  if (sources.length > 0) return { sources, warnings };
  if (entries.length > 0) warnings.push(`<dc-blog> image-hosts: no usable entry; images load from the feed's own site only (${feedOrigin || 'none'}).`);
  return { sources: defaults, warnings };
}

/**
 * Whether the image at `url` (absolute) may load: an http(s) URL whose origin is one of the
 * origins in `sources`, whose host (with its port) is one of the hosts, or whose host name ends
 * in '.example.com' for a '*.example.com' entry.
 */
export function imageAllowed(url: string, sources: readonly string[]): boolean {
  const origin = httpOrigin(url);
  if (!origin) return false;
  const { host, hostname } = new URL(url);
  return sources.some((source) =>
    source.includes('://') ? source === origin : source.startsWith('*.') ? hostname.endsWith(source.slice(1)) : source === host,
  );
}
