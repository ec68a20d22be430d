import { describe, expect, it } from 'vitest';
import { lightIslandTags } from '../../build/elements.mjs';
import { stripIslandWhitespace } from '../../site/_config/islandWhitespace.js';

const strip = (html: string, tags = ['dc-faq']) => stripIslandWhitespace(html, tags);

describe('stripIslandWhitespace', () => {
  it('removes the indentation between the tags inside a light island, from its first child on', () => {
    expect(strip('<dc-faq>\n  <div class="a">\n    <p>One</p>\n    <p>Two</p>\n  </div>\n</dc-faq>')).toBe('<dc-faq><div class="a"><p>One</p><p>Two</p></div>\n</dc-faq>');
    expect(strip('<dc-faq src="/x.json">\n\t<ul>\r\n<li>a</li>\n</ul></dc-faq>')).toBe('<dc-faq src="/x.json"><ul><li>a</li></ul></dc-faq>');
  });

  it('keeps spaces without a line break (words and inline elements the component separates too) and text', () => {
    const html = '<dc-faq><p><span>a</span> <span>b</span></p><p>Line one\n  line two</p></dc-faq>';
    expect(strip(html)).toBe(html);
  });

  it('keeps whitespace that is content: <pre>, <textarea>, <script>', () => {
    expect(strip('<dc-faq>\n<pre>\n  x\n</pre>\n<textarea>\n a\n</textarea>\n<script>\nvar a;\n</script>\n<b></b></dc-faq>')).toBe(
      '<dc-faq><pre>\n  x\n</pre><textarea>\n a\n</textarea><script>\nvar a;\n</script><b></b></dc-faq>',
    );
  });

  it('leaves everything outside the light islands alone, and islands of other tags', () => {
    const outside = '<main>\n  <p>x</p>\n</main>\n<dc-press>\n  <p>y</p>\n</dc-press>';
    expect(strip(`${outside}<dc-faq>\n<i></i></dc-faq>\n<footer>\n</footer>`)).toBe(`${outside}<dc-faq><i></i></dc-faq>\n<footer>\n</footer>`);
    expect(strip('<dc-faq-list>\n  <p>z</p>\n</dc-faq-list>')).toBe('<dc-faq-list>\n  <p>z</p>\n</dc-faq-list>');
  });

  it('handles every island of a page', () => {
    expect(strip('<dc-faq>\n<a></a></dc-faq>\n<dc-careers>\n<b></b></dc-careers>', ['dc-careers', 'dc-faq'])).toBe('<dc-faq><a></a></dc-faq>\n<dc-careers><b></b></dc-careers>');
  });
});

describe('lightIslandTags', () => {
  it('lists the elements defined with defineLightIsland', () => {
    expect(lightIslandTags()).toEqual(['dc-careers', 'dc-faq']);
  });
});
