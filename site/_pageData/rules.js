import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

/**
 * The pure rule modules (TypeScript) for templates and data files, so a page's static HTML is
 * built by the very functions its island runs (sorting, date format, mailto...):
 * `const press = await elementRules('press')` reads widgets/press/rules.ts (one element's rules),
 * `elementRules('embed-builder', 'embedForm')` another module of that element's folder;
 * `libRules('format')` reads widgets/lib (element code two or more elements share);
 * `sharedRules('contactRequest')` reads shared/ (code the server runs too). Each module is compiled
 * once per build.
 */
/** @type {Map<string, Promise<unknown>>} */
const cache = new Map();

/**
 * The module `<folder>/<name>.ts`, compiled once; callers name its type
 * (`@type {typeof import('../../shared/x')}`), as a static import would give it.
 * @param {string} folder
 * @param {string} name
 * @returns {Promise<unknown>}
 */
function load(folder, name) {
  if (!/^[a-zA-Z]+$/.test(name)) throw new Error(`bad module name '${name}'`);
  if (!/^(shared|widgets\/(lib|[a-z]+(-[a-z]+)*))$/.test(folder)) throw new Error(`bad rules folder '${folder}'`);
  const path = `../../${folder}/${name}.ts`;
  const module = cache.get(path) ?? tsImport(path, import.meta.url);
  cache.set(path, module);
  return module;
}

/**
 * @param {string} element
 * @param {string} [name]
 */
export const elementRules = (element, name = 'rules') => load(`widgets/${element}`, name);
/** @param {string} name */
export const libRules = (name) => load('widgets/lib', name);
/** @param {string} name */
export const sharedRules = (name) => load('shared', name);

/** A data file of site/_data, read directly (for template data files that derive a page's view from it). */
/**
 * @param {string} name
 * @returns {unknown} the parsed JSON; callers name its type
 */
export function readData(name) {
  if (!/^[a-zA-Z]+$/.test(name)) throw new Error(`readData: bad data file name '${name}'`);
  return JSON.parse(readFileSync(new URL(`../_data/${name}.json`, import.meta.url), 'utf8'));
}
