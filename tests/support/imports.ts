import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * What the project's files import, read the way the compiler reads them (import and export
 * declarations, `import()`, `require()`), for the checks of tests/unit/layout.test.ts: which
 * folder may import which, and whether package.json declares exactly the packages the tree uses.
 */
export const root = resolve(import.meta.dirname, '../..');

/** Folders that hold no source of ours: installed, built or written by tools. */
const NOT_SOURCE = /^(node_modules|dist|server-dist|test-results|playwright-report|coverage|data|deploy|\.git)(\/|$)|\/node_modules(\/|$)/;

/** Every source file (TypeScript and JavaScript) under `folder` (project-relative, '' = the whole tree). */
export function sourceFiles(folder = ''): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) && !/\.d\.(ts|mts|cts)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !NOT_SOURCE.test(file));
}

/** The module specifiers a source text imports (static, dynamic, require, createRequire(…)(…)). */
export function importSpecifiers(text: string): string[] {
  const found = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  // A require made by createRequire(import.meta.url), called at once: the compiler does not see it as one.
  for (const match of text.matchAll(/createRequire\([^)]*\)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

export interface ImportedFile {
  /** The importing file, project-relative. */
  from: string;
  /** The imported file, project-relative (relative specifiers only). */
  target: string;
}

/** The project files `file`'s relative imports reach, project-relative. */
export function relativeImports(file: string, text = readFileSync(join(root, file), 'utf8')): ImportedFile[] {
  return importSpecifiers(text)
    .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
    .map((specifier) => ({ from: file, target: relative(root, resolve(dirname(join(root, file)), specifier)) }));
}

/** The package a bare specifier names ('@scope/name/sub' -> '@scope/name'), or null for Node's own and virtual modules. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.includes(':')) return null;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return builtinModules.includes(name) ? null : name;
}

export interface PackageJson {
  name?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  bin?: string | Record<string, string>;
}

export function readPackageJson(path: string): PackageJson {
  return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
}

/** The files of the tree, keyed by project-relative path, with their text. */
export type Sources = ReadonlyMap<string, string>;

export function readSources(folder = ''): Sources {
  return new Map(sourceFiles(folder).map((file) => [file, readFileSync(join(root, file), 'utf8')]));
}

/** The packages the sources import, each with the first file that does. */
export function importedPackages(sources: Sources): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, text] of sources) {
    for (const specifier of importSpecifiers(text)) {
      const name = packageOf(specifier);
      if (name && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}

/**
 * What is wrong between package.json and the sources:
 * - `undeclared`: a package some file imports that package.json does not declare (it resolves
 *   today only because another package brought it along, and goes when that one changes);
 * - `unused`: a declared package nothing uses. A package is used when a file imports it, names
 *   its folder (`node_modules/<name>/`), when a package.json script runs one of its programs, when
 *   a test names it as its Vitest environment, when it is a used package's peer dependency, and
 *   `@types/<name>` when `<name>` is used (`@types/node`: always, tsconfig's `types`).
 * `installed(name)` reads an installed package's package.json (bin, peerDependencies).
 * `ownPackages` are this repository's own packages (packages/*), which are not installed from the registry.
 */
export function packageDrift(
  manifest: PackageJson,
  sources: Sources,
  installed: (name: string) => PackageJson,
  ownPackages: readonly string[] = [],
): { undeclared: string[]; unused: string[] } {
  const declared = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
  const imported = importedPackages(sources);
  const undeclared = [...imported]
    .filter(([name]) => !declared.includes(name) && !ownPackages.includes(name))
    .map(([name, file]) => `${name} (imported by ${file})`);

  const texts = [...sources.values()].join('\n');
  const programs = Object.values(manifest.scripts ?? {}).flatMap((script) =>
    script.split(/&&|\|\||;/).map((command) => command.trim().split(/\s+/)[0]!),
  );
  const direct = new Set(
    declared.filter((name) => {
      if (name.startsWith('@types/')) return false;
      if (imported.has(name) || texts.includes(`node_modules/${name}/`)) return true;
      if (new RegExp(`@vitest-environment ${name}\\b`).test(texts)) return true;
      const bin = installed(name).bin;
      const names = typeof bin === 'string' ? [name.split('/').pop()!] : Object.keys(bin ?? {});
      return names.some((program) => programs.includes(program));
    }),
  );
  const used = new Set(direct);
  for (const name of direct) for (const peer of Object.keys(installed(name).peerDependencies ?? {})) used.add(peer);
  const typesFor = (name: string) => {
    const typed = name.slice('@types/'.length);
    return typed.includes('__') ? `@${typed.replace('__', '/')}` : typed;
  };
  const unused = declared.filter((name) =>
    name.startsWith('@types/') ? typesFor(name) !== 'node' && !used.has(typesFor(name)) && !imported.has(typesFor(name)) : !used.has(name),
  );
  return { undeclared, unused };
}
