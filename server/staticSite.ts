import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSlashCanonical } from '../site/_config/urls.js';
import { API_BASE } from '../widgets/lib/constants';
import { sendProblem } from './api/problem';

/** Permanent redirects between spellings of a route. */
const REDIRECTS: Record<string, string> = {
  '/privacy-policy': '/privacy_policy',
};

/** Files whose names carry a content hash (rollup '[name]-[hash].js', site-<hash>.css): cache forever. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.(?:js|css)$/;

/** A pinned widget file, named by its content hash: /widgets/v1/dc-blog.0123456789abcdef.js */
const PINNED_WIDGET = /^\/widgets\/v\d+\/dc-[a-z-]+\.[0-9a-f]{16}\.js$/;

export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('.html') || urlPath === '/' || !/\.[a-z0-9]+$/i.test(urlPath)) return 'no-cache';
  if (urlPath.startsWith('/assets/') && HASHED.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (urlPath.startsWith('/assets/fonts/')) return 'public, max-age=31536000, immutable';
  if (PINNED_WIDGET.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (urlPath.startsWith('/widgets/')) return 'public, max-age=300, stale-while-revalidate=86400';
  return 'public, max-age=3600, stale-while-revalidate=86400';
}

/**
 * Serves dist/: every route is a directory with an index.html, answered at
 * its canonical URL without a trailing slash (`/about`); `/about/` and
 * `/about/index.html` redirect there with 301. The exception (site/_config/urls.js)
 * are the blog posts, canonical WITH the slash: `/blog/{slug}/` answers 200 and
 * `/blog/{slug}` and `/blog/{slug}/index.html` redirect to it. Unknown paths get the built
 * not-found page with status 404. Files are streamed by @fastify/static
 * (ETag, Last-Modified, ranges, no path traversal).
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

  const notFound = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404).header('Cache-Control', 'no-cache');
    if (existsSync(join(root, '404.html'))) return reply.type('text/html; charset=utf-8').sendFile('404.html');
    return reply.type('text/plain; charset=utf-8').send('Page Not Found');
  };

  const resolveFile = (urlPath: string): string | null => {
    const relative = normalize(decodeURIComponent(urlPath)).replace(/^[/\\]+/, '');
    if (relative.split(sep).some((part) => part.startsWith('.'))) return null;
    const candidate = join(root, relative);
    if (!candidate.startsWith(root)) return null;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative;
    const index = join(candidate, 'index.html');
    if (existsSync(index)) return join(relative, 'index.html');
    return null;
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
    return reply.sendFile(file);
  };

  // The widgets' TypeScript declarations are text (by extension, .ts would be video/mp2t).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200 && request.url.split('?')[0]!.endsWith('.d.ts')) reply.header('Content-Type', 'text/plain; charset=utf-8');
    return payload;
  });

  app.get('/*', serve);
  app.get('/', serve);
}
