import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {{ name: string, tag: string, input: string, public: boolean }} ElementEntry */

const widgetsDir = new URL('../widgets/', import.meta.url).pathname;
const includesDir = new URL('../site/_includes/', import.meta.url).pathname;

/**
 * The custom elements (`dc-*` tags) a Nunjucks template writes, following its `{% include %}`s.
 * @param {string} template
 * @param {string} [dir]
 * @param {Set<string>} [seen]
 * @returns {Set<string>}
 */
export function templateElements(template, dir = includesDir, seen = new Set()) {
  /** @type {Set<string>} */
  const found = new Set();
  if (seen.has(template)) return found;
  seen.add(template);
  const path = join(dir, template);
  if (!existsSync(path)) return found; // `ignore missing` includes
  const text = readFileSync(path, 'utf8');
  for (const match of text.matchAll(/<(dc-[a-z0-9-]+)[\s>]/g)) found.add(/** @type {string} */ (match[1]));
  for (const match of text.matchAll(/\{%-?\s*include\s+"([^"]+)"/g)) {
    for (const tag of templateElements(/** @type {string} */ (match[1]), dir, seen)) found.add(tag);
  }
  return found;
}

/**
 * The elements in every page's frame (header, footer, consent), read from the base layout
 * (site/_includes/layouts/base.njk, which every layout builds on): every page with an island loads
 * them, so the site bundle puts the code they share with other elements in the runtime chunk
 * (rollup.config.mjs), and a page with only these has no island (site/_config/styles.js).
 */
export const FRAME_ELEMENTS = [...templateElements('layouts/base.njk')].map((tag) => tag.slice('dc-'.length)).sort();

/**
 * Every element: a folder under widgets/ with a define.ts is the element dc-<folder>. It is public
 * (embeddable by partners, built standalone at /widgets/dc-<folder>.js) when its folder describes
 * its API in an api.json.
 * @returns {ElementEntry[]}
 */
export function listElements() {
  return readdirSync(widgetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(widgetsDir, entry.name, 'define.ts')))
    .map((entry) => ({
      name: entry.name,
      tag: `dc-${entry.name}`,
      input: join(widgetsDir, entry.name, 'define.ts'),
      public: existsSync(join(widgetsDir, entry.name, 'api.json')),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The light-DOM islands that hydrate the list their page serves (their define.ts defines them with
 * widgets/lib/lightIsland.ts's defineLightIsland): `dc-careers`, `dc-faq`. Their served markup must
 * be node for node what they render (site/_config/islandWhitespace.js).
 */
/** @returns {string[]} */
export function lightIslandTags() {
  return listElements()
    .filter((element) => /\bdefineLightIsland\(/.test(readFileSync(element.input, 'utf8')))
    .map((element) => element.tag);
}
