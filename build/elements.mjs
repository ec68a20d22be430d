import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const widgetsDir = new URL('../widgets/', import.meta.url).pathname;

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
