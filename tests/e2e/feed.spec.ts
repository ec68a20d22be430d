import { expect, test } from './support/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * /blog/feed.xml as a feed reader sees it: well-formed XML, an Atom 1.0 document with the
 * elements RFC 4287 requires (feed and entry: id, title, updated; an author; a link), RFC 3339
 * dates, unique entry ids, and content whose every URL is absolute.
 */
const ATOM = 'http://www.w3.org/2005/Atom';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? (value as Node[]) : [value as Node]);
const scalar = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const text = (value: unknown): string => (typeof value === 'object' && value !== null ? scalar((value as Node)['#text']) : scalar(value));

test('the blog feed is a valid Atom 1.0 document with absolute URLs', async ({ request }) => {
  const response = await request.get('/blog/feed.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/atom\+xml|^application\/xml|^text\/xml/);
  const body = await response.text();

  expect(XMLValidator.validate(body)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(body) as Node;
  const feed = parsed.feed as Node;
  expect(feed, 'root element <feed>').toBeTruthy();
  expect(feed['@xmlns']).toBe(ATOM);

  for (const element of ['id', 'title', 'updated']) expect(text(feed[element]).trim(), `feed <${element}>`).not.toBe('');
  expect(text(feed.updated)).toMatch(RFC3339);
  expect(list(feed.author).length, 'feed <author>').toBeGreaterThan(0);
  const links = list(feed.link);
  expect(links.find((link) => link['@rel'] === 'self')?.['@href']).toMatch(/^https:\/\/[^/]+\/blog\/feed\.xml$/);

  const entries = list(feed.entry);
  expect(entries.length).toBeGreaterThan(0);
  const ids = new Set<string>();
  for (const entry of entries) {
    const id = text(entry.id);
    expect(id).toMatch(/^https:\/\//);
    expect(ids.has(id), `entry id ${id} repeats`).toBe(false);
    ids.add(id);
    expect(text(entry.title).trim()).not.toBe('');
    expect(text(entry.updated)).toMatch(RFC3339);
    expect(text(entry.published)).toMatch(RFC3339);
    expect(list(entry.link).find((link) => link['@rel'] === 'alternate')?.['@href']).toBe(id);

    const content = entry.content as Node;
    expect(content['@type']).toBe('html');
    const html = text(content);
    expect(html.length).toBeGreaterThan(100);
    const urls = [...html.matchAll(/\s(?:href|src|poster)\s*=\s*["']([^"']*)["']/g)].map((match) => match[1]);
    for (const srcset of html.matchAll(/\ssrcset\s*=\s*["']([^"']*)["']/g)) {
      urls.push(...(srcset[1] ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0]));
    }
    for (const url of urls) expect(url, `a URL in ${id}`).toMatch(/^(?:https?:|mailto:|tel:)/);
  }
});
