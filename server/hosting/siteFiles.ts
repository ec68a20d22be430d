import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { canonicalPath } from '../../shared/urls';
import { cacheControlFor } from './siteRules';

/** One file of the built site as a host serves it. */
export interface SiteFile {
  /** Path inside dist/, with forward slashes ('about/index.html'). */
  file: string;
  /** The URL that answers 200 with it ('/about', '/blog/some-post/', '/assets/x.js'). */
  url: string;
  /** Its Cache-Control (./siteRules). */
  cacheControl: string;
  /** Whether it is a page (a directory index). */
  page: boolean;
}

/** Host files the build writes into dist/ itself: never served as content. */
export const HOST_FILES = new Set(['_headers', '_redirects']);

/** Every servable file of dist/ (dotfiles, the host files and the precompressed copies left out), sorted by URL. */
export function listSiteFiles(distDir: string): SiteFile[] {
  const files: SiteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const file = relative(distDir, full).split(sep).join('/');
        if (HOST_FILES.has(file)) continue;
        // The build's Brotli/gzip copies (scripts/precompress.mjs) belong to their file, not the site's URLs.
        if (/\.(?:br|gz)$/.test(file) && existsSync(full.slice(0, -3))) continue;
        const page = file === 'index.html' || file.endsWith('/index.html');
        const url = page ? canonicalPath(`/${file}`) : `/${file}`;
        files.push({ file, url, page, cacheControl: cacheControlFor(page ? '/' : url) });
      }
    }
  };
  walk(distDir);
  return files.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
