/**
 * The site's canonical URL forms, shared by the page build (site/_config/filters.js:
 * <link rel=canonical>, sitemap, header) and the server (server/staticSite.ts: which spelling
 * answers 200 and which one redirects with 301; the nginx config and _redirects of server/hosting).
 *
 * Every route is canonical WITHOUT a trailing slash (`/about`), except the blog posts, which
 * live at `/blog/{slug}/` (SPEC 3: a post's canonical_url). A post's page is a directory index
 * whose canonical form is the slash form.
 */

/** `/blog/{slug}/`: a path whose canonical form keeps its trailing slash. */
export const SLASH_CANONICAL = /^\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*\/$/;

/** Whether `path` (a URL path, decoded) is one of the slash-canonical directory indexes. */
export function isSlashCanonical(path: string): boolean {
  return SLASH_CANONICAL.test(path);
}

/**
 * The canonical spelling of a page URL: '/about/' -> '/about', '/about/index.html' -> '/about',
 * '/blog/some-post/index.html' -> '/blog/some-post/', '/' stays '/'.
 */
export function canonicalPath(url: string | null | undefined): string {
  if (!url || url === '/') return '/';
  const bare = url.replace(/index\.html$/, '').replace(/\/+$/, '') || '/';
  return bare !== '/' && isSlashCanonical(`${bare}/`) ? `${bare}/` : bare;
}
