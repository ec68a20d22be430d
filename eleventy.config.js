import { readFileSync } from 'node:fs';
import { registerCspHashes } from './site/_config/csp.js';
import { registerFilters } from './site/_config/filters.js';
import { registerHtmlIndentation } from './site/_config/htmlIndentation.js';
import { registerIslandWhitespace } from './site/_config/islandWhitespace.js';
import { FONT_PATH } from './build/fontSubset.mjs';
import { registerIslands } from './site/_config/islands.js';
import { registerSocialImages } from './site/_config/socialImages.js';
import { registerStyles } from './site/_config/styles.js';

/**
 * Pages: site/ -> dist/. This file only registers; each concern lives in site/_config/.
 * @param {import('./types/eleventy').EleventyConfig} eleventyConfig
 */
export default function (eleventyConfig) {
  const outputDir = 'dist';

  registerFilters(eleventyConfig);
  registerStyles(eleventyConfig, {
    input: 'site/styles/main.css',
    tokens: 'site/styles/tokens.css',
    outputDir,
  });
  registerIslands(eleventyConfig, { manifestPath: `${outputDir}/assets/js/manifest.json` });
  registerIslandWhitespace(eleventyConfig);
  registerHtmlIndentation(eleventyConfig);
  registerCspHashes(eleventyConfig, { outputFile: `${outputDir}/.csp.json` });
  registerSocialImages(eleventyConfig, { outputDir, company: JSON.parse(readFileSync('site/_data/company.json', 'utf8')) });

  eleventyConfig.addPassthroughCopy({ 'site/assets': 'assets' });
  // The font is subset by the build (build/fontSubset.mjs, a stage of scripts/build.mjs); its URL:
  eleventyConfig.addGlobalData('fontUrl', `/${FONT_PATH}`);
  eleventyConfig.ignores.add('site/styles/**');
  eleventyConfig.ignores.add('site/_config/**');
  eleventyConfig.ignores.add('**/README.md');
  eleventyConfig.setQuietMode(true);

  return {
    dir: { input: 'site', output: outputDir, includes: '_includes', layouts: '_includes/layouts', data: '_data' },
    templateFormats: ['njk', 'md', '11ty.js'],
    markdownTemplateEngine: 'njk',
    htmlTemplateEngine: 'njk',
  };
}
