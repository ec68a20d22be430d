/**
 * The embed snippet of a public element and the Content-Security-Policy lines a partner page
 * needs for it. One rule for the /embed page (live, from the form), the READMEs and the docs
 * (written by the build): the script points at the pinned, content-hashed file and carries its
 * Subresource Integrity hash, so a browser refuses any other bytes.
 */
import { escapeHtml } from '../../shared/escapeHtml';
import { httpUrl } from '../../shared/httpUrl';
import { parseAllowedHosts } from '../../shared/embed';
import { parseImageHosts } from './imageHosts';

/** One element's files in a release (dist/widgets/release.json). */
export interface WidgetFile {
  /** /widgets/v{major}/dc-x.js: the latest build of the major version (short cache, no SRI). */
  latest: string;
  /** /widgets/v{major}/dc-x.{hash}.js: never changes (immutable for a year). */
  pinned: string;
  /** sha384-… of the pinned file. */
  integrity: string;
}

/** An attribute of the element in a snippet: a value, or `true` for a boolean attribute. */
export type SnippetAttribute = readonly [name: string, value: string | true];

export interface SnippetOptions {
  /** The origin the widgets are served from, e.g. https://www.dataclarity.de */
  origin: string;
  tag: string;
  file: WidgetFile;
  attributes?: readonly SnippetAttribute[];
  /** Add the optional link to our colour tokens (light and dark). */
  tokens?: boolean;
  /** JSON the element reads from an inline `<script type="application/json">` child (already escaped, see consentForm.ts inlineJson). */
  inline?: string;
}

/** JSON for a `<script type="application/json">` child of an element: indented, and `<` escaped so no `</script>` can end it early. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/</g, '\\u003c');
}

const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;


function absolute(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** The markup a partner pastes: optional tokens link, the pinned module with integrity, the element. */
export function widgetSnippet({ origin, tag, file, attributes = [], tokens = false, inline }: SnippetOptions): string {
  const lines: string[] = [];
  if (tokens) lines.push(`<link rel="stylesheet" href="${escapeHtml(absolute(origin, '/widgets/dc-tokens.css'))}">`);
  lines.push(
    `<script type="module" src="${escapeHtml(absolute(origin, file.pinned))}"\n` +
      `        integrity="${escapeHtml(file.integrity)}" crossorigin="anonymous"></script>`,
  );
  const attributeText = attributes
    .filter(([name, value]) => ATTRIBUTE_NAME.test(name) && value !== '')
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  lines.push(
    inline === undefined
      ? `<${tag}${attributeText}></${tag}>`
      : `<${tag}${attributeText}>\n<script type="application/json">\n${inline}\n</script>\n</${tag}>`,
  );
  return lines.join('\n');
}

/** The origin of a URL attribute's value (resolved against `base`), or null when it is not an http(s) URL. */
function originOf(value: string | undefined, base: string): string | null {
  return value ? (httpUrl(value, base)?.origin ?? null) : null;
}

/**
 * The CSP directives a partner page must allow for `tag` with these attributes (values merged
 * into the partner's own directives). `pageOrigin` resolves relative URLs in attributes.
 */
export function cspLines(
  { origin, tag, attributes = [], tokens = false, inline }: Omit<SnippetOptions, 'file'>,
  pageOrigin = origin,
): string[] {
  const values = new Map(attributes.map(([name, value]) => [name, value === true ? '' : value]));
  const ours = new URL(origin).origin;
  const directives = new Map<string, Set<string>>();
  const allow = (directive: string, source: string | null) => {
    if (!source) return;
    if (!directives.has(directive)) directives.set(directive, new Set());
    directives.get(directive)!.add(source);
  };
  allow('script-src', ours);
  if (tokens) allow('style-src', ours);
  // (An inline JSON child is content the element needs not fetch.)
  if (((tag === 'dc-consent' || tag === 'dc-dashboard-gallery') && inline === undefined) || tag === 'dc-blog') {
    allow('connect-src', originOf(values.get('src'), pageOrigin) ?? ours);
  }
  // The blog's images: the hosts of image-hosts, by default its feed's site.
  if (tag === 'dc-blog') {
    for (const source of parseImageHosts(values.get('image-hosts'), originOf(values.get('src'), pageOrigin) ?? ours).sources) allow('img-src', source);
  }
  if (tag === 'dc-dashboard-gallery') {
    for (const host of parseAllowedHosts(values.get('allowed-hosts')).hosts) allow('frame-src', `https://${host}`);
  }
  // The contact form posts to `action`, by default to the site its script came from (3.0.0).
  if (tag === 'dc-contact-form') allow('connect-src', originOf(values.get('action'), pageOrigin) ?? ours);
  return [...directives].map(([directive, sources]) => `${directive} ${[...sources].join(' ')}`);
}
