/**
 * Data of /embed: the configuration of <dc-embed-builder> (widgets/embed-builder/embedForm.ts EmbedConfig),
 * built from the release the widget build wrote (dist/widgets/release.json: pinned URLs and SRI
 * hashes) and each public element's api.json (the form's fields), so the page always offers the
 * exact files of this build.
 */
import { readFileSync } from 'node:fs';
import { readElementApis } from '../build/customElementsManifest.mjs';
import { buildFileReady } from './_config/buildFile.js';
import { elementRules, libRules, readData } from './_pageData/rules.js';

const releaseFile = new URL('../dist/widgets/release.json', import.meta.url);

/** A field whose values come from the site's content: the gallery's initial report is picked from its list. */
function withChoices(tag, field) {
  if (tag !== 'dc-dashboard-gallery' || field.name !== 'selected') return field;
  const reports = readData('reports');
  return {
    ...field,
    kind: 'select',
    options: reports.map((report) => report.id),
    optionLabels: Object.fromEntries(reports.map((report) => [report.id, report.title])),
  };
}

async function embedConfig(siteUrl) {
  // `npm run build` makes the release while the pages are written: this page waits for it.
  if (!(await buildFileReady(releaseFile))) {
    throw new Error('/embed needs dist/widgets/release.json: run `npm run build` (Rollup and scripts/widget-release.mjs) first.');
  }
  const release = JSON.parse(readFileSync(releaseFile, 'utf8'));
  const { fieldOf } = await elementRules('embed-builder', 'embedForm');
  const { widgetSnippet } = await libRules('widgetSnippet');
  const { partnerConsent } = await libRules('consentForm');
  // The starting point of "My site" for <dc-consent>: the README example is built from the same values.
  const consent = partnerConsent(readData('consent'), readData('consentPartner'));
  const galleryWords = { ...readData('embedGallery') };
  delete galleryWords.$comment;
  return {
    version: release.version,
    origin: siteUrl,
    elements: readElementApis().map((api) => {
      // `{origin}` stays in the builder's copy: it is filled in with the page's own origin there.
      const example = api.example ?? [];
      const file = release.elements[api.tagName];
      return {
        tag: api.tagName,
        summary: api.summary,
        readme: `/embed/${api.tagName}`,
        file: { latest: file.latest, pinned: file.pinned, integrity: file.integrity },
        fields: api.attributes.map(fieldOf).filter(Boolean).map((field) => withChoices(api.tagName, field)),
        example,
        ...(api.tagName === 'dc-consent' ? { consent } : {}),
        // Its form's words travel with the configuration, as the fields' labels do, not in the script.
        ...(api.tagName === 'dc-dashboard-gallery' ? { gallery: galleryWords } : {}),
        staticSnippet: widgetSnippet({
          origin: siteUrl,
          tag: api.tagName,
          file,
          attributes: example.map(([name, value]) => [name, value.replace('{origin}', siteUrl)]),
        }),
      };
    }),
  };
}

export default {
  eleventyComputed: {
    embedConfig: (data) => embedConfig(data.company.siteUrl),
  },
};
