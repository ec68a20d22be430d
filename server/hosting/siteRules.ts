/**
 * THE description of how the static site is answered, wherever it is hosted: the headers of
 * every response, the cache rule of every file, the redirects between spellings of a route, and
 * the not-found page. The Node server applies it per request (../securityHeaders.ts,
 * ../staticSite.ts); the build turns it into dist/_headers and dist/_redirects (Netlify,
 * Cloudflare Pages) and deploy/nginx.conf (./headersFile.ts, ./redirectsFile.ts,
 * ./nginxConfig.ts). Change a rule here and every host follows; tests/e2e/hosting.spec.ts
 * compares the answers of nginx, of _headers/_redirects and of the Node server.
 */

/** Paths partners may fetch from their own origin (widget modules, tokens, data feeds, assets). */
export const CROSS_ORIGIN_PREFIXES = ['/widgets/', '/data/', '/assets/'] as const;

export function isCrossOriginResource(url: string): boolean {
  return CROSS_ORIGIN_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export type HeaderList = readonly (readonly [name: string, value: string])[];

/** Third-party frames the site may show once a visitor consents (Power BI reports, the office map): CSP frame-src. */
export const FRAME_SOURCES = [
  'https://app.powerbi.com',
  'https://app.powerbigov.us',
  'https://app.high.powerbigov.us',
  'https://app.mil.powerbigov.us',
  'https://app.powerbi.cn',
  'https://app.powerbi.de',
  'https://www.openstreetmap.org',
] as const;

/** Headers every response carries, the same on every path. */
export function siteWideHeaders(csp: string): HeaderList {
  return [
    ['Content-Security-Policy', csp],
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), clipboard-write=(self)',
    ],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

/** The headers that depend on the (request) path: cross-origin loading allowed or not. */
export function pathHeaders(url: string): HeaderList {
  return isCrossOriginResource(url) ? CROSS_ORIGIN_HEADERS : SAME_ORIGIN_HEADERS;
}

const CROSS_ORIGIN_HEADERS: HeaderList = [
  ['Access-Control-Allow-Origin', '*'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Vary', 'Origin'],
];
const SAME_ORIGIN_HEADERS: HeaderList = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['X-Frame-Options', 'SAMEORIGIN'],
];

/** Every header name {@link pathHeaders} may set (for hosts that must list them). */
export const PATH_HEADER_NAMES = [...new Set([...CROSS_ORIGIN_HEADERS, ...SAME_ORIGIN_HEADERS].map(([name]) => name))];

/** Files whose names carry a content hash (rollup '[name]-[hash].js', site-<hash>.css): cache forever. */
export const HASHED = /-[A-Za-z0-9_-]{8,}\.(?:js|css)$/;

/** A pinned widget file, named by its content hash: /widgets/v1/dc-blog.0123456789abcdef.js */
export const PINNED_WIDGET = /^\/widgets\/v\d+\/dc-[a-z-]+\.[0-9a-f]{16}\.js$/;

/**
 * Cache-Control of a file, by its URL path (a page's index.html counts as '/': revalidated on
 * every visit). Redirects and API answers set their own.
 */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('.html') || urlPath === '/' || !/\.[a-z0-9]+$/i.test(urlPath)) return 'no-cache';
  if (urlPath.startsWith('/assets/') && HASHED.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (urlPath.startsWith('/assets/fonts/')) return 'public, max-age=31536000, immutable';
  if (PINNED_WIDGET.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (urlPath.startsWith('/widgets/')) return 'public, max-age=300, stale-while-revalidate=86400';
  return 'public, max-age=3600, stale-while-revalidate=86400';
}

/**
 * Content types set by file suffix where a host's own table differs or has none: the Atom feed and
 * sitemap, the widgets' READMEs and CHANGELOG, their TypeScript declarations (.ts would be video/mp2t).
 */
export const CONTENT_TYPES: ReadonlyArray<readonly [suffix: string, type: string]> = [
  ['.xml', 'application/xml'],
  ['.md', 'text/markdown; charset=utf-8'],
  ['.d.ts', 'text/plain; charset=utf-8'],
  // One type for the icon and the web app manifest from every host (Debian's nginx mime.types names
  // the first differently from Node's lookup and lacks the second).
  ['.ico', 'image/x-icon'],
  ['.webmanifest', 'application/manifest+json; charset=utf-8'],
];

export function contentTypeFor(urlPath: string): string | undefined {
  return CONTENT_TYPES.find(([suffix]) => urlPath.endsWith(suffix))?.[1];
}

/** Permanent redirects between spellings of a route (besides the slash rules of shared/urls.ts). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/privacy-policy': '/privacy_policy',
};

/** The page answered, with status 404, for any path that names nothing (dist-relative). */
export const NOT_FOUND_PAGE = '404.html';

/** Where the API and the health check live; hosts without Node forward these to an API instance. */
export const API_PATHS = ['/dc_api', '/healthz', '/readyz'] as const;

/**
 * The pages the account mails' links open (/reset_password/<token>, /verify_email/<token>) and the
 * staff enrollment link's (/staff/enroll/<token>): a 43-character base64url token,
 * server/accounts/tokenPages.ts; they are answered by the API too; every other path under those
 * folders stays the static site's.
 */
export const API_PAGE_PREFIXES = ['/reset_password/', '/verify_email/', '/staff/enroll/'] as const;
export const API_PAGE_TOKEN = '[A-Za-z0-9_-]{43}';
export const API_PAGE_PATTERN = `^(${API_PAGE_PREFIXES.map((prefix) => prefix.slice(0, -1)).join('|')})/${API_PAGE_TOKEN}$`;
