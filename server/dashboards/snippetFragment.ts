import type { FragmentParser } from '../../shared/embed';

/**
 * The server's FragmentParser for shared/embed.ts parseEmbed: the server has no DOM, so a pasted
 * snippet is read here into the few node kinds parseEmbed looks at (elements with attributes,
 * text, comments). It is stricter than a browser, never looser: anything it does not read plainly
 * (an unknown named character reference, a tag that does not close, `<!DOCTYPE>`)
 * throws, which parseEmbed reports as 'unparseable'. Like a browser it lower-cases tag and
 * attribute names, keeps an attribute's first value, decodes character references in attribute
 * values and reads an iframe's content as raw text up to `</iframe>`. Whatever it accepts, the
 * server keeps only the checked src (server/dashboards), and the gallery checks it again in the
 * browser.
 */
interface FakeNode {
  nodeType: number;
  nodeName: string;
  localName?: string;
  nodeValue: string | null;
  childNodes: FakeNode[];
  attributes?: { name: string; value: string }[];
  getAttribute?(name: string): string | null;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const COMMENT_NODE = 8;

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

class SnippetSyntaxError extends Error {}

function decode(value: string): string {
  return value.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]*);/g, (_match, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new SnippetSyntaxError('bad character reference');
      return String.fromCodePoint(code);
    }
    const named = NAMED[body];
    if (named === undefined) throw new SnippetSyntaxError(`unknown character reference &${body};`);
    return named;
  });
}

const text = (value: string): FakeNode => ({ nodeType: TEXT_NODE, nodeName: '#text', nodeValue: value, childNodes: [] });

function element(name: string, attributes: { name: string; value: string }[]): FakeNode {
  return {
    nodeType: ELEMENT_NODE,
    nodeName: name.toUpperCase(),
    localName: name,
    nodeValue: null,
    childNodes: [],
    attributes,
    getAttribute: (wanted) => attributes.find((attribute) => attribute.name === wanted.toLowerCase())?.value ?? null,
  };
}

const ATTRIBUTE = /^[\s/]*([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/;

/** Reads the snippet's top-level nodes (an element's children only for an iframe, as raw text). */
export const parseSnippetFragment: FragmentParser = (html) => {
  const nodes: FakeNode[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) {
      nodes.push(text(html.slice(at)));
      break;
    }
    if (open > at) nodes.push(text(html.slice(at, open)));
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      if (close === -1) throw new SnippetSyntaxError('comment not closed');
      nodes.push({ nodeType: COMMENT_NODE, nodeName: '#comment', nodeValue: html.slice(open + 4, close), childNodes: [] });
      at = close + 3;
      continue;
    }
    const endTag = /^<\/[a-zA-Z][a-zA-Z0-9-]*\s*>/.exec(html.slice(open));
    if (endTag) {
      // The end of an element other than an iframe (whose end is read with it): the element is refused anyway.
      at = open + endTag[0].length;
      continue;
    }
    const name = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(open));
    if (!name) throw new SnippetSyntaxError('not a start tag');
    const tag = name[1]!.toLowerCase();
    at = open + name[0].length;
    const attributes: { name: string; value: string }[] = [];
    for (;;) {
      const rest = html.slice(at);
      const end = /^[\s/]*>/.exec(rest);
      if (end) {
        at += end[0].length;
        break;
      }
      const attribute = ATTRIBUTE.exec(rest);
      if (!attribute || attribute[0].length === 0) throw new SnippetSyntaxError('tag not closed');
      const attributeName = attribute[1]!.toLowerCase();
      const value = decode(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      if (!attributes.some((existing) => existing.name === attributeName)) attributes.push({ name: attributeName, value });
      at += attribute[0].length;
    }
    const node = element(tag, attributes);
    nodes.push(node);
    if (tag === 'iframe') {
      const close = /<\/iframe\s*>/i.exec(html.slice(at));
      const content = close ? html.slice(at, at + close.index) : html.slice(at);
      if (content !== '') node.childNodes.push(text(content));
      at = close ? at + close.index + close[0].length : html.length;
    }
  }
  return { nodeType: 11, nodeName: '#document-fragment', nodeValue: null, childNodes: nodes } as unknown as ParentNode & Node;
};
