/**
 * Dashboard embed rules (SPEC 2.6, 3 "Dashboard item", 4, 5, 8), in shared/ because the gallery,
 * /embed's form and the server (a client's dashboards, server/dashboards) check a snippet with
 * the same rule and word a refusal the same way.
 *
 * A dashboard item carries a Power BI "publish to web" snippet (iframeHtml). The gallery
 * never inserts that HTML: it parses it in an inert template, checks that it is exactly
 * one iframe pointing at an allowed Power BI host, and builds its own iframe from the
 * normalised src (and title). Anything else is rejected with a reason the element logs,
 * while the visitor sees 'Invalid Dashboard' / 'Unable to parse the provided iframe HTML'.
 */
import { escapeHtml } from './escapeHtml';

/** Messages of SPEC 2.6 and 8, exactly as shown. */
export const EMBED_MESSAGES = {
  invalid: 'Invalid Dashboard',
  unparseable: 'Unable to parse the provided iframe HTML',
  loadFailed: 'Failed to load dashboard',
  openInNewTab: 'Open in new tab',
  copyLink: 'Copy link',
  lastUpdated: 'Last updated',
} as const;

/**
 * Power BI hosts that serve "publish to web" and secure embeds: the commercial cloud and
 * the sovereign clouds (US Government GCC, GCC High, DoD; China; Germany).
 */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = Object.freeze([
  'app.powerbi.com',
  'app.powerbigov.us',
  'app.high.powerbigov.us',
  'app.mil.powerbigov.us',
  'app.powerbi.cn',
  'app.powerbi.de',
]);

/** Longest snippet accepted; a real Power BI snippet is about 300 characters. */
export const MAX_SNIPPET_LENGTH = 10_000;

/** Why a snippet was rejected; stable codes for callers and tests. */
export type EmbedErrorCode =
  | 'empty'
  | 'too-long'
  | 'unparseable'
  | 'no-iframe'
  | 'multiple-iframes'
  | 'extra-content'
  | 'iframe-content'
  | 'srcdoc'
  | 'event-handler'
  | 'missing-src'
  | 'invalid-url'
  | 'not-https'
  | 'userinfo'
  | 'port'
  | 'host-not-allowed';

export type EmbedResult =
  | {
      ok: true;
      /** The src as a normalised absolute https URL (URL.href). */
      src: string;
      /** The iframe's title attribute, trimmed, when present. */
      title?: string;
      /** The width and height attributes when both are positive numbers (for the 'auto' aspect ratio). */
      width?: number;
      height?: number;
    }
  | { ok: false; code: EmbedErrorCode; reason: string };

/**
 * Turns HTML text into inert nodes. The default uses a `<template>` element: its content
 * belongs to an inert document, so nothing in it runs, loads or touches the live page.
 * Inject another (e.g. from a server-side DOM) where no `document` exists.
 */
export type FragmentParser = (html: string) => ParentNode & Node;

export interface ParseEmbedOptions {
  parseFragment?: FragmentParser;
}

function templateParser(html: string): ParentNode & Node {
  if (typeof document === 'undefined' || typeof document.createElement !== 'function') {
    throw new Error('No DOM available to parse the embed code');
  }
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const COMMENT_NODE = 8;

function fail(code: EmbedErrorCode, reason: string): EmbedResult {
  return { ok: false, code, reason };
}

/**
 * The checks of a report's address, whether it came as an iframe's src or as a pasted link: an
 * absolute https: URL without user name, password or a port other than 443, on exactly one of
 * `allowedHosts`. `subject` names what was pasted in the refusal, so both read the same way.
 */
function checkAddress(raw: string, allowedHosts: readonly string[], subject: 'The iframe src' | 'The link'): EmbedResult {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('invalid-url', `${subject} must be an absolute https URL.`);
  }
  if (url.protocol !== 'https:') return fail('not-https', `${subject} must use https, not ${url.protocol}`);
  if (url.username !== '' || url.password !== '') {
    return fail('userinfo', `${subject} may not contain a user name or password.`);
  }
  if (url.port !== '') return fail('port', `${subject} may not use port ${url.port}.`);
  const hosts = allowedHosts.map((h) => h.toLowerCase());
  if (!hosts.includes(url.hostname)) {
    return fail('host-not-allowed', `${subject} host "${url.hostname}" is not an allowed Power BI host.`);
  }
  return { ok: true, src: url.href };
}

/**
 * Validates a dashboard embed snippet.
 *
 * Valid only when the snippet is exactly one `<iframe>` element (whitespace and HTML comments
 * around it allowed, nothing inside it) with
 * - no srcdoc and no on* event-handler attribute;
 * - a src that is an absolute https: URL (after HTML entity decoding) without user name,
 *   password or a port other than 443, whose host name is exactly one of `allowedHosts`
 *   (case-insensitive; 'app.powerbi.com.' with a trailing dot, 'app.powerbi.com.evil.com',
 *   'app-powerbi.com' and protocol-relative '//app.powerbi.com/...' are all rejected).
 *
 * Never throws. The snippet is parsed in an inert template and never inserted in the page.
 */
export function parseEmbed(
  snippet: unknown,
  allowedHosts: readonly string[] = DEFAULT_ALLOWED_HOSTS,
  options: ParseEmbedOptions = {},
): EmbedResult {
  if (typeof snippet !== 'string' || snippet.trim() === '') return fail('empty', 'The embed code is empty.');
  if (snippet.length > MAX_SNIPPET_LENGTH) {
    return fail('too-long', `The embed code is longer than ${MAX_SNIPPET_LENGTH} characters.`);
  }

  // A template drops <html>, <head> and <body> tags (and their attributes) silently; refuse them instead.
  const documentTag = /<\s*\/?\s*(html|head|body)\b/i.exec(snippet);
  if (documentTag) {
    return fail('extra-content', `The embed code may only contain one iframe element; found <${documentTag[1]?.toLowerCase()}>.`);
  }

  let fragment: ParentNode & Node;
  try {
    fragment = (options.parseFragment ?? templateParser)(snippet);
  } catch {
    return fail('unparseable', EMBED_MESSAGES.unparseable);
  }

  const nodes = Array.from(fragment.childNodes);
  const iframes = nodes.filter(
    (node): node is Element => node.nodeType === ELEMENT_NODE && (node as Element).localName === 'iframe',
  );
  if (iframes.length > 1) return fail('multiple-iframes', 'The embed code must contain exactly one iframe element.');
  const other = nodes.find(
    (node) => node.nodeType !== COMMENT_NODE && node.nodeType !== TEXT_NODE && node !== iframes[0],
  );
  if (other) {
    const name = other.nodeType === ELEMENT_NODE ? `<${(other as Element).localName}>` : other.nodeName;
    return fail('extra-content', `The embed code may only contain one iframe element; found ${name}.`);
  }
  if (iframes.length === 0) {
    // Text only, or a tag the parser could not complete ('<iframe src="..."' without '>').
    return /<\s*iframe/i.test(snippet)
      ? fail('unparseable', EMBED_MESSAGES.unparseable)
      : fail('no-iframe', 'The embed code contains no iframe element.');
  }
  if (nodes.some((node) => node.nodeType === TEXT_NODE && (node.nodeValue ?? '').trim() !== '')) {
    return fail('extra-content', 'The embed code contains text outside the iframe element.');
  }

  const iframe = iframes[0] as Element;
  for (const child of Array.from(iframe.childNodes)) {
    if (child.nodeType === COMMENT_NODE) continue;
    if (child.nodeType === TEXT_NODE && (child.nodeValue ?? '').trim() === '') continue;
    return fail('iframe-content', 'The iframe element must be empty.');
  }
  for (const attribute of Array.from(iframe.attributes)) {
    const name = attribute.name.toLowerCase();
    if (name === 'srcdoc') return fail('srcdoc', 'The iframe may not use srcdoc.');
    if (name.startsWith('on')) return fail('event-handler', `The iframe may not have an event handler (${name}).`);
  }

  const rawSrc = iframe.getAttribute('src');
  if (rawSrc === null || rawSrc.trim() === '') return fail('missing-src', 'The iframe has no src.');
  const checked = checkAddress(rawSrc, allowedHosts, 'The iframe src');
  if (!checked.ok) return checked;

  const result: EmbedResult = { ok: true, src: checked.src };
  const title = iframe.getAttribute('title')?.trim();
  if (title) result.title = title;
  const width = Number(iframe.getAttribute('width'));
  const height = Number(iframe.getAttribute('height'));
  if (Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0) {
    result.width = width;
    result.height = height;
  }
  return result;
}

/**
 * What a person pastes for a report (/embed's gallery form, the staff console and its API): the
 * "Publish to web" embed code, or the link Power BI shows above it in the same dialog
 * (`https://app.powerbi.com/view?r=…`). Text without `<` and without white space inside (after
 * trimming) is read as a link and meets the same checks as an iframe's src; anything else is
 * read as an embed code by parseEmbed, so text around a link is refused as it is around a code.
 * The result is parseEmbed's: a link gives only the normalised src. Never throws.
 */
export function parsePastedEmbed(
  pasted: unknown,
  allowedHosts: readonly string[] = DEFAULT_ALLOWED_HOSTS,
  options: ParseEmbedOptions = {},
): EmbedResult {
  if (typeof pasted !== 'string') return parseEmbed(pasted, allowedHosts, options);
  const text = pasted.trim();
  if (text === '' || text.length > MAX_SNIPPET_LENGTH || /[<\s]/.test(text)) return parseEmbed(pasted, allowedHosts, options);
  return checkAddress(text, allowedHosts, 'The link');
}

/**
 * The embed code to hand the gallery for a checked paste: the pasted code itself, or for a link
 * the plain iframe Power BI would give for it (the gallery's items carry embed codes).
 */
export function embedCodeOf(pasted: string, result: { ok: true; src: string }): string {
  const text = pasted.trim();
  return text.includes('<') ? text : `<iframe src="${escapeHtml(result.src)}"></iframe>`;
}

/** The gallery's words for a refused snippet, then the reason: what /embed's form and the staff API show. */
export function embedRefusal(result: { code: EmbedErrorCode; reason: string }): string {
  return result.code === 'unparseable' ? `${EMBED_MESSAGES.invalid}: ${EMBED_MESSAGES.unparseable}.` : `${EMBED_MESSAGES.invalid}: ${result.reason}`;
}

/** A partner's allowed-hosts attribute, parsed: the hosts to use and the warnings to log. */
export interface AllowedHostsResult {
  hosts: string[];
  warnings: string[];
}

/**
 * Parses a partner's `allowed-hosts` attribute (comma- and/or space-separated).
 * A partner can narrow the default list, never widen it: an entry is kept only when it
 * is one of DEFAULT_ALLOWED_HOSTS (case-insensitive; 'https://app.powerbi.com/' is read
 * as its host). Unknown or malformed entries are ignored with a warning. Absent or empty:
 * the defaults. No usable entry at all: the defaults, with a warning.
 */
export function parseAllowedHosts(attr: string | null | undefined): AllowedHostsResult {
  const defaults = [...DEFAULT_ALLOWED_HOSTS];
  if (typeof attr !== 'string' || attr.trim() === '') return { hosts: defaults, warnings: [] };
  const hosts: string[] = [];
  const warnings: string[] = [];
  for (const entry of attr.split(/[\s,]+/).filter(Boolean)) {
    let host = entry.toLowerCase();
    if (host.includes('://')) {
      try {
        const url = new URL(host);
        host = url.protocol === 'https:' && url.pathname === '/' && !url.search && !url.port && !url.username ? url.hostname : '';
      } catch {
        host = '';
      }
    }
    if (host !== '' && DEFAULT_ALLOWED_HOSTS.includes(host)) {
      if (!hosts.includes(host)) hosts.push(host);
    } else {
      warnings.push(`dc-dashboard-gallery: allowed host "${entry}" ignored; only Power BI hosts can be allowed.`);
    }
  }
  if (hosts.length === 0) {
    warnings.push('dc-dashboard-gallery: no usable allowed host; using the default Power BI hosts.');
    return { hosts: defaults, warnings };
  }
  return { hosts, warnings };
}
