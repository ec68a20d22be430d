import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The direction of imports (README "Where things are"): the server never imports element code,
 * shared code imports only itself and site content, and elements never import the server.
 * A violation names the file and what it imports.
 */
const root = resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The top-level folders a file's relative imports reach (e.g. 'shared', 'widgets', 'site'). */
function importedFolders(file: string): Map<string, string> {
  const text = readFileSync(join(root, file), 'utf8');
  const found = new Map<string, string>();
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = relative(root, resolve(dirname(join(root, file)), match[1]!));
    found.set(target.split('/')[0]!, target);
  }
  return found;
}

/** Imports from `folder` into a top-level folder that `allowed` refuses. */
function violations(folder: string, allowed: (top: string) => boolean): string[] {
  return sourceFiles(folder).flatMap((file) =>
    [...importedFolders(file)].filter(([top]) => !allowed(top)).map(([, target]) => `${file} imports ${target}`),
  );
}

describe('import direction', () => {
  it('server/ never imports an element (widgets/)', () => {
    expect(violations('server', (top) => top !== 'widgets')).toEqual([]);
  });

  it('shared/ imports only itself and site content', () => {
    expect(violations('shared', (top) => top === 'shared' || top === 'site')).toEqual([]);
  });

  it('widgets/ import shared/ and site content, never the server or the build', () => {
    expect(violations('widgets', (top) => ['widgets', 'shared', 'site', 'types'].includes(top))).toEqual([]);
  });

  it('widgets/ import the schema files of shared/ (TypeBox) for their types only, so no schema library is bundled', () => {
    const schemaFiles = sourceFiles('shared').filter((file) => /from\s+['"]typebox['"]/.test(readFileSync(join(root, file), 'utf8')));
    expect(schemaFiles).toContain('shared/user.ts');
    const valueImports = sourceFiles('widgets').flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return [...text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gms)]
        .filter((match) => !match[2] && schemaFiles.includes(`${relative(root, resolve(dirname(join(root, file)), match[3]!))}.ts`))
        .map((match) => `${file}: ${match[0].split('\n')[0]}`);
    });
    expect(valueImports).toEqual([]);
  });

  it('finds a violation when there is one (the check itself)', () => {
    expect(importedFolders('server/users/store.ts').has('shared')).toBe(true);
  });
});
