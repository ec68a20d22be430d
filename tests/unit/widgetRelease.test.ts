import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDeclarations,
  buildManifest,
  buildReactDeclarations,
  fillMarkers,
  readElementApis,
  readmeSections,
} from '../../build/customElementsManifest.mjs';
import { listElements } from '../../build/elements.mjs';
import { integrityOf, widgetVersion, writeWidgetRelease } from '../../build/widgetRelease.mjs';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { cacheControlFor } from '../../server/staticSite';

const root = new URL('../../', import.meta.url).pathname;
const publicElements = listElements().filter((element: { public: boolean }) => element.public);

let dist: string;
let release: ReturnType<typeof writeWidgetRelease>;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'dc-release-'));
  mkdirSync(join(dist, 'widgets'), { recursive: true });
  for (const element of publicElements) writeFileSync(join(dist, 'widgets', `${element.tag}.js`), `export const tag = '${element.tag}';\n`);
  release = writeWidgetRelease({ distDir: dist });
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the widget release (build/widgetRelease.mjs)', () => {
  it('publishes every public element as latest and pinned copies whose SRI hash is that of the bytes', () => {
    expect(Object.keys(release.elements).sort()).toEqual(publicElements.map((element: { tag: string }) => element.tag).sort());
    const major = widgetVersion().split('.')[0];
    for (const [tag, file] of Object.entries(release.elements)) {
      const bytes = readFileSync(join(dist, 'widgets', `${tag}.js`));
      expect(file.latest).toBe(`/widgets/v${major}/${tag}.js`);
      expect(file.pinned).toMatch(new RegExp(`^/widgets/v${major}/${tag}\\.[0-9a-f]{16}\\.js$`));
      expect(readFileSync(join(dist, file.pinned)).equals(bytes)).toBe(true);
      expect(readFileSync(join(dist, file.latest)).equals(bytes)).toBe(true);
      expect(file.integrity).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
    }
    expect(JSON.parse(readFileSync(join(dist, 'widgets/release.json'), 'utf8'))).toEqual(release);
  });

  it('names a pinned file by its content: other bytes, other name and hash', () => {
    expect(integrityOf(Buffer.from('a'))).not.toBe(integrityOf(Buffer.from('b')));
    const names = new Set(Object.values(release.elements).map((file) => file.pinned.split('.').at(-2)));
    expect(names.size).toBe(publicElements.length);
  });

  it('fails with the file named when Rollup did not build an element', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dc-release-empty-'));
    expect(() => writeWidgetRelease({ distDir: empty })).toThrow(/dc-[a-z-]+\.js is missing/);
    rmSync(empty, { recursive: true, force: true });
  });

  it('keeps the version in widgets/manifest.json and its entry in widgets/CHANGELOG.md', () => {
    const version = widgetVersion();
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const changelog = readFileSync(join(root, 'widgets/CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`\n## ${version}\n`);
    expect(changelog).toMatch(/## What is a breaking change/);
    for (const word of ['Attribute', 'Event', 'CSS custom property', 'Part']) expect(changelog).toContain(`**${word}`);
  });
});

describe('cache headers of the release', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ ...loadConfig({ DIST_DIR: dist, DATABASE_PATH: join(dist, 'db.sqlite'), LOG_LEVEL: 'silent' }), distDir: dist });
  });
  afterAll(async () => app.close());

  it('serves pinned files immutable for a year, the major-version and unversioned files for 5 minutes, with CORS', async () => {
    const file = release.elements['dc-blog']!;
    const pinned = await app.inject(file.pinned);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pinned.headers['access-control-allow-origin']).toBe('*');
    expect(pinned.headers['content-type']).toMatch(/javascript/);
    const latest = await app.inject(file.latest);
    expect(latest.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect((await app.inject('/widgets/dc-blog.js')).headers['cache-control']).toMatch(/max-age=300,/);
    expect((await app.inject('/widgets/release.json')).headers['cache-control']).toMatch(/max-age=300,/);
  });

  it('does not treat a look-alike as pinned', () => {
    expect(cacheControlFor('/widgets/v1/dc-blog.js')).toMatch(/max-age=300,/);
    expect(cacheControlFor('/widgets/v1/dc-blog.c175e1f54cb9f56.js')).toMatch(/max-age=300,/);
    expect(cacheControlFor('/widgets/dc-blog.c175e1f54cb9f56a.js')).toMatch(/max-age=300,/);
    expect(cacheControlFor('/widgets/v1/dc-blog.c175e1f54cb9f56a.js')).toMatch(/immutable/);
  });

  it('serves the TypeScript declarations as text', async () => {
    writeFileSync(join(dist, 'widgets/dc-widgets.d.ts'), 'export {};\n');
    const response = await app.inject('/widgets/dc-widgets.d.ts');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('custom-elements.json', () => {
  const apis = readElementApis();

  it('is valid against the Custom Elements Manifest schema 2.1.0', () => {
    const schema = JSON.parse(readFileSync(join(root, 'node_modules/custom-elements-manifest/schema.json'), 'utf8'));
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    const manifest = buildManifest(apis, release);
    expect(validate(manifest), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // and the schema does reject a broken manifest, so the check can fail
    expect(validate({ schemaVersion: '2.1.0', modules: [{ kind: 'javascript-module', declarations: [{ kind: 'class' }] }] })).toBe(false);
  });

  it('lists the five elements with every attribute, property, event, CSS property and part', () => {
    const manifest = buildManifest(apis, release);
    const declarations = manifest.modules.flatMap((module: { declarations: Array<Record<string, unknown>> }) => module.declarations);
    expect(declarations.map((d: Record<string, unknown>) => d.tagName).sort()).toEqual(['dc-blog', 'dc-consent', 'dc-contact-form', 'dc-dashboard-gallery', 'dc-theme-toggle']);
    const gallery = declarations.find((d: Record<string, unknown>) => d.tagName === 'dc-dashboard-gallery') as {
      attributes: Array<{ name: string; fieldName?: string }>;
      events: Array<{ name: string; type: { text: string } }>;
      cssProperties: Array<{ name: string }>;
    };
    expect(gallery.attributes.map((a) => a.name)).toEqual(['src', 'allowed-hosts', 'selected', 'label', 'heading-level']);
    expect(gallery.events.find((e) => e.name === 'dc-report-change')?.type.text).toBe('CustomEvent<{ id: string; title: string; index: number }>');
    expect(gallery.cssProperties.map((p) => p.name)).toContain('--dc-gallery-max-height');
    const form = declarations.find((d: Record<string, unknown>) => d.tagName === 'dc-contact-form') as {
      attributes: Array<{ name: string }>;
      events: Array<{ name: string; deprecated?: string }>;
      cssParts: Array<{ name: string }>;
    };
    expect(form.attributes.map((a) => a.name)).toContain('action');
    expect(form.events.find((e) => e.name === 'dc-submit')?.deprecated).toBeUndefined();
    expect(form.events.find((e) => e.name === 'submit')?.deprecated).toMatch(/dc-submit/);
    expect(form.cssParts.map((p) => p.name)).toEqual(['card', 'heading', 'submit']);
  });

  it('generates the README tables, and the READMEs hold what the build generated', () => {
    const api = apis.find((candidate: { tagName: string }) => candidate.tagName === 'dc-dashboard-gallery')!;
    const sections = readmeSections(api, '<snippet>', 'https://example.test/widgets/v1/dc-dashboard-gallery.js');
    expect(sections.attributes).toContain('| `allowed-hosts` | `allowedHosts` | `string` |');
    expect(sections.events).toContain('| `dc-link-copy` | `{ id: string; url: string; copied: boolean }` |');
    expect(fillMarkers('a <!-- api:events -->old<!-- /api:events --> b', sections)).toBe(`a <!-- api:events -->\n${sections.events}\n<!-- /api:events --> b`);
    for (const candidate of apis) {
      const readme = readFileSync(join(root, 'widgets', candidate.folder, 'README.md'), 'utf8');
      const generated = readmeSections(candidate, '', '');
      for (const name of ['attributes', 'events', 'css-properties', 'css-parts'] as const) {
        const match = new RegExp(`<!-- api:${name} -->\\n([\\s\\S]*?)\\n<!-- /api:${name} -->`).exec(readme);
        if (match) expect(match[1], `${candidate.tagName} README ${name}: run npm run build`).toBe(generated[name]);
      }
    }
  });
});

describe('dc-widgets.d.ts and dc-widgets-react.d.ts', () => {
  it('type-check a DOM consumer and a React 19 page, and reject wrong uses', () => {
    const apis = readElementApis();
    const dir = mkdtempSync(join(root, 'node_modules/.cache-dc-types-'));
    try {
      writeFileSync(join(dir, 'dc-widgets.d.ts'), buildDeclarations(apis, '1.0.0'));
      writeFileSync(join(dir, 'dc-widgets-react.d.ts'), buildReactDeclarations(apis, '1.0.0'));
      writeFileSync(
        join(dir, 'good.tsx'),
        `import type {} from './dc-widgets';
import type {} from './dc-widgets-react';
const gallery = document.querySelector('dc-dashboard-gallery');
if (gallery) {
  gallery.allowedHosts = 'app.powerbi.com';
  gallery.addEventListener('dc-report-change', (event) => { const id: string = event.detail.id; const index: number = event.detail.index; void id; void index; });
}
document.addEventListener('dc-consent-change', (event) => { const analytics: boolean = event.detail.categories.analytics; void analytics; });
document.querySelector('dc-contact-form')?.addEventListener('dc-submit', (event) => { const variant: 'contact' | 'consultation' = event.detail.variant; event.preventDefault(); void variant; });
export const Page = () => (
  <dc-dashboard-gallery src="/data/reports.json" heading-level="2" allowedHosts="app.powerbi.com"
    ondc-report-change={(event) => console.log(event.detail.title)} />
);
export const Blog = () => <dc-blog url-sync ondc-blog-load={(event) => console.log(event.detail.count + 1)} />;
`,
      );
      writeFileSync(
        join(dir, 'bad.tsx'),
        `import type {} from './dc-widgets';
import type {} from './dc-widgets-react';
document.querySelector('dc-dashboard-gallery')?.addEventListener('dc-report-change', (event) => { const n: number = event.detail.id; void n; });
export const Page = () => <dc-dashboard-gallery ondc-report-load={(event) => event.detail.nope} />;
`,
      );
      const options: ts.CompilerOptions = {
        strict: true,
        noEmit: true,
        jsx: ts.JsxEmit.ReactJSX,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        types: [],
        skipLibCheck: false,
      };
      const program = ts.createProgram([join(dir, 'good.tsx'), join(dir, 'bad.tsx')], options);
      const all = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName.split('/').at(-1)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      const diagnostics = (file: string) => all.filter((message) => !message.startsWith('bad.tsx') || file === 'bad.tsx').filter((message) => file === 'bad.tsx' || !message.startsWith('bad.tsx'));
      expect(diagnostics('good.tsx')).toEqual([]);
      const bad = diagnostics('bad.tsx');
      expect(bad.some((message) => /bad\.tsx: Type 'string' is not assignable to type 'number'/.test(message)), bad.join('\n')).toBe(true);
      expect(bad.some((message) => /bad\.tsx: Property 'nope' does not exist/.test(message)), bad.join('\n')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
