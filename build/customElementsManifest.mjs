import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listElements } from './elements.mjs';

/**
 * The public elements' API, described once in widgets/<name>/api.json, turned into:
 * - custom-elements.json (Custom Elements Manifest, schema 2.1.0), served at /widgets/custom-elements.json;
 * - dc-widgets.d.ts (HTMLElementTagNameMap, typed CustomEvent details in HTMLElementEventMap and
 *   DocumentEventMap) and dc-widgets-react.d.ts (JSX IntrinsicElements for React 19);
 * - the generated sections of each element's README (snippet, attributes, events, CSS).
 * The props map each define.ts hands to r2wc is written from it too (build/elementAttributes.mjs).
 */

/**
 * @typedef {import('./widgetRelease.mjs').WidgetRelease} WidgetRelease
 * @typedef {{ name: string, property?: string, type: string, default?: string, description: string }} ApiAttribute
 * @typedef {{ name: string, detail: string, description: string, deprecated?: string, cancelable?: boolean, target?: string }} ApiEvent
 * @typedef {{ name: string, description: string, default?: string }} ApiCssProperty
 * @typedef {{ name: string, description: string }} ApiCssPart
 * @typedef {object} ElementApi an element's api.json, with the folder it was read from
 * @property {string} tagName
 * @property {string} className
 * @property {string} summary
 * @property {Array<[string, string]>} example
 * @property {ApiAttribute[]} attributes
 * @property {ApiEvent[]} events
 * @property {ApiCssProperty[]} cssProperties
 * @property {ApiCssPart[]} cssParts
 * @property {string} folder
 */

const widgetsDir = new URL('../widgets/', import.meta.url).pathname;

/** HTMLElement already has these members: the typings do not redeclare them. */
const HTML_ELEMENT_MEMBERS = new Set(['lang', 'title', 'id', 'hidden', 'slot', 'dir', 'translate', 'inert']);

/**
 * Every public element's api.json (an element is public because it has one, build/elements.mjs).
 * @returns {ElementApi[]}
 */
export function readElementApis() {
  return listElements()
    .filter((element) => element.public)
    .map((element) => {
      const file = join(widgetsDir, element.name, 'api.json');
      const api = /** @type {Omit<ElementApi, 'folder'>} */ (JSON.parse(readFileSync(file, 'utf8')));
      if (api.tagName !== element.tag) throw new Error(`widgets/${element.name}/api.json: tagName must be ${element.tag}`);
      return { ...api, folder: element.name };
    });
}

/** @param {ApiAttribute} attribute */
const typeOf = (attribute) => (attribute.type === 'boolean' ? 'boolean' : attribute.type);
/** @param {string} name */
const pascal = (name) => name.replace(/(^|-)([a-z])/g, (_m, _d, /** @type {string} */ letter) => letter.toUpperCase());
/** @param {ElementApi} api @param {ApiEvent} event */
const detailName = (api, event) => `${pascal(event.name.startsWith('dc-') ? event.name : `${api.tagName}-${event.name}`)}Detail`;

/**
 * The Custom Elements Manifest of the release.
 * @param {ElementApi[]} apis
 * @param {WidgetRelease} release
 */
export function buildManifest(apis, release) {
  return {
    schemaVersion: '2.1.0',
    readme: 'https://www.dataclarity.de/embed',
    modules: apis.map((api) => {
      const path = release.elements[api.tagName]?.latest.replace(/^\/widgets\//, '') ?? `${api.tagName}.js`;
      const declaration = {
        kind: 'class',
        name: api.className,
        tagName: api.tagName,
        customElement: true,
        summary: api.summary,
        superclass: { name: 'HTMLElement' },
        attributes: api.attributes.map((attribute) => ({
          name: attribute.name,
          type: { text: typeOf(attribute) },
          ...(attribute.default !== undefined ? { default: attribute.default } : {}),
          description: attribute.description,
          ...(attribute.property ? { fieldName: attribute.property } : {}),
        })),
        members: api.attributes
          .filter((attribute) => attribute.property)
          .map((attribute) => ({
            kind: 'field',
            name: attribute.property,
            type: { text: `${typeOf(attribute)} | undefined` },
            description: attribute.description,
            attribute: attribute.name,
          })),
        events: api.events.map((event) => ({
          name: event.name,
          type: { text: `CustomEvent<${event.detail}>` },
          description: event.description,
          ...(event.deprecated ? { deprecated: event.deprecated } : {}),
        })),
        cssProperties: api.cssProperties.map((property) => ({
          name: property.name,
          description: property.description,
          ...(property.default !== undefined ? { default: property.default } : {}),
        })),
        cssParts: api.cssParts.map((part) => ({ name: part.name, description: part.description })),
      };
      const reference = { name: api.className, module: path };
      return {
        kind: 'javascript-module',
        path,
        declarations: [declaration],
        exports: [
          { kind: 'js', name: api.className, declaration: reference },
          { kind: 'custom-element-definition', name: api.tagName, declaration: reference },
        ],
      };
    }),
  };
}

/** @param {string} text @param {string} [indent] */
const comment = (text, indent = '') => `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, ' ')} */\n`;

/**
 * dc-widgets.d.ts: the elements, their properties and their events, for the DOM.
 * @param {ElementApi[]} apis
 * @param {string} version
 * @returns {string}
 */
export function buildDeclarations(apis, version) {
  let out = `/**\n * Types of the DataClarity widgets ${version}. Generated from custom-elements.json; do not edit.\n` +
    ' * Add it to your project (e.g. in a types/ folder your tsconfig includes), then\n' +
    " * document.querySelector('dc-dashboard-gallery') is typed and\n" +
    " * addEventListener('dc-report-change', (event) => event.detail.id) knows the detail.\n" +
    ' * React 19: add dc-widgets-react.d.ts as well.\n */\n\n';
  /** @type {string[]} */
  const eventLines = [];
  for (const api of apis) {
    for (const event of api.events) {
      out += comment(`detail of \`${event.name}\` on <${api.tagName}>`);
      out += `export type ${detailName(api, event)} = ${event.detail};\n`;
      // A CustomEvent named `submit` cannot share the DOM's map entry (SubmitEvent): typed on the element only.
      if (!event.deprecated) eventLines.push(`    ${comment(event.description).trim()}\n    '${event.name}': CustomEvent<${detailName(api, event)}>;`);
    }
  }
  out += '\n';
  for (const api of apis) {
    out += comment(api.summary);
    out += `export interface ${api.className}Element extends HTMLElement {\n`;
    for (const attribute of api.attributes.filter((candidate) => candidate.property && !HTML_ELEMENT_MEMBERS.has(candidate.property))) {
      out += comment(`\`${attribute.name}\`: ${attribute.description}`, '  ');
      out += `  ${attribute.property}?: ${typeOf(attribute)};\n`;
    }
    out += '}\n\n';
  }
  out += 'declare global {\n  interface HTMLElementTagNameMap {\n';
  for (const api of apis) out += `    '${api.tagName}': ${api.className}Element;\n`;
  out += '  }\n  interface HTMLElementEventMap {\n' + eventLines.join('\n') + '\n  }\n';
  out += '  interface DocumentEventMap {\n' + eventLines.join('\n') + '\n  }\n}\n';
  return out;
}

/**
 * dc-widgets-react.d.ts: JSX for React 19 (attributes, properties and `on<event-name>` handlers).
 * @param {ElementApi[]} apis
 * @param {string} version
 * @returns {string}
 */
export function buildReactDeclarations(apis, version) {
  const details = apis.flatMap((api) => api.events.map((event) => detailName(api, event)));
  let out = `/**\n * React 19 JSX types of the DataClarity widgets ${version}. Generated; do not edit.\n` +
    ' * React 19 sets a known property (headingLevel) as a property, anything else as an attribute\n' +
    " * (heading-level), and `ondc-report-change={handler}` adds a listener for the event 'dc-report-change'.\n */\n";
  out += `import type { DetailedHTMLProps, HTMLAttributes } from 'react';\n`;
  out += `import type { ${details.join(', ')} } from './dc-widgets';\n\n`;
  out += "type DcBase = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;\n\n";
  out += "declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n";
  for (const api of apis) {
    out += `      '${api.tagName}': DcBase & {\n`;
    for (const attribute of api.attributes) {
      const type = attribute.type === 'boolean' ? 'boolean | string' : typeOf(attribute);
      out += `        '${attribute.name}'?: ${type};\n`;
      if (attribute.property && attribute.property !== attribute.name) out += `        ${attribute.property}?: ${type};\n`;
    }
    for (const event of api.events) {
      out += `        'on${event.name}'?: (event: CustomEvent<${detailName(api, event)}>) => void;\n`;
    }
    out += '      };\n';
  }
  out += '    }\n  }\n}\n';
  return out;
}

/** @param {unknown} text */
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The generated README sections of one element, by marker name.
 * @param {ElementApi} api
 * @param {string} snippet
 * @param {string} latestUrl
 * @returns {Record<'snippet' | 'attributes' | 'events' | 'css-properties' | 'css-parts', string>}
 */
export function readmeSections(api, snippet, latestUrl) {
  const attributes = api.attributes.length === 0 ? 'None.' : [
    '| Attribute | Property | Type | Default | Meaning |',
    '|---|---|---|---|---|',
    ...api.attributes.map((a) => `| \`${a.name}\` | ${a.property ? `\`${a.property}\`` : '–'} | \`${cell(typeOf(a))}\` | ${a.default !== undefined ? `\`${cell(a.default)}\`` : '–'} | ${cell(a.description)} |`),
  ].join('\n');
  const events = api.events.length === 0 ? 'None.' : [
    '| Event | `detail` | When |',
    '|---|---|---|',
    ...api.events.map((e) => `| \`${e.name}\`${e.deprecated ? ' (deprecated)' : ''} | \`${cell(e.detail)}\` | ${cell(e.description)}${e.deprecated ? ` ${cell(e.deprecated)}` : ''} |`),
  ].join('\n');
  const cssProperties = [
    '| Property | Default | Used for |',
    '|---|---|---|',
    ...api.cssProperties.map((p) => `| \`${p.name}\` | ${p.default !== undefined ? `\`${cell(p.default)}\`` : '–'} | ${cell(p.description)} |`),
  ].join('\n');
  const cssParts = api.cssParts.length === 0 ? 'None.' : api.cssParts.map((p) => `- \`::part(${p.name})\`: ${p.description}`).join('\n');
  return {
    snippet: `\`\`\`html\n${snippet}\n\`\`\`\n\nThe file is pinned (its name is its content hash, served immutable) and the browser checks its\n` +
      `\`integrity\`. For the latest compatible build instead (updates itself, no \`integrity\`): \`${latestUrl}\`.`,
    attributes,
    events,
    'css-properties': cssProperties,
    'css-parts': cssParts,
  };
}

/**
 * Replaces `<!-- api:NAME -->…<!-- /api:NAME -->` in a README; returns the new text.
 * @param {string} text
 * @param {Record<string, string>} sections
 * @returns {string}
 */
export function fillMarkers(text, sections) {
  let out = text;
  for (const [name, content] of Object.entries(sections)) {
    const pattern = new RegExp(`(<!-- api:${name} -->)[\\s\\S]*?(<!-- /api:${name} -->)`);
    out = out.replace(pattern, (_m, /** @type {string} */ open, /** @type {string} */ close) => `${open}\n${content}\n${close}`);
  }
  return out;
}

/**
 * Writes `text` to `path` unless the file holds it already; returns whether it wrote.
 * @param {string | URL} path
 * @param {string} text
 * @returns {boolean}
 */
export function writeFileIfChanged(path, text) {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return false;
  writeFileSync(path, text);
  return true;
}
