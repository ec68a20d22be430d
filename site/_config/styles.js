import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { processCss } from '../../build/cssModule.mjs';

/**
 * Builds the site stylesheet with PostCSS into a content-hashed file (cached
 * forever by the server) and exposes its URL as the global `assets.css`.
 * Also publishes the design tokens for partners as /widgets/dc-tokens.css.
 */
export function registerStyles(eleventyConfig, { input, tokens, outputDir }) {
  eleventyConfig.addWatchTarget(dirname(input));
  eleventyConfig.addGlobalData('assets', async () => {
    const css = await processCss(readFileSync(input, 'utf8'), input);
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
    const href = `/assets/css/site-${hash}.css`;
    mkdirSync(join(outputDir, 'assets/css'), { recursive: true });
    writeFileSync(join(outputDir, href), css);
    const tokensCss = await processCss(readFileSync(tokens, 'utf8'), tokens);
    mkdirSync(join(outputDir, 'widgets'), { recursive: true });
    writeFileSync(join(outputDir, 'widgets/dc-tokens.css'), tokensCss);
    return { css: href };
  });
}
