import { describe, expect, it } from 'vitest';
import { collapseIndentation } from '../../site/_config/htmlIndentation.js';

const collapse = (html: string) => collapseIndentation(html);

describe('collapseIndentation', () => {
  it('reduces each line-broken run of whitespace between tags and in text to one line break', () => {
    expect(collapse('<main>\n    <p>\n      One\n      two\n    </p>\n\n  </main>\n')).toBe('<main>\n<p>\nOne\ntwo\n</p>\n</main>\n');
    expect(collapse('<ul>\r\n\t<li>a</li>\n \f <li>b</li></ul>')).toBe('<ul>\n<li>a</li>\n<li>b</li></ul>');
  });

  it('keeps whitespace without a line break: the space between words and between inline elements', () => {
    const html = '<p><a href="/a">a</a> <strong>b</strong>  c\td</p>';
    expect(collapse(html)).toBe(html);
  });

  it('leaves tags and attribute values alone, line breaks and all', () => {
    const html = '<meta name="description" content="Line one\n    line two">\n  <img alt="a\n  b"\n     src="/x.png">';
    expect(collapse(html)).toBe('<meta name="description" content="Line one\n    line two">\n<img alt="a\n  b"\n     src="/x.png">');
  });

  it('keeps the content of <pre>, <textarea>, <script>, <style> and comments whole', () => {
    const kept = [
      '<pre class="code">\n  indented\n    more\n</pre>',
      '<textarea name="m">\n  a\n</textarea>',
      '<script type="module">\n  const a = 1;\n</script>',
      '<script type="application/ld+json">{\n  "a": 1\n}</script>',
      '<style>\n  a { color: red; }\n</style>',
      '<!--\n  note\n-->',
    ];
    for (const part of kept) expect(collapse(`<div>\n  ${part}\n  </div>`)).toBe(`<div>\n${part}\n</div>`);
    expect(collapse('<PRE>\n  x\n</PRE>\n  <p>\n  y</p>')).toBe('<PRE>\n  x\n</PRE>\n<p>\ny</p>');
  });

  it('is idempotent, and the identity on markup without indentation', () => {
    const once = collapse('<body>\n  <main>\n    <h1>Hi</h1>\n  </main>\n</body>');
    expect(collapse(once)).toBe(once);
    expect(collapse('<p>a</p><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });
});
