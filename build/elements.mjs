import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const widgetsDir = new URL('../widgets/', import.meta.url).pathname;

/**
 * The elements in every page's frame (header, footer, consent: site/_includes/layouts/base.njk):
 * every page with an island loads them, so the site bundle puts the code they share with other
 * elements in the runtime chunk (rollup.config.mjs). tests/unit/frameElements.test.ts holds this
 * list to the layout.
 */
export const FRAME_ELEMENTS = ['consent', 'site-nav', 'theme-toggle'];

/** Every element: a folder under widgets/ with a define.ts is the element dc-<folder>. */
export function listElements() {
  const { public: publicNames } = JSON.parse(readFileSync(join(widgetsDir, 'manifest.json'), 'utf8'));
  return readdirSync(widgetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(widgetsDir, entry.name, 'define.ts')))
    .map((entry) => ({
      name: entry.name,
      tag: `dc-${entry.name}`,
      input: join(widgetsDir, entry.name, 'define.ts'),
      public: publicNames.includes(entry.name),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
