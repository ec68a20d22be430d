import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * Collects the SHA-256 of every inline executable <script> the build emits and
 * writes them to dist/.csp.json; the server puts them in the
 * Content-Security-Policy, so inline scripts run without 'unsafe-inline'.
 * Data blocks (application/json, application/ld+json) are not scripts and need no hash.
 * @param {import('../../types/eleventy').EleventyConfig} eleventyConfig
 * @param {{ outputFile: string }} options
 */
export function registerCspHashes(eleventyConfig, { outputFile }) {
  /** @type {Set<string>} */
  const hashes = new Set();
  eleventyConfig.on('eleventy.before', () => hashes.clear());

  eleventyConfig.addTransform('csp-hashes', function cspHashes(content) {
    if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
    for (const match of content.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
      const attributes = match[1] ?? '';
      if (/\ssrc\s*=/.test(attributes)) continue;
      const type = (/\stype\s*=\s*["']?([^"'\s>]+)/.exec(attributes)?.[1] ?? '').toLowerCase();
      if (!EXECUTABLE_TYPES.has(type)) continue;
      hashes.add(`sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}`);
    }
    return content;
  });

  eleventyConfig.on('eleventy.after', () => {
    mkdirSync(dirname(outputFile), { recursive: true });
    writeFileSync(outputFile, JSON.stringify({ scriptHashes: [...hashes].sort() }, null, 2));
  });
}
