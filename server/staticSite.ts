import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalPath } from '../shared/urls';
import { API_BASE } from '../shared/constants';
import { sendProblem } from './api/problem';
import { chooseEncoding, indexDist } from './distIndex';
import { HOST_FILES } from './hosting/siteFiles';
import { cacheControlFor, contentTypeFor, NOT_FOUND_PAGE, REDIRECTS } from './hosting/siteRules';
import { decodePath, encodePath, relativeFilePath, splitRequestUrl } from './staticPath';

/** The cache rule lives in ./hosting/siteRules (shared with the generated host configs). */
export { cacheControlFor };

/**
 * Serves dist/: every route is a directory with an index.html, answered at
 * its canonical URL without a trailing slash (`/about`); `/about/` and
 * `/about/index.html` redirect there with 301. The exception (shared/urls.ts)
 * are the blog posts, canonical WITH the slash: `/blog/{slug}/` answers 200 and
 * `/blog/{slug}` and `/blog/{slug}/index.html` redirect to it. Unknown paths get the built
 * not-found page with status 404. Text files are sent as the Brotli or gzip
 * copy the build wrote, never compressed per request (the route opts out of
 * @fastify/compress, which stays for the API). Which files exist, and the text
 * files' bytes, are read once at start-up (server/distIndex.ts), so a request
 * touches no disk; images, fonts and range requests are streamed by
 * @fastify/static (preCompressed, ETag, Last-Modified, ranges). The path is decoded once and must be plain
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
    preCompressed: true,
  });
  const files = indexDist(root);

  /** A path that cannot be decoded (a stray '%'): 400, plainly; nothing was looked up. */
  const badRequest = (reply: FastifyReply) =>
    reply.code(400).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Bad Request');

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404).header('Cache-Control', 'no-cache');
    if (files.has(NOT_FOUND_PAGE)) return sendIndexed(request, reply, NOT_FOUND_PAGE, 'text/html; charset=utf-8');
    return reply.type('text/plain; charset=utf-8').send('Page Not Found');
  };
  /**
   * Sends an indexed file: its Brotli/gzip copy when it has one and the client accepts it.
   * Text files come from memory (ETag per encoding, 304 on If-None-Match/If-Modified-Since);
   * range requests and other files go through @fastify/static.
   */
  function sendIndexed(request: FastifyRequest, reply: FastifyReply, path: string, type?: string) {
    const file = files.get(path);
    if (file && (file.brotli || file.gzip)) reply.header('Vary', 'Accept-Encoding');
    const memory = file?.memory;
    if (memory && request.headers.range === undefined) {
      const encoding = chooseEncoding(request.headers['accept-encoding'], { br: !!memory.br, gzip: !!memory.gzip });
      const variant = (encoding && memory[encoding]) || memory.identity;
      reply.header('ETag', variant.etag).header('Last-Modified', memory.lastModified);
      if (reply.statusCode === 200 && notModified(request, variant.etag, memory.modifiedSeconds)) return reply.code(304).send();
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.type(type ?? memory.type).send(variant.body);
    }
    // @fastify/static looks for <file>.br/.gz only where the build wrote them (no failed lookups),
    // and ranges are answered from the file itself.
    if (!(file?.brotli || file?.gzip) || request.headers.range !== undefined) delete request.headers['accept-encoding'];
    if (type) reply.type(type);
    return reply.sendFile(path);
  }

  const notModified = (request: FastifyRequest, etag: string, modifiedSeconds: number): boolean => {
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined) {
      return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
    }
    const ifModifiedSince = request.headers['if-modified-since'];
    if (ifModifiedSince === undefined) return false;
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && modifiedSeconds <= since / 1000;
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
    if (relative !== '' && files.has(relative)) {
      const isIndex = relative === 'index.html' || relative.endsWith('/index.html');
      return { file: relative, route: isIndex ? canonicalPath(`/${relative}`) : null };
    }
    const index = relative === '' ? 'index.html' : `${relative}/index.html`;
    if (files.has(index)) return { file: index, route: canonicalPath(`/${index}`) };
    return null;
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
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
    // A file answers at its own path only: /blog/feed.xml/ or //blog//feed.xml redirect to /blog/feed.xml.
    if (found.route === null && path !== `/${found.file}`) return reply.redirect(encodePath(`/${found.file}`) + search, 301);
    reply.header('Cache-Control', cacheControlFor(found.route !== null ? '/' : `/${found.file}`));
    return sendIndexed(request, reply, found.file);
  };

  // Content types by suffix from the hosting rules (the feed, the widgets' READMEs and declarations).
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.statusCode === 200 || reply.statusCode === 304 ? contentTypeFor(request.url.split('?')[0]!) : undefined;
    if (type) reply.header('Content-Type', type);
    done(null, payload);
  });

  // The files are compressed by the build; @fastify/compress (registered globally for the API) stays off here.
  // Synchronous handler and hooks: an async one costs a promise and a microtask turn per request,
  // and the answer then leaves in a later tick (about a third of the CPU per request, npm run bench).
  const handler = (request: FastifyRequest, reply: FastifyReply): void => {
    serve(request, reply);
  };
  app.get('/*', { compress: false }, handler);
  app.get('/', { compress: false }, handler);
}
