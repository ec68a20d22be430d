/**
 * Allowlist HTML sanitizer for article content that comes from an untrusted source
 * (the blog widget's `src` feed on a partner site).
 *
 * The input is parsed with DOMParser into an inert document (no script runs, nothing loads),
 * then copied node by node into a fresh tree that holds only allowed elements and attributes,
 * and serialized. Text is never interpreted: it is re-escaped on serialization.
 */
import { escapeHtml } from '../../shared/escapeHtml';
import { isAllowedUrl } from './safeUrl';

export { isAllowedUrl };

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Nesting deeper than this is flattened to text (guards against stack exhaustion). */
const MAX_DEPTH = 200;

/** Elements kept (with their allowed attributes only). */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set(
  'p h2 h3 h4 h5 h6 ul ol li strong em b i code pre blockquote a table thead tbody tr th td br hr img figure figcaption span'.split(' '),
);

/** Elements removed together with everything inside them. */
export const DROPPED_TAGS: ReadonlySet<string> = new Set(
  'script style iframe object embed form svg math template noscript frame frameset applet base link meta'.split(' '),
);

const LINK_SCHEMES = ['http', 'https', 'mailto'];
const IMAGE_SCHEMES = ['http', 'https'];
const SMALL_NUMBER = /^\d{1,5}$/;

/** Options of sanitizeHtml. */
export interface SanitizeOptions {
  /**
   * Resolve relative link and image URLs against this absolute URL (the feed's own URL), so
   * content fetched from another site points back there. Fragment links ('#x') stay as they are.
   */
  baseUrl?: string;
  /**
   * Whether an image may load from its (resolved) URL. An image it refuses is replaced by its
   * alt text, so a feed cannot make the page request a host the embedder has not allowed.
   */
  imageAllowed?: (url: string) => boolean;
}

/** `value` resolved against `base` (fragment-only values and unparsable bases leave it unchanged). */
function resolveAgainst(value: string, base: string | undefined): string {
  if (!base || value.startsWith('#')) return value;
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

/**
 * Copies the allowed attributes of `tag` from `source` to `target`. Returns true to keep the
 * element, false to drop it, or text to put in its place.
 */
function copyAttributes(source: Element, target: Element, tag: string, options: SanitizeOptions): boolean | string {
  const get = (name: string) => source.getAttribute(name)?.trim() ?? null;
  const title = get('title');
  switch (tag) {
    case 'a': {
      const href = get('href');
      if (href !== null && isAllowedUrl(href, LINK_SCHEMES)) {
        target.setAttribute('href', resolveAgainst(href, options.baseUrl));
        target.setAttribute('rel', 'noopener noreferrer');
        if (get('target') === '_blank') target.setAttribute('target', '_blank');
      }
      if (title) target.setAttribute('title', title);
      return true;
    }
    case 'img': {
      const src = get('src');
      if (src === null || !isAllowedUrl(src, IMAGE_SCHEMES)) return false;
      const url = resolveAgainst(src, options.baseUrl);
      if (options.imageAllowed && !options.imageAllowed(url)) return get('alt') ?? '';
      target.setAttribute('src', url);
      target.setAttribute('alt', get('alt') ?? '');
      for (const name of ['width', 'height']) {
        const value = get(name);
        if (value !== null && SMALL_NUMBER.test(value)) target.setAttribute(name, value);
      }
      if (title) target.setAttribute('title', title);
      return true;
    }
    case 'th':
    case 'td': {
      for (const name of ['colspan', 'rowspan']) {
        const value = get(name);
        if (value !== null && SMALL_NUMBER.test(value)) target.setAttribute(name, value);
      }
      const scope = get('scope');
      if (tag === 'th' && scope !== null && ['row', 'col', 'rowgroup', 'colgroup'].includes(scope)) {
        target.setAttribute('scope', scope);
      }
      return true;
    }
    case 'ol': {
      const start = get('start');
      if (start !== null && SMALL_NUMBER.test(start)) target.setAttribute('start', start);
      return true;
    }
    default:
      return true;
  }
}

/** Copies the clean form of `source`'s children into `target`. */
function copyChildren(source: Node, target: Node, doc: Document, depth: number, options: SanitizeOptions): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.nodeValue ?? ''));
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.localName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) continue;
    if (depth >= MAX_DEPTH) {
      target.appendChild(doc.createTextNode(element.textContent ?? ''));
      continue;
    }
    if (ALLOWED_TAGS.has(tag) && element.namespaceURI === HTML_NS) {
      const clean = doc.createElement(tag);
      const kept = copyAttributes(element, clean, tag, options);
      if (kept !== true) {
        if (kept) target.appendChild(doc.createTextNode(kept));
        continue;
      }
      copyChildren(element, clean, doc, depth + 1, options);
      target.appendChild(clean);
    } else {
      // Unknown element: unwrap it, keeping its (cleaned) content.
      copyChildren(element, target, doc, depth + 1, options);
    }
  }
}

/**
 * Returns HTML that holds only the allowlisted elements and attributes of `html`:
 * - kept: p, h2-h6, ul, ol, li, strong, em, b, i, code, pre, blockquote, a, table, thead, tbody,
 *   tr, th, td, br, hr, img, figure, figcaption, span;
 * - a[href] only http:, https:, mailto: or relative/fragment, always with rel="noopener noreferrer";
 *   img[src] only http:, https: or relative (an img without such a src is removed), plus alt,
 *   width, height; th/td colspan/rowspan, th scope, ol start, title on a and img;
 * - no on* handlers, no style, no srcdoc, no other attribute;
 * - script, style, iframe, object, embed, form, svg, math (and template, noscript, frame, applet,
 *   base, link, meta) removed with their content; any other element unwrapped, its text kept.
 * With `options.baseUrl`, kept relative href/src values are made absolute against it; with
 * `options.imageAllowed`, an image it refuses becomes its alt text (srcset is never kept, so the
 * src is the only URL an image can load).
 * Without a DOMParser (not a browser), all markup is stripped and the text escaped.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  if (typeof html !== 'string' || html === '') return '';
  if (typeof DOMParser === 'undefined') return escapeHtml(html.replace(/<[^>]*>?/g, ''));
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const container = doc.createElement('div');
  if (doc.body) copyChildren(doc.body, container, doc, 0, options);
  return container.innerHTML;
}

/**
 * Moves the headings of sanitized HTML down by `levels` (h2 -> h3 for 1), at most to h6, so an
 * article's own headings sit below the heading that introduces it. Only for sanitizeHtml output,
 * whose heading tags carry no attributes.
 */
export function shiftHeadings(html: string, levels: number): string {
  if (levels <= 0) return html;
  return html.replace(/<(\/?)h([1-6])>/g, (_match, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + levels)}>`);
}
