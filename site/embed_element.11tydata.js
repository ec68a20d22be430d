/**
 * Data of the documentation page of each public element (/embed/<tag>): the element's README with
 * its generated sections (snippet with this build's pinned file and SRI hash, attribute, event and
 * CSS tables from api.json) filled in exactly as scripts/widget-release.mjs fills them, rendered as
 * HTML. One source: api.json and the README; the page adds no text of its own about an element.
 */
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { fillMarkers, readElementApis, readmeSections } from '../build/customElementsManifest.mjs';
import { buildFileReady } from './_config/buildFile.js';
import { libRules } from './_pageData/rules.js';

const releaseFile = new URL('../dist/widgets/release.json', import.meta.url);

/** GitHub's heading anchors ('Sending (`action`)' -> 'sending-action'), so the README's own links work. */
const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

function renderer() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push('dc_heading_ids', (state) => {
    const seen = new Map();
    state.tokens.forEach((token, index) => {
      if (token.type !== 'heading_open') return;
      const base = slug(state.tokens[index + 1].content);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      token.attrSet('id', count === 0 ? base : `${base}-${count}`);
    });
  });
  return md;
}

/** A README link to another element's README or the changelog, as a page of this site. */
function siteLink(href, tags) {
  const readme = /^(?:\.\.\/)?([a-z-]+)\/README\.md(#.*)?$/.exec(href);
  if (readme && tags.has(`dc-${readme[1]}`)) return `/embed/dc-${readme[1]}${readme[2] ?? ''}`;
  if (/^(?:\.\.\/)*CHANGELOG\.md$/.test(href) || href === '../CHANGELOG.md') return '/widgets/CHANGELOG.md';
  return href;
}

async function widgetDocs(siteUrl) {
  if (!(await buildFileReady(releaseFile))) {
    throw new Error('/embed/<element> needs dist/widgets/release.json: run `npm run build` first.');
  }
  const release = JSON.parse(readFileSync(releaseFile, 'utf8'));
  const { widgetSnippet, cspLines } = await libRules('widgetSnippet');
  const apis = readElementApis();
  const tags = new Set(apis.map((api) => api.tagName));
  const md = renderer();
  const defaultLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    token.attrSet('href', siteLink(token.attrGet('href') ?? '', tags));
    return defaultLink(tokens, idx, options, env, self);
  };
  // A wide table scrolls inside its own box (focusable, so a keyboard can scroll it), not the page.
  md.renderer.rules.table_open = () => '<div class="embed-doc-table" tabindex="0">\n<table>\n';
  md.renderer.rules.table_close = () => '</table>\n</div>\n';
  return apis.map((api) => {
    const file = release.elements[api.tagName];
    const attributes = (api.example ?? []).map(([name, value]) => [name, value.replace('{origin}', siteUrl)]);
    const snippet = widgetSnippet({ origin: siteUrl, tag: api.tagName, file, attributes });
    const readme = fillMarkers(
      readFileSync(new URL(`../widgets/${api.folder}/README.md`, import.meta.url), 'utf8'),
      readmeSections(api, snippet, new URL(file.latest, siteUrl).href),
    );
    // The README's own title is the page's h1; its marker comments are for the build only.
    const body = readme.replace(/^# .*\n/, '').replace(/<!-- \/?api:[a-z-]+ -->\n?/g, '');
    return {
      tag: api.tagName,
      summary: api.summary.replace(/`/g, ''),
      html: md.render(body),
      csp: cspLines({ origin: siteUrl, tag: api.tagName, attributes }, siteUrl),
      version: release.version,
    };
  });
}

export default async function () {
  const company = JSON.parse(readFileSync(new URL('./_data/company.json', import.meta.url), 'utf8'));
  return {
    widgetDocs: await widgetDocs(company.siteUrl),
    eleventyComputed: {
      title: (data) => `<${data.doc.tag}>: documentation`,
      heading: (data) => `<${data.doc.tag}>`,
      lead: (data) => data.doc.summary,
      description: (data) => `Attributes, events, CSS custom properties, examples and CSP lines of DataClarity's <${data.doc.tag}> widget.`,
    },
  };
}
