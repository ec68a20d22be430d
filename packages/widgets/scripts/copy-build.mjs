/**
 * `npm pack` (prepack) of @dataclarity/widgets: copies the widget build of the project (`npm run
 * build` at the root writes dist/widgets/) into this package's dist/: the released standalone ES modules,
 * dc-widgets.d.ts, dc-widgets-react.d.ts (React 19 JSX), custom-elements.json and dc-tokens.css, plus
 * an index.js that defines all five. Fails, saying what to run, when the build is missing or is of
 * another version than this package.json.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const from = new URL('../../../dist/widgets/', import.meta.url);
const to = new URL('../dist/', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const manifest = JSON.parse(readFileSync(new URL('../../../widgets/manifest.json', import.meta.url), 'utf8'));

function fail(message) {
  console.error(`@dataclarity/widgets: ${message}`);
  process.exit(1);
}

if (pkg.version !== manifest.version) fail(`package.json says ${pkg.version}, widgets/manifest.json ${manifest.version}: make them agree.`);
if (!existsSync(new URL('release.json', from))) fail('no widget build: run `npm run build` at the project root first.');
const release = JSON.parse(readFileSync(new URL('release.json', from), 'utf8'));
if (release.version !== pkg.version) fail(`dist/widgets is version ${release.version}, this package ${pkg.version}: run \`npm run build\` again.`);
/** The public elements: those of the release (an element is public when its folder has an api.json). */
const TAGS = Object.keys(release.elements);

rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
for (const file of [...TAGS.map((tag) => `${tag}.js`), 'dc-widgets.d.ts', 'dc-widgets-react.d.ts', 'custom-elements.json', 'dc-tokens.css']) {
  copyFileSync(new URL(file, from), new URL(file, to));
}
writeFileSync(new URL('index.js', to), `// Defines all five elements. To load only what a page uses, import '@dataclarity/widgets/<tag>' instead.\n${TAGS.map((tag) => `import './${tag}.js';`).join('\n')}\n`);
console.log(`@dataclarity/widgets ${pkg.version}: ${TAGS.length} elements, types and manifest copied from dist/widgets`);
