import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Text files the build writes Brotli/gzip copies of (scripts/precompress.mjs); kept in step with it. */
export const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

export interface DistFile {
  /** Path relative to dist/, with '/' separators. */
  path: string;
  /** The build wrote `<path>.br` / `<path>.gz`. */
  brotli: boolean;
  gzip: boolean;
}

/**
 * Every servable file of a built dist/, read once at start-up so a request
 * costs a map lookup instead of stat calls (a rebuild needs a restart, as a
 * deployment does anyway). Dotfiles and dot-folders (.csp.json) are left out;
 * the precompressed copies are recorded on the file they belong to, and are
 * never served under their own name.
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
    files.set(path, { path, brotli: compressible && all.has(`${path}.br`), gzip: compressible && all.has(`${path}.gz`) });
  }
  return files;
}
