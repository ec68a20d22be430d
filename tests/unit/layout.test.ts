import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyModule, COMPANY_JSON, COMPANY_MODULE } from '../../build/companyModule.mjs';
import { packageDrift, readPackageJson, readSources, relativeImports, root, sourceFiles, type Sources } from '../support/imports';

/**
 * The boundaries README "Where things are" states, each a rule on imports: which folders a folder's
 * files may import. A violation names the file and what it imports; each rule is also run on a
 * file that breaks it, so a rule that can no longer fail fails here.
 */
interface ImportRule {
  rule: string;
  /** The files the rule is about (project-relative). */
  applies: (file: string) => boolean;
  /** Whether such a file may import `target` (project-relative). */
  allowed: (target: string) => boolean;
  /** A file that breaks the rule: its path and text. */
  violation: { file: string; text: string };
}

const under = (...folders: string[]) => (path: string) => folders.some((folder) => path === folder || path.startsWith(`${folder}/`));

const IMPORT_RULES: ImportRule[] = [
  {
    rule: 'server/ imports shared/ and its own files only',
    applies: under('server'),
    allowed: under('server', 'shared'),
    violation: { file: 'server/example.ts', text: "import { COMPRESSIBLE } from '../scripts/precompress.mjs';" },
  },
  {
    rule: 'shared/ imports only shared/ (company facts come from shared/company.ts, which the build writes)',
    applies: under('shared'),
    allowed: under('shared'),
    violation: { file: 'shared/example.ts', text: "import company from '../site/_data/company.json';" },
  },
  {
    rule: 'widgets/ import widgets/, shared/, site content (site/_data) and types/, never the server, the page build or scripts',
    applies: under('widgets'),
    allowed: under('widgets', 'shared', 'site/_data', 'types'),
    violation: { file: 'widgets/example/Example.tsx', text: "import { canonicalPath } from '../../server/staticSite';" },
  },
  {
    rule: 'widgets/lib/ never imports an element folder (its tests may, to check the elements that use it)',
    applies: (file) => under('widgets/lib')(file) && !/\.test\.tsx?$/.test(file),
    allowed: (target) => !target.startsWith('widgets/') || under('widgets/lib')(target),
    violation: { file: 'widgets/lib/example.ts', text: "import { ContactForm } from '../contact-form/ContactForm';" },
  },
  {
    rule: 'nothing imports scripts/ except scripts/ (and the tests of a script)',
    applies: (file) => !under('scripts', 'tests')(file),
    allowed: (target) => !under('scripts')(target),
    violation: { file: 'server/example.ts', text: "import { precompress } from '../scripts/precompress.mjs';" },
  },
];

function ruleViolations(rule: ImportRule, sources: Sources): string[] {
  return [...sources]
    .filter(([file]) => rule.applies(file))
    .flatMap(([file, text]) => relativeImports(file, text))
    .filter(({ target }) => !rule.allowed(target))
    .map(({ from, target }) => `${from} imports ${target}`);
}

const tree = readSources();

describe('import boundaries (README "Where things are")', () => {
  for (const rule of IMPORT_RULES) {
    it(rule.rule, () => {
      expect(ruleViolations(rule, tree)).toEqual([]);
    });

    it(`${rule.rule}: finds a file that breaks it`, () => {
      const broken = new Map([[rule.violation.file, rule.violation.text]]);
      expect(ruleViolations(rule, broken)).toHaveLength(1);
    });
  }

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

  it('shared/company.ts is what build/companyModule.mjs writes from site/_data/company.json (run npm run build)', () => {
    const expected = companyModule(JSON.parse(readFileSync(COMPANY_JSON, 'utf8')) as Record<string, unknown>);
    expect(readFileSync(COMPANY_MODULE, 'utf8')).toBe(expected);
    expect(companyModule({ name: 'Other', email: 'a@b.example', siteUrl: 'https://b.example' })).not.toBe(expected);
  });
});

describe('package.json declares exactly the packages the tree uses', () => {
  const manifest = readPackageJson(join(root, 'package.json'));
  const installed = (name: string) => readPackageJson(join(root, 'node_modules', name, 'package.json'));
  const ownPackages = readdirSync(join(root, 'packages')).map((folder) => readPackageJson(join(root, 'packages', folder, 'package.json')).name ?? folder);

  it('every imported package is declared, and every declared one is used', () => {
    expect(packageDrift(manifest, tree, installed, ownPackages)).toEqual({ undeclared: [], unused: [] });
  });

  it('finds an import of an undeclared package and a declared package nothing uses', () => {
    const sources = new Map([...tree, ['scripts/example.mjs', "import ajv from 'ajv';\nimport 'node:fs';"]]);
    const devDependencies: Record<string, string> = { ...manifest.devDependencies, 'left-pad': '^1.3.0' };
    delete devDependencies.ajv;
    const withoutAjv = { ...manifest, devDependencies };
    const unusedToo = (name: string) => (name === 'left-pad' ? {} : installed(name));
    expect(packageDrift(withoutAjv, sources, unusedToo, ownPackages)).toEqual({
      undeclared: [expect.stringMatching(/^ajv \(imported by /)],
      unused: ['left-pad'],
    });
  });
});
