import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The Content-Security-Policy allows the
 * site's inline scripts by the hashes the build computed (dist/.csp.json), so
 * no 'unsafe-inline' is needed for scripts.
 */
export function buildCsp(scriptHashes: readonly string[], frameSources: readonly string[]): string {
  const hashes = scriptHashes.map((hash) => `'${hash}'`).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes ? ` ${hashes}` : ''}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${frameSources.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' mailto:",
    "frame-ancestors 'self'",
    "manifest-src 'self'",
    "worker-src 'none'",
  ].join('; ');
}

export function readScriptHashes(distDir: string): string[] {
  const file = join(distDir, '.csp.json');
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: unknown };
  return Array.isArray(parsed.scriptHashes) ? parsed.scriptHashes.filter((hash): hash is string => typeof hash === 'string') : [];
}

export function registerSecurityHeaders(app: FastifyInstance, options: { distDir: string; frameSources: string[] }): void {
  const csp = buildCsp(readScriptHashes(options.distDir), options.frameSources);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), clipboard-write=(self)',
    );
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (isCrossOriginResource(request.url)) {
      // Partner pages load the widget modules, the tokens and the data feeds cross-origin.
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const vary = reply.getHeader('Vary');
      reply.header('Vary', vary ? `${String(vary)}, Origin` : 'Origin');
    } else {
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
    return payload;
  });
}

/** Paths partners may fetch from their own origin. */
export function isCrossOriginResource(url: string): boolean {
  return url.startsWith('/widgets/') || url.startsWith('/data/') || url.startsWith('/assets/');
}
