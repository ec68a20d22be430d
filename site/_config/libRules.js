import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

/**
 * The pure rule modules of widgets/lib (TypeScript) for templates and data files, so a page's
 * static HTML is built by the very functions its island runs (sorting, date format, mailto...):
 * `const press = await libRules('press')`. Each module is compiled once per build.
 */
const cache = new Map();

export function libRules(name) {
  if (!/^[a-zA-Z]+$/.test(name)) throw new Error(`libRules: bad module name '${name}'`);
  if (!cache.has(name)) cache.set(name, tsImport(`../../widgets/lib/${name}.ts`, import.meta.url));
  return cache.get(name);
}

/** A data file of site/_data, read directly (for template data files that derive a page's view from it). */
export function readData(name) {
  if (!/^[a-zA-Z]+$/.test(name)) throw new Error(`readData: bad data file name '${name}'`);
  return JSON.parse(readFileSync(new URL(`../_data/${name}.json`, import.meta.url), 'utf8'));
}
