// @vitest-environment happy-dom
import { describe, it, expect, vi } from 'vitest';
import { isAllowedUrl, sanitizeHtml, shiftHeadings } from './sanitizeHtml';

/** Parses sanitized output again, the way the widget's innerHTML would. */
function reparse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

/** Every attribute name in a tree. */
function attributeNames(root: Element): string[] {
  return [root, ...Array.from(root.querySelectorAll('*'))].flatMap((el) =>
    Array.from(el.attributes).map((attr) => attr.name.toLowerCase()),
  );
}

const FORBIDDEN_TAGS = ['script', 'style', 'iframe', 'object', 'embed', 'form', 'svg', 'math', 'template', 'noscript', 'base', 'link', 'meta'];

function expectHarmless(html: string): void {
  const root = reparse(html);
  for (const tag of FORBIDDEN_TAGS) expect(root.querySelector(tag), `<${tag}> left in ${html}`).toBeNull();
  for (const name of attributeNames(root)) {
    expect(name.startsWith('on'), `${name} left in ${html}`).toBe(false);
    expect(['style', 'srcdoc', 'srcset', 'formaction', 'xlink:href'].includes(name), `${name} left in ${html}`).toBe(false);
  }
  for (const el of Array.from(root.querySelectorAll('[href], [src]'))) {
    const url = (el.getAttribute('href') ?? el.getAttribute('src') ?? '').replace(/[\u0000-\u0020]/g, '').toLowerCase();
    expect(url.startsWith('javascript:') || url.startsWith('vbscript:') || url.startsWith('data:'), `${url} left`).toBe(false);
  }
}

describe('sanitizeHtml: XSS payloads', () => {
  const payloads: [string, string, string][] = [
    // [name, input, text that must survive]
    ['script tag', '<p>Before<script>alert(1)</script> after</p>', 'Before after'],
    ['script at the start', '<script>alert(document.cookie)</script><p>Visible</p>', 'Visible'],
    ['script with src', '<p>x</p><script src="https://evil.example/x.js"></script>', 'x'],
    ['img onerror', '<p>Chart</p><img src="x" onerror="alert(1)">', 'Chart'],
    ['img onerror unquoted', '<img src=x onerror=alert(1)//>Text', 'Text'],
    ['img javascript src', '<img src="javascript:alert(1)" alt="a">Caption', 'Caption'],
    ['img data src', '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="a">Caption', 'Caption'],
    ['a javascript', '<a href="javascript:alert(1)">Click</a>', 'Click'],
    ['a mixed-case javascript', '<a href="JaVaScRiPt:alert(1)">Click</a>', 'Click'],
    ['a decimal entity', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">Click</a>', 'Click'],
    ['a hex entity', '<a href="&#x6A;avascript&#x3A;alert(1)">Click</a>', 'Click'],
    ['a named entities', '<a href="javascript&colon;alert(1)">Click</a>', 'Click'],
    ['a tab in scheme', '<a href="java&Tab;script:alert(1)">Click</a>', 'Click'],
    ['a newline in scheme', '<a href="java\nscript:alert(1)">Click</a>', 'Click'],
    ['a leading spaces', '<a href="  \u0001javascript:alert(1)">Click</a>', 'Click'],
    ['a vbscript', '<a href="vbscript:msgbox(1)">Click</a>', 'Click'],
    ['a data url', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Click</a>', 'Click'],
    ['svg onload', '<svg onload="alert(1)"><circle r="4"/></svg><p>Kept</p>', 'Kept'],
    // (text before the svg: happy-dom, unlike browsers, swallows what follows an svg <script>)
    ['svg script', '<p>Kept</p><svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', 'Kept'],
    ['math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>Kept', 'Kept'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>Kept</p>', 'Kept'],
    ['iframe javascript', '<iframe src="javascript:alert(1)">inner</iframe>Kept', 'Kept'],
    ['object / embed', '<object data="x.swf"><embed src="x.swf"></object>Kept', 'Kept'],
    ['form action', '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">Go</button></form>Kept', 'Kept'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">Styled</p>', 'Styled'],
    ['style element', '<p>One</p><style>*{display:none}</style><p>Two</p>', 'OneTwo'],
    ['event handlers everywhere', '<p onclick="x()" onmouseover="y()">P</p><h2 onfocus="z()" tabindex="1">H</h2>', 'PH'],
    ['template', '<template><img src=x onerror=alert(1)></template>Kept', 'Kept'],
    ['noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['comment', '<!-- <script>alert(1)</script> -->Kept', 'Kept'],
    ['base / meta / link', '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="import" href="x">Kept', 'Kept'],
    ['details ontoggle', '<details open ontoggle="alert(1)"><summary>Sum</summary>Body</details>', 'SumBody'],
    ['video onerror', '<video><source onerror="alert(1)"></video>Kept', 'Kept'],
    ['srcset', '<img src="/a.png" srcset="javascript:alert(1) 1x" alt="A">', ''],
  ];

  it.each(payloads)('%s', (_name, input, text) => {
    const clean = sanitizeHtml(input);
    expectHarmless(clean);
    expect(reparse(clean).textContent).toBe(text);
  });

  it('never runs a handler while sanitizing or rendering the result', () => {
    const spy = vi.fn();
    (window as unknown as { __xss: () => void }).__xss = spy;
    const inputs = payloads.map(([, input]) => input.replace(/alert\(1\)/g, '__xss()'));
    for (const input of inputs) document.body.insertAdjacentHTML('beforeend', sanitizeHtml(input));
    expect(spy).not.toHaveBeenCalled();
    document.body.innerHTML = '';
  });

  it('removes the href of a dangerous link but keeps the link text', () => {
    expect(sanitizeHtml('<a href="JavaScript:alert(1)" title="t">Click</a>')).toBe('<a title="t">Click</a>');
  });

  it('removes an image without a safe src', () => {
    expect(sanitizeHtml('<p>a<img src="javascript:alert(1)">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<p>a<img alt="x">b</p>')).toBe('<p>ab</p>');
  });
});

describe('sanitizeHtml: harmless markup is kept', () => {
  it('keeps article markup', () => {
    const article =
      '<h2>Heading</h2><p>Text with <strong>bold</strong>, <em>em</em>, <b>b</b>, <i>i</i> and <code>code</code>.</p>' +
      '<h3>Sub</h3><ul><li>One</li><li>Two</li></ul><ol start="3"><li>Three</li></ol>' +
      '<blockquote><p>Quote</p></blockquote><pre><code>SELECT 1;</code></pre><hr><p>Line<br>break</p>' +
      '<figure><img src="/assets/images/blog/x.svg" alt="Chart" width="1200" height="630"><figcaption>Caption</figcaption></figure>' +
      '<h4>h4</h4><h5>h5</h5><h6>h6</h6><p><span>span</span></p>';
    expect(sanitizeHtml(article)).toBe(article);
  });

  it('keeps tables, with cell spans but without alignment styles', () => {
    const table =
      '<table><thead><tr><th scope="col">KPI</th><th style="text-align:right">Target</th></tr></thead>' +
      '<tbody><tr><td colspan="2" onclick="x()">Revenue</td></tr></tbody></table>';
    expect(sanitizeHtml(table)).toBe(
      '<table><thead><tr><th scope="col">KPI</th><th>Target</th></tr></thead>' +
        '<tbody><tr><td colspan="2">Revenue</td></tr></tbody></table>',
    );
  });

  it.each([
    ['https://www.dataclarity.de/blog/', 'https://www.dataclarity.de/blog/'],
    ['http://example.com/a?b=1&c=2', 'http://example.com/a?b=1&amp;c=2'],
    ['mailto:hello@dataclarity.de', 'mailto:hello@dataclarity.de'],
    ['/contact', '/contact'],
    ['../blog/x/', '../blog/x/'],
    ['#section-2', '#section-2'],
    ['?page=2', '?page=2'],
    ['//cdn.example.com/x', '//cdn.example.com/x'],
  ])('keeps the link %s and adds rel', (href, serialized) => {
    expect(sanitizeHtml(`<a href="${href}">L</a>`)).toBe(`<a href="${serialized}" rel="noopener noreferrer">L</a>`);
  });

  it('keeps target=_blank only, and replaces a given rel', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank" rel="opener">L</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer" target="_blank">L</a>',
    );
    expect(sanitizeHtml('<a href="https://x.example" target="_parent">L</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer">L</a>',
    );
  });

  it('unwraps unknown elements, keeping their text and allowed children', () => {
    expect(sanitizeHtml('<div class="x"><section id="s"><p>Para <u>under</u></p></section><custom-el>Custom</custom-el></div>')).toBe(
      '<p>Para under</p>Custom',
    );
    expect(sanitizeHtml('<h1>Title</h1>')).toBe('Title');
  });

  it('drops attributes that are not allowed, and width/height that are not numbers', () => {
    expect(sanitizeHtml('<p id="a" class="b" data-x="c" lang="de">P</p>')).toBe('<p>P</p>');
    expect(sanitizeHtml('<img src="/a.png" alt="A" width="100%" height="50" loading="lazy">')).toBe(
      '<img src="/a.png" alt="A" height="50">',
    );
  });

  it('keeps text that looks like markup as text', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>')).toBe('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>');
    expect(sanitizeHtml('plain "text" & more')).toBe('plain "text" &amp; more');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
  });

  it('survives very deep nesting', () => {
    const deep = '<div>'.repeat(3000) + 'deep' + '</div>'.repeat(3000);
    expect(sanitizeHtml(deep)).toBe('deep');
  });
});

describe('sanitizeHtml without a DOMParser', () => {
  it('strips markup and escapes the text', () => {
    vi.stubGlobal('DOMParser', undefined);
    try {
      expect(sanitizeHtml('<p onclick="x()">A & B</p><script>alert(1)</script>')).toBe('A &amp; Balert(1)');
      expect(sanitizeHtml('x <img src=x onerror=alert(1)')).toBe('x ');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('isAllowedUrl', () => {
  it.each([
    ['https://a.example', true],
    ['HTTPS://A.EXAMPLE', true],
    ['mailto:a@b.de', true],
    ['/relative', true],
    ['#top', true],
    ['javascript:alert(1)', false],
    [' JAVASCRIPT:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html,x', false],
    ['ftp://files.example', false],
    ['', false],
    ['   ', false],
  ])('%j -> %s', (url, allowed) => {
    expect(isAllowedUrl(url, ['http', 'https', 'mailto'])).toBe(allowed);
  });
});

describe('sanitizeHtml with a base URL, and shiftHeadings', () => {
  const base = 'https://www.dataclarity.de/data/blog.json';
  it('resolves relative links and images against the feed URL', () => {
    expect(sanitizeHtml('<a href="/contact">C</a><a href="../x">X</a><img src="img/a.png" alt="A">', { baseUrl: base })).toBe(
      '<a href="https://www.dataclarity.de/contact" rel="noopener noreferrer">C</a>' +
        '<a href="https://www.dataclarity.de/x" rel="noopener noreferrer">X</a>' +
        '<img src="https://www.dataclarity.de/data/img/a.png" alt="A">',
    );
  });
  it('keeps fragment links, absolute URLs and mailto, and still drops javascript:', () => {
    expect(sanitizeHtml('<a href="#s">S</a><a href="https://x.example/">E</a><a href="mailto:a@b.de">M</a><a href="javascript:alert(1)">J</a>', { baseUrl: base })).toBe(
      '<a href="#s" rel="noopener noreferrer">S</a><a href="https://x.example/" rel="noopener noreferrer">E</a>' +
        '<a href="mailto:a@b.de" rel="noopener noreferrer">M</a><a>J</a>',
    );
  });
  it('replaces an image the embedder does not allow by its alt text, after resolving it', () => {
    const seen: string[] = [];
    const imageAllowed = (url: string) => {
      seen.push(url);
      return url.startsWith('https://www.dataclarity.de/');
    };
    expect(
      sanitizeHtml(
        '<p>A<img src="img/a.png" alt="Own chart">B<img src="https://tracker.example/p.gif" alt="Pixel">C' +
          '<img src="//tracker.example/q.gif">D<img src="https://tracker.example/r.gif" srcset="https://www.dataclarity.de/s.png 2x" alt="">E</p>',
        { baseUrl: base, imageAllowed },
      ),
    ).toBe('<p>A<img src="https://www.dataclarity.de/data/img/a.png" alt="Own chart">BPixelCDE</p>');
    expect(seen).toEqual([
      'https://www.dataclarity.de/data/img/a.png',
      'https://tracker.example/p.gif',
      'https://tracker.example/q.gif',
      'https://tracker.example/r.gif',
    ]);
  });
  it('ignores an unusable base', () => {
    expect(sanitizeHtml('<a href="/c">C</a>', { baseUrl: 'not a url' })).toBe('<a href="/c" rel="noopener noreferrer">C</a>');
  });
  it('moves headings down, at most to h6, and leaves escaped text alone', () => {
    expect(shiftHeadings('<h2>A</h2><p>&lt;h2&gt;</p><h3>B</h3><h6>C</h6>', 1)).toBe('<h3>A</h3><p>&lt;h2&gt;</p><h4>B</h4><h6>C</h6>');
    expect(shiftHeadings('<h2>A</h2>', 0)).toBe('<h2>A</h2>');
    expect(shiftHeadings('<h2>A</h2>', 3)).toBe('<h5>A</h5>');
  });
});
