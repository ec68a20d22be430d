import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A feature is a folder (README "Where things are"): what one element alone uses lives in that
 * element's folder (widgets/<element>/), and widgets/lib/ keeps only what two or more elements
 * use. An element uses a lib file when one of its files imports it, directly or through other
 * lib files. Unit tests are not users: a test may exercise several elements' rules.
 */
const root = resolve(import.meta.dirname, '../..');
const widgets = join(root, 'widgets');

/**
 * Lib files one element uses that stay in widgets/lib/ for now, each with its reason. Both are
 * read by scripts/widget-release.mjs, which this part of issue 30 leaves untouched.
 */
const STAYING: Record<string, string> = {
  'widgets/lib/consentForm.ts': 'scripts/widget-release.mjs reads it (the release snippets)',
  'widgets/lib/widgetSnippet.ts': 'scripts/widget-release.mjs and build/widgetRelease.d.mts read it',
};

// Unit tests and the support several test files share (`<name>.testSupport.ts`) are not the elements' code.
const isSource = (name: string) => /\.(ts|tsx|css)$/.test(name) && !/\.(test|testSupport)\.tsx?$/.test(name);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The files a source file imports by a relative path (extension optional, as TypeScript resolves it). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]|@import\s+['"](\.{1,2}\/[^'"]+)['"]/g)].flatMap((match) => {
    const base = resolve(dirname(join(root, file)), (match[1] ?? match[2])!);
    const found = ['', '.ts', '.tsx'].map((suffix) => base + suffix).find((path) => existsSync(path) && isSource(path));
    return found ? [relative(root, found)] : [];
  });
}

const elementOf = (file: string) => /^widgets\/([^/]+)\//.exec(file)?.[1];

/** For each lib file, the elements that use it (directly or through other lib files). */
function libUsers(): Map<string, Set<string>> {
  const libFiles = sourceFiles(join(widgets, 'lib'));
  const importers = new Map<string, string[]>();
  for (const file of sourceFiles(widgets)) {
    for (const target of importsOf(file)) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
  const users = new Map<string, Set<string>>();
  for (const libFile of libFiles) {
    const elements = new Set<string>();
    const seen = new Set([libFile]);
    const queue = [libFile];
    for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
      for (const importer of importers.get(current) ?? []) {
        const element = elementOf(importer);
        if (element && element !== 'lib') elements.add(element);
        else if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    users.set(libFile, elements);
  }
  return users;
}

describe('a feature is a folder', () => {
  const users = libUsers();

  it('widgets/lib/ holds only what two or more elements use', () => {
    const single = [...users]
      .filter(([file, elements]) => elements.size < 2 && !(file in STAYING))
      .map(([file, elements]) => `${file} is used by ${[...elements].join(', ') || 'no element'}: move it into that element's folder`);
    expect(single).toEqual([]);
  });

  it('each file kept in widgets/lib/ with one user still has one (else it leaves the list)', () => {
    for (const file of Object.keys(STAYING)) expect(users.get(file)?.size, file).toBe(1);
  });

  it('follows imports through lib files and finds one-element files (the check itself)', () => {
    // lightIsland.ts is imported by the two light islands' define files; whenIdle.ts only by lightIsland.ts.
    expect([...users.get('widgets/lib/lightIsland.ts')!].sort()).toEqual(['careers', 'faq']);
    expect([...users.get('widgets/lib/whenIdle.ts')!].sort()).toEqual(['careers', 'faq']);
    expect([...users.get('widgets/lib/consentForm.ts')!]).toEqual(['embed-builder']);
  });
});
