/**
 * widgets/<name>/attributes.ts of each public element, written from its api.json (the one
 * description of its API): the props map the element's define.ts hands to r2wc, and the interface
 * of what the component receives from those attributes, which its Props interface extends. So an
 * attribute is written once, in api.json; `npm run build` rewrites these files when an api.json
 * changed (commit them), and tests/unit/elementApi.test.ts fails when one is stale or when a
 * component's props and its api.json disagree.
 *   node build/elementAttributes.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readElementApis } from './customElementsManifest.mjs';

/** @typedef {import('./customElementsManifest.mjs').ElementApi} ElementApi */
/** @typedef {import('./customElementsManifest.mjs').ApiAttribute} ApiAttribute */
/** @typedef {'string' | 'number' | 'boolean'} R2wcType */

const widgetsDir = fileURLToPath(new URL('../widgets/', import.meta.url));

/** The file an element's attributes module is written to. */
/** @param {string} folder the element's folder under widgets/ */
export const attributesFile = (folder) => join(widgetsDir, folder, 'attributes.ts');

/** A union of string literals, as api.json writes an enumerated attribute: `'contact' | 'consultation'`. */
const STRING_UNION = /^'[^'|]*'(\s*\|\s*'[^'|]*')*$/;

/**
 * How r2wc converts an attribute of this api.json type, which is also the type the component
 * receives: a string (plain or one of listed values, which the component checks), a number or a
 * boolean. JSON-carrying attributes are strings that the component parses, so bad input gets a
 * visible message instead of a constructor exception (widgets/lib/defineElement.ts).
 * @param {ApiAttribute} attribute
 * @param {string} tag
 * @returns {R2wcType}
 */
export function r2wcType(attribute, tag) {
  const type = attribute.type.trim();
  if (type === 'string' || STRING_UNION.test(type)) return 'string';
  if (type === 'number' || type === 'boolean') return type;
  throw new Error(
    `${tag}: attribute "${attribute.name}" has type ${JSON.stringify(attribute.type)} in api.json; an element's property is a string, a union of string literals, a number or a boolean`,
  );
}

/**
 * The attributes r2wc reads (those with a `property`), with the type each one arrives in.
 * @param {ElementApi} api
 * @returns {Array<{ attribute: ApiAttribute, property: string, type: R2wcType }>}
 */
export function elementProps(api) {
  return api.attributes.flatMap((attribute) =>
    attribute.property ? [{ attribute, property: attribute.property, type: r2wcType(attribute, api.tagName) }] : [],
  );
}

/** @param {string} text */
const docText = (text) => text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ');

/**
 * The text of widgets/<name>/attributes.ts for one element's api.json.
 * @param {ElementApi} api
 * @returns {string}
 */
export function attributesModule(api) {
  const props = elementProps(api);
  const documented = (/** @type {ApiAttribute} */ attribute) =>
    `\`${attribute.name}\`${attribute.type === 'string' ? '' : ` (${attribute.type})`}${attribute.default !== undefined ? `, default \`${attribute.default}\`` : ''}`;
  return [
    `// Written by build/elementAttributes.mjs from widgets/${api.folder}/api.json (npm run build). Do not edit: edit api.json.`,
    '',
    `/** The properties r2wc reads from <${api.tagName}>'s attributes, and the type each arrives in. */`,
    'export const PROPS = {',
    ...props.map(({ property, type }) => `  ${property}: '${type}',`),
    '} as const;',
    '',
    `/** What the component of <${api.tagName}> receives from its attributes, as written on the element (it checks the values itself). */`,
    `export interface ${api.className}Attributes {`,
    ...props.flatMap(({ attribute, property, type }) => [
      `  /** ${docText(`${documented(attribute)}: ${attribute.description}`)} */`,
      `  ${property}?: ${type};`,
    ]),
    '}',
    '',
  ].join('\n');
}

/**
 * Writes every public element's attributes.ts whose text changed; returns the files it wrote.
 * @returns {string[]}
 */
export function writeElementAttributes() {
  /** @type {string[]} */
  const written = [];
  for (const api of readElementApis()) {
    const file = attributesFile(api.folder);
    const text = attributesModule(api);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // not written yet
    }
    if (current === text) continue;
    writeFileSync(file, text);
    written.push(`widgets/${api.folder}/attributes.ts`);
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = writeElementAttributes();
  console.log(written.length > 0 ? `wrote ${written.join(', ')}` : 'every attributes.ts is current');
}

/**
 * @typedef {{ name: string, type: string, optional: boolean }} FoundProp a prop of a component, as the
 *   type checker sees it (`type` without `undefined`)
 */

/**
 * Where a component's props and its api.json disagree: a prop without an attribute, an attribute
 * the component does not take, a prop of another type than r2wc delivers, a required prop (an
 * attribute may be absent). `container` is r2wc's, not an attribute. Empty when they agree.
 * @param {ElementApi} api
 * @param {FoundProp[]} found
 * @returns {string[]}
 */
export function propsDrift(api, found) {
  const expected = new Map(elementProps(api).map((prop) => [prop.property, prop]));
  const props = found.filter((prop) => prop.name !== 'container');
  /** @type {string[]} */
  const drift = [];
  for (const prop of props) {
    const attribute = expected.get(prop.name);
    if (!attribute) drift.push(`${api.tagName}: the component takes "${prop.name}", which api.json has no attribute for`);
    else if (prop.type !== attribute.type) {
      drift.push(`${api.tagName}: the component types "${prop.name}" as ${prop.type}; attribute "${attribute.attribute.name}" arrives as ${attribute.type} (api.json: ${attribute.attribute.type})`);
    } else if (!prop.optional) drift.push(`${api.tagName}: the component requires "${prop.name}"; attribute "${attribute.attribute.name}" may be absent`);
  }
  const taken = new Set(props.map((prop) => prop.name));
  for (const [property, { attribute }] of expected) {
    if (!taken.has(property)) drift.push(`${api.tagName}: attribute "${attribute.name}" (property "${property}") is in api.json, but the component does not take it`);
  }
  return drift;
}
