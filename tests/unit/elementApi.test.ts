import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readElementApis, type ApiAttribute, type ElementApi } from '../../build/customElementsManifest.mjs';
import { attributesFile, attributesModule, propsDrift, r2wcType, type FoundProp } from '../../build/elementAttributes.mjs';
import { listElements } from '../../build/elements.mjs';

/**
 * One description per public element: api.json. Its attributes.ts (the r2wc props map and the
 * attributes' interface) is written from it, its define.ts hands that map to r2wc, and its
 * component takes exactly the attributes api.json lists, typed as r2wc delivers them. Checked with
 * the type checker on the real files, and on a fixture element that breaks each rule.
 */

const root = new URL('../../', import.meta.url).pathname;
const apis = readElementApis();
const publicElements = listElements().filter((element) => element.public);

/** What a define.ts hands to r2wc: the component's props and the file its props map comes from. */
interface Definition {
  props: FoundProp[];
  /** The file that declares the `props` value, or null when it is written inline. */
  propsFrom: string | null;
}

/** The `defineElement(tag, Component, { props })` call of a define file, read with the type checker. */
function readDefinition(program: ts.Program, file: string): Definition {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  let call: ts.CallExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineElement') call = node;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  if (!call) throw new Error(`${file} calls no defineElement`);
  const [, component, options] = call.arguments;
  if (!component || !options || !ts.isObjectLiteralExpression(options)) throw new Error(`${file}: defineElement(tag, component, { props })`);
  const [signature] = checker.getTypeAtLocation(component).getCallSignatures();
  const parameter = signature?.parameters[0];
  const propsType = parameter ? checker.getTypeOfSymbolAtLocation(parameter, component) : undefined;
  const props = (propsType ? checker.getPropertiesOfType(propsType) : []).map((symbol) => ({
    name: symbol.name,
    type: checker.typeToString(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, component))),
    optional: (symbol.flags & ts.SymbolFlags.Optional) !== 0,
  }));
  const initializer = options.properties.find(
    (property): property is ts.PropertyAssignment => ts.isPropertyAssignment(property) && property.name.getText(source) === 'props',
  )?.initializer;
  let symbol = initializer && ts.isIdentifier(initializer) ? checker.getSymbolAtLocation(initializer) : undefined;
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return { props, propsFrom: symbol?.declarations?.[0]?.getSourceFile().fileName ?? null };
}

const variant: ApiAttribute = { name: 'variant', property: 'variant', type: "'a' | 'b'", description: 'Which.' };
const headingLevel: ApiAttribute = { name: 'heading-level', property: 'headingLevel', type: 'string', description: 'Level.' };
const urlSync: ApiAttribute = { name: 'url-sync', type: 'boolean', description: 'Read as an attribute only.' };
const fixtureApi = {
  tagName: 'dc-fixture',
  className: 'DcFixture',
  summary: 'A fixture.',
  example: [],
  attributes: [variant, headingLevel, urlSync],
  events: [],
  cssProperties: [],
  cssParts: [],
  folder: 'fixture',
} satisfies ElementApi;

let fixtureDir: string;
let program: ts.Program;

beforeAll(() => {
  // The fixture element breaks every rule: a prop api.json does not have, one of another type, a
  // required one, an attribute it does not take, and a props map written by hand.
  fixtureDir = mkdtempSync(join(tmpdir(), 'dc-element-api-'));
  writeFileSync(join(fixtureDir, 'attributes.ts'), attributesModule(fixtureApi));
  writeFileSync(
    join(fixtureDir, 'good.ts'),
    `import { PROPS, type DcFixtureAttributes } from './attributes';
declare function defineElement<P>(tag: string, component: (props: P) => unknown, options: { props?: Record<string, string> }): void;
function Fixture(_props: DcFixtureAttributes & { container?: unknown }) { return null; }
defineElement('dc-fixture', Fixture, { props: PROPS });
`,
  );
  writeFileSync(
    join(fixtureDir, 'bad.ts'),
    `declare function defineElement<P>(tag: string, component: (props: P) => unknown, options: { props?: Record<string, string> }): void;
function Fixture(_props: { container?: unknown; variant: string; headingLevel?: number; extra?: string }) { return null; }
defineElement('dc-fixture', Fixture, { props: { variant: 'string', headingLevel: 'string' } });
`,
  );
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json does not parse');
  const declarations = readdirSync(join(root, 'types')).map((name) => join(root, 'types', name));
  program = ts.createProgram(
    [...publicElements.map((element) => element.input), ...declarations, join(fixtureDir, 'good.ts'), join(fixtureDir, 'bad.ts')],
    { ...config.options, noEmit: true },
  );
}, 60_000);

afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

describe('widgets/<name>/attributes.ts, written from api.json (build/elementAttributes.mjs)', () => {
  it('is, for every public element, what the build writes from its api.json (run npm run build and commit it)', () => {
    expect(apis.map((api) => api.tagName).sort()).toEqual(publicElements.map((element) => element.tag).sort());
    for (const api of apis) {
      expect(readFileSync(attributesFile(api.folder), 'utf8'), `widgets/${api.folder}/attributes.ts is stale: run npm run build`).toBe(attributesModule(api));
    }
  });

  it('changes with api.json: another attribute, another type, another property name', () => {
    const text = attributesModule(fixtureApi);
    expect(text).toContain("  variant: 'string',\n  headingLevel: 'string',\n} as const;");
    expect(text).not.toContain('urlSync');
    expect(text).toContain('export interface DcFixtureAttributes {');
    expect(attributesModule({ ...fixtureApi, attributes: [variant, headingLevel, { ...urlSync, property: 'urlSync' }] })).toContain("urlSync: 'boolean'");
    expect(attributesModule({ ...fixtureApi, attributes: [variant, { ...headingLevel, type: 'number' }] })).toContain("headingLevel: 'number'");
    expect(attributesModule({ ...fixtureApi, attributes: [variant, { ...headingLevel, property: 'level' }] })).toContain("  level: 'string',");
  });

  it("types each attribute as r2wc delivers it, and refuses a type r2wc cannot deliver", () => {
    const type = (text: string) => r2wcType({ name: 'x', property: 'x', type: text, description: '' }, 'dc-fixture');
    expect(type('string')).toBe('string');
    expect(type("'en' | 'de'")).toBe('string');
    expect(type("'single'")).toBe('string');
    expect(type('number')).toBe('number');
    expect(type('boolean')).toBe('boolean');
    for (const bad of ["'en' | string", 'string[]', '{ id: string }', "'en' | 2", 'String', '']) {
      expect(() => type(bad), bad).toThrow(/dc-fixture: attribute "x" has type/);
    }
  });
});

describe("a public element's define.ts and component agree with its api.json", () => {
  it.each(publicElements.map((element) => [element.tag, element] as const))('%s: define.ts hands r2wc the PROPS of attributes.ts', (_tag, element) => {
    expect(readDefinition(program, element.input).propsFrom).toBe(attributesFile(element.name));
  });

  it.each(publicElements.map((element) => [element.tag, element] as const))('%s: the component takes exactly the attributes of api.json, typed as r2wc delivers them', (tag, element) => {
    const api = apis.find((candidate) => candidate.tagName === tag)!;
    const { props } = readDefinition(program, element.input);
    expect(propsDrift(api, props)).toEqual([]);
    expect(props.filter((prop) => prop.name !== 'container').length).toBe(api.attributes.filter((attribute) => attribute.property).length);
  });

  it('finds the drift of an element that breaks each rule', () => {
    const good = readDefinition(program, join(fixtureDir, 'good.ts'));
    expect(good.propsFrom).toBe(join(fixtureDir, 'attributes.ts'));
    expect(propsDrift(fixtureApi, good.props)).toEqual([]);
    const bad = readDefinition(program, join(fixtureDir, 'bad.ts'));
    expect(bad.propsFrom).toBeNull();
    expect(propsDrift(fixtureApi, bad.props)).toEqual([
      'dc-fixture: the component requires "variant"; attribute "variant" may be absent',
      `dc-fixture: the component types "headingLevel" as number; attribute "heading-level" arrives as string (api.json: string)`,
      'dc-fixture: the component takes "extra", which api.json has no attribute for',
    ]);
    expect(propsDrift(fixtureApi, good.props.filter((prop) => prop.name !== 'headingLevel'))).toEqual([
      'dc-fixture: attribute "heading-level" (property "headingLevel") is in api.json, but the component does not take it',
    ]);
  });
});
