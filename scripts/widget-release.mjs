/**
 * After Rollup: publishes the standalone widgets as a versioned release (build/widgetRelease.mjs),
 * writes /widgets/custom-elements.json and the TypeScript declarations, and refreshes the generated
 * sections of the public elements' READMEs (snippet with the pinned URL and its SRI hash, API tables),
 * published with the changelog under /widgets/docs/ and /widgets/CHANGELOG.md.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import {
  buildDeclarations,
  buildManifest,
  buildReactDeclarations,
  fillMarkers,
  readElementApis,
  readmeSections,
  writeFileIfChanged,
} from '../build/customElementsManifest.mjs';
import { writeWidgetRelease } from '../build/widgetRelease.mjs';

const distDir = process.argv[2] ?? 'dist';
const { inlineJson, widgetSnippet } = /** @type {typeof import('../widgets/lib/widgetSnippet')} */ (
  await tsImport('../widgets/lib/widgetSnippet.ts', import.meta.url)
);
const { inlineConsentContent, partnerConsent } = /** @type {typeof import('../widgets/lib/consentForm')} */ (
  await tsImport('../widgets/lib/consentForm.ts', import.meta.url)
);
/**
 * @param {string} name a data file of site/_data
 * @returns {unknown}
 */
const readData = (name) => JSON.parse(readFileSync(new URL(`../site/_data/${name}.json`, import.meta.url), 'utf8'));
const { siteUrl } = /** @type {{ siteUrl: string }} */ (JSON.parse(readFileSync(new URL('../site/_data/company.json', import.meta.url), 'utf8')));

const release = writeWidgetRelease({ distDir });
const apis = readElementApis();
writeFileSync(join(distDir, 'widgets', 'custom-elements.json'), `${JSON.stringify(buildManifest(apis, release), null, 2)}\n`);
writeFileSync(join(distDir, 'widgets', 'dc-widgets.d.ts'), buildDeclarations(apis, release.version));
writeFileSync(join(distDir, 'widgets', 'dc-widgets-react.d.ts'), buildReactDeclarations(apis, release.version));

/**
 * <dc-consent> describing a partner's own site: the snippet /embed starts from under "My site"
 * (site/_data/consentPartner.json over the texts of consent.json), so README and /embed agree.
 * @param {import('../widgets/lib/widgetSnippet').WidgetFile} file
 */
function ownSiteExample(file) {
  const consent = partnerConsent(
    /** @type {Parameters<typeof partnerConsent>[0]} */ (readData('consent')),
    /** @type {Parameters<typeof partnerConsent>[1]} */ (readData('consentPartner')),
  );
  const inline = inlineJson(inlineConsentContent(consent, consent));
  return `\`\`\`html\n${widgetSnippet({ origin: siteUrl, tag: 'dc-consent', file, inline })}\n\`\`\``;
}

for (const api of apis) {
  const file = release.elements[api.tagName];
  if (!file) throw new Error(`widget release: ${api.tagName} has api.json but no release file`);
  const attributes = (api.example ?? []).map(([name, value]) => /** @type {[string, string]} */ ([name, value.replace('{origin}', siteUrl)]));
  const snippet = widgetSnippet({ origin: siteUrl, tag: api.tagName, file, attributes });
  const readme = new URL(`../widgets/${api.folder}/README.md`, import.meta.url);
  const text = readFileSync(readme, 'utf8');
  /** @type {Record<string, string>} */
  const sections = readmeSections(api, snippet, new URL(file.latest, siteUrl).href);
  if (api.tagName === 'dc-consent') sections['own-site'] = ownSiteExample(file);
  const next = fillMarkers(text, sections);
  if (writeFileIfChanged(readme, next)) console.log(`widget release: updated widgets/${api.folder}/README.md`);
  // Published next to the files, for the /embed page's README links.
  mkdirSync(join(distDir, 'widgets', 'docs'), { recursive: true });
  writeFileSync(join(distDir, 'widgets', 'docs', `${api.tagName}.md`), next);
}
copyFileSync(new URL('../widgets/CHANGELOG.md', import.meta.url), join(distDir, 'widgets', 'CHANGELOG.md'));
console.log(`widget release ${release.version}: ${Object.keys(release.elements).length} elements under /widgets/v${release.major}/`);
