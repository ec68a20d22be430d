import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { COMPRESSIBLE } from '../shared/compressible';

/** Text files the build writes Brotli/gzip copies of: one rule (shared/compressible.ts) for the build and the server. */
export { COMPRESSIBLE };

/** Content types of the text files, as @fastify/static sends them. */
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'application/javascript; charset=utf-8',
  mjs: 'application/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  webmanifest: 'application/manifest+json',
};

/** Text files above this size are streamed from disk instead of held in memory. */
const MEMORY_LIMIT = 1024 * 1024;

export type Encoding = 'br' | 'gzip';

export interface Variant {
  body: Buffer;
  /** Strong ETag of these bytes (each encoding has its own). */
  etag: string;
}

export interface DistFile {
  /** Path relative to dist/, with '/' separators. */
  path: string;
  /** The build wrote `<path>.br` / `<path>.gz`. */
  brotli: boolean;
  gzip: boolean;
  /** Text files: the bytes of the file and of its copies, read at start-up. */
  memory?: {
    type: string;
    lastModified: string;
    /** Last-Modified in whole seconds since the epoch, for If-Modified-Since. */
    modifiedSeconds: number;
    identity: Variant;
    br?: Variant;
    gzip?: Variant;
  };
}

const variant = (path: string): Variant => {
  const body = readFileSync(path);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

/**
 * Every servable file of a built dist/, read once at start-up so a request
 * costs a map lookup instead of stat calls (a rebuild needs a restart, as a
 * deployment does anyway). Text files (with the Brotli/gzip copies the build
 * wrote) are held in memory, a few MB for the whole site. Dotfiles and
 * dot-folders (.csp.json) are left out; the copies are recorded on the file
 * they belong to and never served under their own name.
 */
export function indexDist(root: string): Map<string, DistFile> {
  const all = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (path.split('/').some((part) => part.startsWith('.'))) continue;
    all.add(path);
  }
  const files = new Map<string, DistFile>();
  for (const path of all) {
    if ((path.endsWith('.br') || path.endsWith('.gz')) && all.has(path.slice(0, -3)) && COMPRESSIBLE.test(path.slice(0, -3))) continue;
    const compressible = COMPRESSIBLE.test(path);
    const file: DistFile = { path, brotli: compressible && all.has(`${path}.br`), gzip: compressible && all.has(`${path}.gz`) };
    const absolute = join(root, path);
    const stat = compressible ? statSync(absolute) : null;
    if (stat && stat.size <= MEMORY_LIMIT) {
      const extension = path.slice(path.lastIndexOf('.') + 1);
      const modifiedSeconds = Math.floor(stat.mtimeMs / 1000);
      file.memory = {
        type: TYPES[extension] ?? 'application/octet-stream',
        lastModified: new Date(modifiedSeconds * 1000).toUTCString(),
        modifiedSeconds,
        identity: variant(absolute),
        ...(file.brotli ? { br: variant(`${absolute}.br`) } : {}),
        ...(file.gzip ? { gzip: variant(`${absolute}.gz`) } : {}),
      };
    }
    files.set(path, file);
  }
  return files;
}

/**
 * The encoding to send for an Accept-Encoding header among those available:
 * Brotli, then gzip, by the client's q-values (`*` counts for both); null = the file as is.
 */
export function chooseEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name.trim()] = Number.isFinite(value) ? value : 0;
  }
  const weight = (name: string) => q[name] ?? q['*'] ?? 0;
  const candidates = (['br', 'gzip'] as const).filter((name) => available[name] && weight(name) > 0);
  if (candidates.length === 0) return null;
  return candidates.reduce((best, name) => (weight(name) > weight(best) ? name : best));
}
