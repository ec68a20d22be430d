import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary folder for a server test: `root` (for its databases) with a minimal site in
 * `root/dist`, the two pages the server needs (index.html, 404.html). The caller removes `root`.
 */
export function makeTestSite(prefix: string): { root: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Page Not Found</title>');
  return { root, dist };
}
