import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalPath } from '../site/_config/urls.js';
import { API_BASE } from '../widgets/lib/constants';
import { sendProblem } from './api/problem';
import { HOST_FILES } from './hosting/siteFiles';
import { cacheControlFor, NOT_FOUND_PAGE, REDIRECTS } from './hosting/siteRules';
import { decodePath, encodePath, relativeFilePath, splitRequestUrl } from './staticPath';

/** The cache rule lives in ./hosting/siteRules (shared with the generated host configs). */
export { cacheControlFor };

/**
 * Serves dist/: every route is a directory with an index.html, answered at
 * its canonical URL without a trailing slash (`/about`); `/about/` and
 * `/about/index.html` redirect there with 301. The exception (site/_config/urls.js)
 * are the blog posts, canonical WITH the slash: `/blog/{slug}/` answers 200 and
 * `/blog/{slug}` and `/blog/{slug}/index.html` redirect to it. Unknown paths get the built
 * not-found page with status 404. Files are streamed by @fastify/static
 * (ETag, Last-Modified, ranges, no path traversal). The path is decoded once and must be plain
 * (./staticPath): a malformed one is 400, one with control characters, backslashes or encoded
 * dot segments is 404, and a redirect's target comes from the resolved file, never the request.
 */
export async function registerStaticSite(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const root = options.distDir;
  await app.register(fastifyStatic, {
    root,
    serve: false,
    dotfiles: 'deny',
    etag: true,
    lastModified: true,
    cacheControl: false,
  });

  /** A path that cannot be decoded (a stray '%'): 400, plainly; nothing was looked up. */
  const badRequest = (reply: FastifyReply) =>
    reply.code(400).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Bad Request');

  const notFound = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404).header('Cache-Control', 'no-cache');
    if (existsSync(join(root, NOT_FOUND_PAGE))) return reply.type('text/html; charset=utf-8').sendFile(NOT_FOUND_PAGE);
    return reply.type('text/plain; charset=utf-8').send('Page Not Found');
  };

  /**
   * The file a request path names, from the path decoded ONCE (see ./staticPath): `{ file }`
   * relative to dist/ with '/' separators, and for a directory index the `route` it is canonical
   * at. Null when nothing is there.
   */
  const resolveFile = (decoded: string): { file: string; route: string | null } | null => {
    const relative = relativeFilePath(decoded);
    if (relative === null) return null;
    if (HOST_FILES.has(relative)) return null; // dist/_headers, dist/_redirects: for the CDN, not content
    const candidate = join(root, relative);
    if (relative !== '' && existsSync(candidate) && statSync(candidate).isFile()) {
      const isIndex = relative === 'index.html' || relative.endsWith('/index.html');
      return { file: relative, route: isIndex ? canonicalPath(`/${relative}`) : null };
    }
    const index = relative === '' ? 'index.html' : `${relative}/index.html`;
    if (existsSync(join(root, index))) return { file: index, route: canonicalPath(`/${index}`) };
    return null;
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { rawPath, search } = splitRequestUrl(request.url);
    const path = decodePath(rawPath);
    if (path === null) return badRequest(reply);
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      return sendProblem(reply, 404, 'Not Found', `No API route GET ${rawPath}`);
    }
    const target = REDIRECTS[path.replace(/\/+$/, '')];
    if (target) return reply.redirect(target + search, 301);
    const found = resolveFile(path);
    if (!found) return notFound(request, reply);
    // A directory index answers at its canonical route only; every other spelling redirects
    // there. The target is built from the resolved file, never from the request.
    if (found.route !== null && path !== found.route) return reply.redirect(encodePath(found.route) + search, 301);
    reply.header('Cache-Control', cacheControlFor(found.route !== null ? '/' : `/${found.file}`));
    return reply.sendFile(found.file);
  };

  app.get('/*', serve);
  app.get('/', serve);
}
