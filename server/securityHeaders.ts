import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isCrossOriginResource, pathHeaders, siteWideHeaders, type HeaderList } from './hosting/siteRules';

/**
 * Security headers on every response (which ones: ./hosting/siteRules, shared with the
 * generated _headers and nginx config). The Content-Security-Policy allows the
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

/** The headers every answer carries, whatever its path (CSP with the build's hashes, HSTS, nosniff…). */
export function siteSecurityHeaders(options: { distDir: string; frameSources: readonly string[] }): HeaderList {
  return siteWideHeaders(buildCsp(readScriptHashes(options.distDir), options.frameSources));
}

export function registerSecurityHeaders(app: FastifyInstance, options: { distDir: string; frameSources: string[] }): void {
  const siteWide = siteSecurityHeaders(options);
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of siteWide) reply.header(name, value);
    for (const [name, value] of pathHeaders(request.url)) {
      // Vary is added to, not replaced: the static files already vary by Accept-Encoding.
      const existing = name === 'Vary' ? reply.getHeader('Vary') : undefined;
      reply.header(name, existing ? `${String(existing)}, ${value}` : value);
    }
    done(null, payload);
  });
}

/** Paths partners may fetch from their own origin (the rule lives in ./hosting/siteRules). */
export { isCrossOriginResource };
