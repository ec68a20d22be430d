import { posix } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSlashCanonical } from '../site/_config/urls.js';
import { API_BASE } from '../widgets/lib/constants';
import { sendProblem } from './api/problem';
import { chooseEncoding, indexDist } from './distIndex';

/** Permanent redirects between spellings of a route. */
const REDIRECTS: Record<string, string> = {
  '/privacy-policy': '/privacy_policy',
};

/** Files whose names carry a content hash (rollup '[name]-[hash].js', site-<hash>.css): cache forever. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.(?:js|css)$/;

export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('.html') || urlPath === '/' || !/\.[a-z0-9]+$/i.test(urlPath)) return 'no-cache';
  if (urlPath.startsWith('/assets/') && HASHED.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (urlPath.startsWith('/assets/fonts/')) return 'public, max-age=31536000, immutable';
  if (urlPath.startsWith('/widgets/')) return 'public, max-age=300, stale-while-revalidate=86400';
  return 'public, max-age=3600, stale-while-revalidate=86400';
}

/**
 * Serves dist/: every route is a directory with an index.html, answered at
 * its canonical URL without a trailing slash (`/about`); `/about/` and
 * `/about/index.html` redirect there with 301. The exception (site/_config/urls.js)
 * are the blog posts, canonical WITH the slash: `/blog/{slug}/` answers 200 and
 * `/blog/{slug}` and `/blog/{slug}/index.html` redirect to it. Unknown paths get the built
 * not-found page with status 404. Text files are sent as the Brotli or gzip
 * copy the build wrote, never compressed per request (the route opts out of
 * @fastify/compress, which stays for the API). Which files exist, and the text
 * files' bytes, are read once at start-up (server/distIndex.ts), so a request
 * touches no disk; images, fonts and range requests are streamed by
 * @fastify/static (preCompressed, ETag, Last-Modified, ranges).
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

  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404).header('Cache-Control', 'no-cache');
    if (files.has('404.html')) return sendIndexed(request, reply, '404.html', 'text/html; charset=utf-8');
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

  const resolveFile = (urlPath: string): string | null => {
    const normalized = posix.normalize(decodeURIComponent(urlPath));
    const relative = normalized.replace(/^\/+/, '').replace(/\/+$/, '');
    if (relative.startsWith('..')) return null;
    if (!normalized.endsWith('/') && files.has(relative)) return relative;
    const index = relative === '' || relative === '.' ? 'index.html' : `${relative}/index.html`;
    return files.has(index) ? index : null;
  };

  /** The slash form of `path` when it names an existing slash-canonical directory index, else null. */
  const slashCanonical = (path: string): string | null => {
    const bare = path.replace(/\/index\.html$/, '').replace(/\/+$/, '');
    if (bare === '') return null;
    const slash = `${bare}/`;
    return isSlashCanonical(slash) && resolveFile(slash) ? slash : null;
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return notFound(request, reply);
    }
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      return sendProblem(reply, 404, 'Not Found', `No API route GET ${url.pathname}`);
    }
    const target = REDIRECTS[path.replace(/\/+$/, '')];
    if (target) return reply.redirect(target + url.search, 301);
    const slash = slashCanonical(path);
    if (slash !== null) {
      if (path !== slash) return reply.redirect(encodeURI(slash) + url.search, 301);
    } else if (path.length > 1 && (path.endsWith('/') || path.endsWith('/index.html'))) {
      const canonical = path.replace(/\/index\.html$/, '').replace(/\/+$/, '') || '/';
      if (canonical !== path && resolveFile(canonical)) {
        return reply.redirect(encodeURI(canonical) + url.search, 301);
      }
    }
    const file = resolveFile(url.pathname);
    if (!file) return notFound(request, reply);
    reply.header('Cache-Control', cacheControlFor(file.endsWith('index.html') ? '/' : url.pathname));
    return sendIndexed(request, reply, file);
  };

  // The files are compressed by the build; @fastify/compress (registered globally for the API) stays off here.
  app.get('/*', { compress: false }, serve);
  app.get('/', { compress: false }, serve);
}
