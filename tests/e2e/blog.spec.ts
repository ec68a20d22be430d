import { bothThemesAt, expectNoAxeViolations, expectNoAxeViolationsInViews } from './support/axe';
import { expect, test, type Page } from './support/test';
import { holdCode } from './support/holdCode';
import { magazineShown } from './support/magazine';
import { readFileSync } from 'node:fs';
import { layoutShift, recordLayoutShift } from './support/layoutShift';
import { seedConsent } from './support/consent';

/**
 * The blog (SPEC 2.15, 3, 4, 5, 8, 9): post pages, feeds, the /blog magazine (<dc-blog>) and the
 * element on a foreign page. Expected lists follow the rules of SPEC 5 applied to the six posts.
 */
interface FeedPost {
  id: number;
  slug: string;
  title: string;
  category: string;
  date: string;
  canonical_url: string;
  seo: { metaTitle: string; metaDescription: string };
}
const feed = JSON.parse(readFileSync('dist/data/blog.json', 'utf8')) as { posts: FeedPost[] };
const POSTS = feed.posts;
const byId = (id: number) => POSTS.find((post) => post.id === id)!;
const titlesOf = (...ids: number[]) => ids.map((id) => byId(id).title);
const ALL_NEWEST_FIRST = titlesOf(6, 5, 4, 3, 2, 1);

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

const sideTitles = (page: Page) => page.locator('.blog-side-name').allTextContents();
const featuredTitle = (page: Page) => page.locator('#blog-featured-title');

/** Fake timers, paused before the page loads: only runFor() moves them. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date('2025-07-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2025-07-01T10:00:01Z'));
}

/** Opens /blog (with an optional query) and waits until the element has loaded the posts. */
async function openBlog(page: Page, query = '') {
  await page.goto(`/blog${query}`);
  await openBlogLoaded(page);
}

/** Waits until the element on the open page has loaded the posts (on /blog: adopted the served magazine). */
async function openBlogLoaded(page: Page) {
  await expect(page.getByRole('search', { name: 'Filter articles' })).toBeVisible();
  await magazineShown(page);
}

test.beforeEach(async ({ context }) => seedConsent(context));

test.describe('post pages', () => {
  test('the six posts exist at their canonical URLs with BlogPosting JSON-LD and Open Graph', async ({ page, request }) => {
    expect(POSTS).toHaveLength(6);
    for (const post of POSTS) {
      const path = `/blog/${post.slug}/`;
      expect(post.canonical_url).toBe(`https://www.dataclarity.de${path}`);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', post.canonical_url);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', post.seo.metaTitle);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', post.seo.metaDescription);
      await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', '/blog/feed.xml');
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const items = blocks.flatMap((text) => [JSON.parse(text)].flat()) as Record<string, unknown>[];
      const posting = items.find((item) => item['@type'] === 'BlogPosting');
      expect(posting, path).toMatchObject({
        headline: post.title,
        url: post.canonical_url,
        datePublished: post.date,
        author: { '@type': 'Person' },
        publisher: { '@type': 'Organization', name: 'DataClarity GmbH' },
      });
      expect(String(posting?.image)).toMatch(/^https:\/\/www\.dataclarity\.de\/assets\/images\//);

      const bare = await request.get(`/blog/${post.slug}`, { maxRedirects: 0 });
      expect(bare.status()).toBe(301);
      expect(bare.headers().location).toBe(path);
    }
  });

  test('the sitemap lists the posts in their canonical (slash) form', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const post of POSTS) expect(xml).toContain(`<loc>${post.canonical_url}</loc>`);
  });

  test('a post without a picture has no empty box under its hero: the article follows it (issue 36); one with a picture shows it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/blog/choosing-kpis-with-stakeholders/');
    await expect(page.locator('.post-media')).toHaveCount(0);
    const hero = (await page.locator('.post-hero').boundingBox())!;
    const text = (await page.locator('.post-main .blog-content > p').first().boundingBox())!;
    expect(text.y).toBeGreaterThanOrEqual(hero.y + hero.height);
    expect(text.y - (hero.y + hero.height)).toBeLessThan(120);
    await page.goto('/blog/star-schema-semantic-layer-power-bi/');
    await expect(page.locator('.post-media img')).toHaveAttribute('src', '/assets/images/blog/star-schema-semantic-layer-power-bi.svg');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a post is readable', async ({ page }) => {
      await page.goto('/blog/data-quality-rules-before-dashboards/');
      await expect(page.getByRole('heading', { level: 1, name: byId(2).title })).toBeVisible();
      const share = page.getByRole('group', { name: 'Share this article' });
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.locator('.blog-content p').first()).toContainText(/dashboard/i);
      await expect(share.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
        'href',
        `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(byId(2).canonical_url)}`,
      );
    });

    test('/blog shows the hero, the featured article with its content and the list', async ({ page }) => {
      await page.goto('/blog');
      await expect(page.getByRole('heading', { level: 1, name: 'BLOG' })).toBeVisible();
      await expect(page.getByText('Digital Magazine Experience')).toBeVisible();
      await expect(page.locator('#blog-featured-title')).toHaveText(byId(6).title);
      await expect(page.locator('.blog-featured .blog-content h2').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Other Articles' })).toBeVisible();
      expect(await sideTitles(page)).toEqual(ALL_NEWEST_FIRST);
      await expect(page.getByRole('link', { name: new RegExp(byId(1).title) })).toHaveAttribute('href', `/blog/${byId(1).slug}/`);
      // The filter bar, tag row and count are hidden: no controls that cannot work.
      await expect(page.getByRole('search', { name: 'Filter articles' })).toBeHidden();
      await expect(page.locator('dc-blog .blog-topics')).toBeHidden();
      await expect(page.locator('dc-blog .blog-count')).toBeHidden();
      await expect(page.getByText('6 articles · Latest Jun 17, 2025')).toBeVisible();
    });
  });
});

test.describe('feeds', () => {
  test('the Atom feed is well-formed XML with six entries', async ({ page, request }) => {
    const response = await request.get('/blog/feed.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    await page.goto('/blog');
    const result = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const error = doc.querySelector('parsererror');
      const ns = 'http://www.w3.org/2005/Atom';
      const entries = [...doc.getElementsByTagNameNS(ns, 'entry')];
      return {
        error: error?.textContent ?? null,
        root: doc.documentElement.localName,
        entries: entries.map((entry) => ({
          id: entry.getElementsByTagNameNS(ns, 'id')[0]?.textContent,
          title: entry.getElementsByTagNameNS(ns, 'title')[0]?.textContent,
          content: entry.getElementsByTagNameNS(ns, 'content')[0]?.textContent ?? '',
        })),
      };
    }, xml);
    expect(result.error).toBeNull();
    expect(result.root).toBe('feed');
    expect(result.entries).toHaveLength(6);
    expect(result.entries.map((entry) => entry.title)).toEqual(ALL_NEWEST_FIRST);
    expect(result.entries.map((entry) => entry.id)).toEqual([6, 5, 4, 3, 2, 1].map((id) => byId(id).canonical_url));
    for (const entry of result.entries) expect(entry.content).toMatch(/^<p>/);
    expect(result.entries.map((e) => e.content).join('')).not.toMatch(/href="\/[^/]/);
  });

  test('/data/blog.json holds the six posts with HTML content, served with CORS', async ({ request }) => {
    const response = await request.get('/data/blog.json');
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    const body = (await response.json()) as { posts: (FeedPost & { content: string })[] };
    expect(body.posts.map((post) => post.id)).toEqual([6, 5, 4, 3, 2, 1]);
    for (const post of body.posts) expect(post.content).toMatch(/<h2>/);
  });
});

test.describe('/blog magazine', () => {
  for (const width of [375, 1280]) {
    test(`the upgrade to the interactive magazine moves nothing on screen (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await recordLayoutShift(page);
      await pauseClock(page);
      await page.goto('/blog');
      // The featured title's place in the page: the served copy, which the element adopts.
      const titleTop = () =>
        page.evaluate(() => (document.querySelector('dc-blog #blog-featured-title')?.getBoundingClientRect().top ?? NaN) + window.scrollY);
      await expect(page.locator('dc-blog .blog[data-state="loading"]')).toHaveCount(1);
      const before = await titleTop();
      await page.clock.resume();
      await openBlogLoaded(page);
      const after = await titleTop();
      expect(Math.abs(after - before), `featured title from ${before} to ${after}`).toBeLessThan(8);
      const shift = await layoutShift(page);
      expect(shift.value, `moved:\n${shift.sources}`).toBeLessThan(0.01);
    });
  }

  test('waking adopts the served magazine: its nodes stay in place, and it is never shown without its article text or side list', async ({ page }) => {
    type Noted = Window & { served: Node[]; seen: string[] };
    await page.addInitScript(() => {
      const w = window as unknown as Noted;
      w.seen = [];
      document.addEventListener('DOMContentLoaded', () => {
        const host = document.querySelector('dc-blog')!;
        // The hero's title, the featured article, its title and every node of its content, as served.
        const content = host.querySelector('.blog-featured .blog-content')!;
        w.served = [host.querySelector('.blog-title')!, host.querySelector('.blog-featured')!, host.querySelector('#blog-featured-title')!, content, ...content.querySelectorAll('*')];
      });
      /** What the visitor sees of the magazine in the element's light DOM. */
      const note = () => {
        const host = document.querySelector('dc-blog');
        if (!host?.hasAttribute('data-ready')) return;
        w.seen.push(`${host.querySelectorAll('.blog-content > *').length > 0 ? 'text' : 'no text'}, ${host.querySelectorAll('.blog-side-item').length} side items`);
      };
      const frame = () => {
        note();
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await openBlog(page);
    await expect(page.locator('dc-blog button.blog-side-item')).toHaveCount(6);
    const result = await page.evaluate(() => {
      const w = window as unknown as Noted;
      const host = document.querySelector('dc-blog')!;
      return { kept: w.served.filter((node) => node.isConnected && host.contains(node)).length, served: w.served.length, seen: [...new Set(w.seen)], shadowNodes: host.shadowRoot!.querySelectorAll('.blog-featured, .blog-hero').length };
    });
    expect(result.served).toBeGreaterThan(10);
    expect(result.kept, 'served nodes kept by the adoption').toBe(result.served);
    expect(result.shadowNodes, 'no second magazine in the shadow root').toBe(0);
    expect(result.seen).toEqual(['text, 6 side items']);
  });

  test('waking keeps the served article nodes themselves (marked before the element\'s code arrives), and the filters work on them', async ({ page }) => {
    type Marked = Node & { servedMark?: number };
    const release = await holdCode(page, '**/assets/js/blog-*.js');
    await page.goto('/blog', { waitUntil: 'commit' });
    const host = page.locator('dc-blog');
    await expect(host.getByRole('heading', { level: 2, name: byId(6).title })).toBeVisible();
    // The served article, its title and every node of its content, and each side-list entry's picture and texts.
    const marked = await page.evaluate(() => {
      const served = document.querySelector('dc-blog')!;
      const nodes = [
        served.querySelector('.blog-featured')!,
        served.querySelector('#blog-featured-title')!,
        ...served.querySelectorAll('.blog-featured .blog-content *'),
        ...served.querySelectorAll('.blog-side-item > *'),
        ...served.querySelectorAll('.blog-topics .blog-tag'),
      ];
      nodes.forEach((node, index) => ((node as Marked).servedMark = index));
      // The shadow root served with the page (declarative): the wrapper and the slot, kept as they are.
      const root = served.shadowRoot!;
      (window as unknown as { servedSlot: Node }).servedSlot = root.querySelector('slot')!;
      return { count: nodes.length, shadow: root.innerHTML };
    });
    expect(marked.count).toBeGreaterThan(30);
    expect(marked.shadow).toBe('<div class="blog" data-state="loading"><slot></slot></div>');
    await expect(host).not.toHaveAttribute('data-ready');
    release();
    await magazineShown(page);
    const kept = () =>
      page.evaluate(() => {
        const root = document.querySelector('dc-blog')!;
        return [...root.querySelectorAll('*')].filter((node) => typeof (node as Marked).servedMark === 'number').length;
      });
    expect(await kept(), 'served nodes still in the magazine after waking').toBe(marked.count);
    // The element kept its served shadow root and slot: the magazine was never taken out of the
    // slot and laid out again as the element woke.
    expect(await page.evaluate(() => document.querySelector('dc-blog')!.shadowRoot!.querySelector('slot') === (window as unknown as { servedSlot: Node }).servedSlot)).toBe(true);
    // The side list's entries are the element's toggle buttons now, holding the served pictures and texts.
    const side = host.getByRole('complementary', { name: 'Other Articles' });
    await expect(side.getByRole('button')).toHaveCount(6);
    await expect(side.getByRole('link')).toHaveCount(0);
    await expectNoAxeViolationsInViews(page, { views: [...bothThemesAt(375), ...bothThemesAt(1280)] });

    // The filters work on the adopted magazine: a category, then Clear.
    const engineering = POSTS.filter((post) => post.category === 'Engineering').map((post) => post.title);
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Engineering');
    await expect(host.locator('.blog-count')).toHaveText(`${engineering.length} of 6 articles match your filters`);
    expect(await sideTitles(page)).toEqual(engineering);
    await expect(featuredTitle(page)).toHaveText(engineering[0]!);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(host.locator('.blog-count')).toHaveText('6 articles');
    expect(await sideTitles(page)).toEqual(ALL_NEWEST_FIRST);
    // Selecting another article and back: the featured article is the newest again, with its content.
    await side.getByRole('button', { name: byId(5).title }).click();
    await expect(featuredTitle(page)).toHaveText(byId(5).title);
    await side.getByRole('button', { name: byId(5).title }).click();
    await expect(featuredTitle(page)).toHaveText(byId(6).title);
    await expect(host.locator('.blog-featured .blog-content > *').first()).toBeVisible();
  });

  test('the served magazine is the markup the element renders for the unfiltered feed (so it can adopt it as served)', async ({ page }) => {
    await openBlog(page);
    const { adopted, rendered, servedWrapper, renderedWrapper } = await page.evaluate(async () => {
      // Attributes the adoption leaves as served by design: the picture's loading hints, the pick markers.
      const ignored = new Set(['data-state', 'style', 'fetchpriority', 'loading', 'decoding', 'data-pick', 'data-ready', 'served']);
      const tree = (node: Node): unknown => {
        if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        const element = node as Element;
        const attributes = [...element.attributes]
          .filter((a) => !ignored.has(a.name))
          .map((a) => `${a.name}=${a.name === 'href' || a.name === 'src' ? (element as HTMLAnchorElement).href ?? (element as HTMLImageElement).src : a.value}`);
        // The article's content is the page's own copy (checked by the adoption test), not compared here.
        const children = element.classList.contains('blog-content')
          ? []
          : [...element.childNodes].filter((c) => c.nodeType === Node.ELEMENT_NODE || (c.nodeType === Node.TEXT_NODE && (c.textContent ?? '').trim() !== ''));
        return [element.tagName.toLowerCase(), attributes.sort(), children.map(tree)];
      };
      const host = document.querySelector('dc-blog')!;
      const fresh = document.createElement('dc-blog');
      for (const name of ['src', 'heading-level', 'eyebrow', 'tagline']) fresh.setAttribute(name, host.getAttribute(name)!);
      fresh.hidden = true;
      document.body.append(fresh);
      await new Promise<void>((resolve) => {
        const check = () => (fresh.shadowRoot?.querySelector('.blog[data-state="loaded"] button.blog-side-item') ? resolve() : setTimeout(check, 20));
        check();
      });
      /** The wrapper the element renders in its shadow root, without its content (the served shadow root holds it). */
      const wrapper = (root: ShadowRoot) => {
        const element = [...root.children].find((child) => child.matches('.blog'))!;
        return [element.tagName, [...element.attributes].filter((a) => !ignored.has(a.name)).map((a) => `${a.name}=${a.value}`).sort()];
      };
      const result = {
        adopted: tree(host.querySelector(':scope > .blog')!),
        rendered: tree(fresh.shadowRoot!.querySelector('.blog[data-state="loaded"]')!),
        servedWrapper: wrapper(host.shadowRoot!),
        renderedWrapper: wrapper(fresh.shadowRoot!),
      };
      fresh.remove();
      return result;
    });
    expect(adopted).toEqual(rendered);
    expect(servedWrapper, 'the served shadow root holds the wrapper the element renders').toEqual(renderedWrapper);
  });

  test('takes its styles from the page stylesheet (layer dc-blog): its own copy of the CSS is never downloaded', async ({ page }) => {
    const manifest = JSON.parse(readFileSync('dist/assets/js/manifest.json', 'utf8')) as Record<string, { lazy: string[] }>;
    const stylesChunk = manifest['dc-blog']!.lazy.filter((file) => file.startsWith('/assets/js/styles-'));
    expect(stylesChunk, 'the CSS is a chunk of its own, loaded only where a page lacks it').toHaveLength(1);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await openBlog(page);
    await magazineShown(page);
    const title = page.locator('dc-blog').locator('.blog-title');
    // Styled as the element's own CSS styles it (the page's layer, in the light DOM it adopted and in its shadow root): the hero's text, the magazine's size.
    await expect(title).toHaveCSS('color', 'rgb(243, 246, 255)');
    await expect(page.locator('dc-blog > .blog:not([data-state])')).toHaveCSS('container-type', 'inline-size');
    expect(await page.locator('dc-blog').evaluate((host) => getComputedStyle(host.shadowRoot!.querySelector('.blog')!).containerType)).toBe('inline-size');
    expect(requested).not.toContain(stylesChunk[0]);
  });

  test('on a page without that layer, it loads its styles chunk and shows nothing unstyled meanwhile', async ({ page }) => {
    const manifest = JSON.parse(readFileSync('dist/assets/js/manifest.json', 'utf8')) as Record<string, { file: string; lazy: string[] }>;
    const { file } = manifest['dc-blog']!;
    const lazy = manifest['dc-blog']!.lazy.filter((chunk) => chunk.startsWith('/assets/js/styles-'));
    await page.route('**/layerless-test', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>No layer</title></head><body><dc-blog></dc-blog><script type="module" src="${file}"></script></body></html>`,
      }),
    );
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(`**${lazy[0]}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/layerless-test');
    const host = page.locator('dc-blog');
    // Rendered, but hidden until its CSS is there. (Its loading state and, for a moment, the
    // magazine it builds beside it are both there: any of them is hidden.)
    await expect(host.locator('.blog').first()).toBeAttached();
    await expect(host.locator('.blog').first()).toBeHidden();
    expect(await host.evaluate((element) => getComputedStyle(element).visibility)).toBe('hidden');
    release();
    await expect(host.getByRole('heading', { level: 2, name: 'BLOG' })).toBeVisible();
    await magazineShown(page);
    await expect(host.locator('.blog-title')).toHaveCSS('color', 'rgb(243, 246, 255)');
    await expect(host.locator('.blog')).toHaveCSS('container-type', 'inline-size');
  });

  test('shows the loading text for 500 ms, then the hero, featured article and side list', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/blog');
    await expect(page.getByRole('status').filter({ hasText: 'Loading blog posts...' })).toBeVisible();
    await page.clock.runFor(499);
    await expect(page.getByText('Loading blog posts...')).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByRole('search', { name: 'Filter articles' })).toBeVisible();
    await expect(page.getByText('Loading blog posts...')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'BLOG' })).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByText('Digital Magazine Experience')).toBeVisible();
    await expect(featuredTitle(page)).toHaveText(byId(6).title);
    await expect(page.locator('.blog-featured')).toContainText('6 min read');
    await expect(page.locator('.blog-featured')).toContainText('Jun 17, 2025');
    expect(await sideTitles(page)).toEqual(ALL_NEWEST_FIRST);
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
  });

  test('search, category, tag and year filter the list as the rules say, combined with AND', async ({ page }) => {
    await openBlog(page);
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(search).toHaveAttribute('placeholder', 'Search articles...');

    await search.fill('POWER BI');
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(4, 1));
    await expect(featuredTitle(page)).toHaveText(byId(4).title);
    await search.fill('');

    const category = page.getByRole('combobox', { name: 'Category' });
    await expect(category.locator('option')).toHaveText(['All Categories', 'Analytics', 'Engineering', 'Business', 'Marketing', 'Client Success']);
    await category.selectOption('Engineering');
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(4, 1));
    await category.selectOption('');

    await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: '#data-quality' }).click();
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(5, 2));
    await expect(page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: '#data-quality' })).toHaveAttribute('aria-pressed', 'true');

    const year = page.getByRole('combobox', { name: 'Year' });
    await expect(year.locator('option')).toHaveText(['All Years', '2025', '2024']);
    await year.selectOption('2024');
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(2));

    // Clear resets all four and disappears.
    await search.fill('rules');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(search).toHaveValue('');
    await expect(category).toHaveValue('');
    await expect(year).toHaveValue('');
    await expect.poll(() => sideTitles(page)).toEqual(ALL_NEWEST_FIRST);
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);

    await category.selectOption('Business');
    await year.selectOption('2025');
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(5, 3));
  });

  test('clicking a tag of the featured article filters by it', async ({ page }) => {
    await openBlog(page);
    await page.locator('.blog-featured').getByRole('button', { name: '#automation' }).click();
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(6));
    await expect(page).toHaveURL(/[?&]tag=automation(&|$)/);
  });

  test('no match shows the empty state texts', async ({ page }) => {
    await openBlog(page);
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Marketing');
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters to see more results.')).toBeVisible();
    await expect(page.locator('.blog-side-item')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('heading', { name: 'No posts found' })).toHaveCount(0);
  });

  test('filters live in the URL: a link opens the filtered view and Back restores the previous one', async ({ page }) => {
    await openBlog(page, '?category=Business&year=2025');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Business');
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(5, 3));

    await page.getByRole('combobox', { name: 'Year' }).selectOption('');
    await expect(page).toHaveURL(/\/blog\?category=Business$/);
    await page.getByRole('searchbox', { name: 'Search articles' }).pressSequentially('kpi');
    await expect(page).toHaveURL(/\/blog\?q=kpi&category=Business$/);
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(3));

    await page.goBack(); // the typed search was one history entry
    await expect(page).toHaveURL(/\/blog\?category=Business$/);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
    await expect.poll(() => sideTitles(page)).toEqual(titlesOf(5, 3));
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?category=Business&year=2025$/);
    await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue('2025');
    await page.goForward();
    await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue('');
  });

  test('the side list selects an article and a second click deselects it', async ({ page }) => {
    await openBlog(page);
    const item = page.locator('.blog-side-item').filter({ hasText: byId(4).title });
    await item.click();
    await expect(featuredTitle(page)).toHaveText(byId(4).title);
    await expect(item).toHaveAttribute('aria-pressed', 'true');
    await page.locator('.blog-side-item').filter({ hasText: byId(1).title }).click();
    await expect(featuredTitle(page)).toHaveText(byId(1).title);
    await expect(item).toHaveAttribute('aria-pressed', 'false');
    await page.locator('.blog-side-item').filter({ hasText: byId(1).title }).click();
    await expect(featuredTitle(page)).toHaveText(byId(6).title);
    await expect(page.locator('.blog-side-item[aria-pressed="true"]')).toHaveCount(0);
    // The post without an image shows the placeholder.
    await page.locator('.blog-side-item').filter({ hasText: byId(3).title }).click();
    await expect(page.locator('.blog-featured .blog-placeholder')).toBeVisible();
  });

  test('copy link puts the canonical URL on the clipboard and shows ✓ Copied! for 2 s', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await pauseClock(page);
    await page.goto('/blog');
    await expect(page.getByText('Loading blog posts...')).toBeVisible();
    await page.clock.runFor(500);
    await expect(page.getByRole('search', { name: 'Filter articles' })).toBeVisible();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: '✓ Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(byId(6).canonical_url);
    // Only for that article: another article shows its own copy button.
    await page.locator('.blog-side-item').filter({ hasText: byId(5).title }).click();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await page.locator('.blog-side-item').filter({ hasText: byId(5).title }).click();
    await expect(page.getByRole('button', { name: '✓ Copied!' })).toBeVisible();
    await page.clock.runFor(1999);
    await expect(page.getByRole('button', { name: '✓ Copied!' })).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('button', { name: '✓ Copied!' })).toHaveCount(0);
  });

  test('a clipboard failure is logged only', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await openBlog(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => errors.join('\n')).toContain('Could not copy');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('share buttons open WhatsApp, Facebook and LinkedIn with the encoded title and URL', async ({ page, context }) => {
    const opened: string[] = [];
    const stub = async (route: import('@playwright/test').Route) => {
      opened.push(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Share stub</title>' });
    };
    await context.route('https://wa.me/**', stub);
    await context.route('https://www.facebook.com/**', stub);
    await context.route('https://www.linkedin.com/**', stub);
    await openBlog(page);
    const post = byId(6);
    const expected = {
      WhatsApp: `https://wa.me/?text=${encodeURIComponent(`${post.title} ${post.canonical_url}`)}`,
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(post.canonical_url)}`,
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(post.canonical_url)}`,
    };
    for (const [name, url] of Object.entries(expected)) {
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('group', { name: 'Share this article' }).getByRole('link', { name: new RegExp(`^${name}`) }).click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(url);
      await popup.close();
    }
    expect(new URL(expected.WhatsApp).searchParams.get('text')).toBe(`${post.title} ${post.canonical_url}`);
    expect(opened).toHaveLength(3);
  });

  test('a failed load shows the error with Retry, and Retry loads again', async ({ page }) => {
    let calls = 0;
    await page.route('**/data/blog.json', async (route) => {
      calls += 1;
      if (calls === 1) await route.fulfill({ status: 503, body: 'unavailable' });
      else await route.continue();
    });
    await page.goto('/blog');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to load blog posts. Please try again.');
    // The server-rendered magazine stays readable meanwhile.
    await expect(page.getByRole('heading', { level: 1, name: 'BLOG' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await magazineShown(page);
    expect(calls).toBe(2);
  });

  test(`is axe-clean after loading, with a filter set, in the both themes`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openBlog(page, '?tag=power-bi');
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });
});

test.describe('<dc-blog> on a foreign page', () => {
  // The partner's page and the production site are two public origins; the site's requests are
  // answered by the local server (so Chromium's private-network rules see no loopback access).
  const PARTNER = 'https://partner.example';
  const SITE = 'https://www.dataclarity.de';

  /** A partner page with a hostile stylesheet that loads the standalone module cross-origin. */
  async function partnerPage(page: Page, body: string) {
    await page.route(`${SITE}/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${ORIGIN}${url.pathname}${url.search}` }) });
    });
    await page.route(`${PARTNER}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/') {
        await route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><title>Partner</title>
<style>
  body, body * { color: red !important; font-size: 31px !important; display: inline !important; background: yellow !important;
    font-family: 'Comic Sans MS', cursive !important; text-transform: uppercase !important; letter-spacing: 4px !important; }
  h1, h2, h3, p, button, a, img, div, .blog-title, .blog-featured { border: 5px dashed lime !important; margin: 40px !important; }
  dc-blog { display: block !important; }
</style></head><body><main>${body}</main>
<script type="module" src="${SITE}/widgets/dc-blog.js"></script></body></html>`,
        });
      } else if (url.pathname === '/hostile.json') {
        await route.fulfill({ contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(hostileFeed()) });
      } else if (url.pathname === '/many.json') {
        await route.fulfill({ contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(manyPosts(12)) });
      } else {
        await route.fulfill({ status: 404, body: 'not found' });
      }
    });
    await page.goto(`${PARTNER}/`);
  }

  const base = {
    author: 'Eve',
    date: '2025-02-01',
    category: 'Analytics',
    tags: ['x'],
    image_url: '',
    read_time_minutes: 2,
    summary: 'Summary.',
    seo: { metaTitle: 'm', metaDescription: 'd', ogImage: '' },
  };
  function hostileFeed() {
    return [
      {
        ...base,
        id: 'evil',
        slug: 'evil',
        title: '<img src=x onerror="window.__pwned=1">Hostile "title" & more',
        canonical_url: 'https://partner.example/blog/evil/?a=1&b=<2>',
        content:
          '<p>Safe text</p><script>window.__pwned=2</script><img src="x" onerror="window.__pwned=3">' +
          '<a href="javascript:window.__pwned=4">click me</a><iframe srcdoc="<script>parent.__pwned=5</script>"></iframe>' +
          '<svg><script>window.__pwned=6</script></svg><p onclick="window.__pwned=7" style="position:fixed">Styled</p>' +
          '<a href="relative/link">relative</a>',
      },
      { id: 'broken', slug: 'broken', title: 'No URL' },
    ];
  }
  function manyPosts(count: number) {
    return Array.from({ length: count }, (_, i) => ({
      ...base,
      id: i + 1,
      slug: `post-${i + 1}`,
      title: `Partner post ${i + 1}`,
      date: `2025-01-${String(i + 1).padStart(2, '0')}`,
      content: `<p>Body ${i + 1}</p>`,
      canonical_url: `https://partner.example/blog/post-${i + 1}/`,
    }));
  }

  test('renders from the default src in its own shadow root, unaffected by the page CSS; a failing src shows the error', async ({ page }) => {
    await partnerPage(page, '<dc-blog></dc-blog><dc-blog src="missing.json"></dc-blog>');
    const [good, bad] = [page.locator('dc-blog').first(), page.locator('dc-blog').nth(1)];
    await expect(good.getByRole('heading', { level: 2, name: 'BLOG' })).toBeVisible();
    await expect(good.locator('#blog-featured-title')).toHaveText(byId(6).title);
    await expect(good.locator('.blog-featured-media img')).toHaveAttribute('src', `${SITE}/assets/images/blog/reporting-automation-and-scheduling.svg`);
    // Relative links in the content point back to the feed's site.
    await expect(good.locator('.blog-content a[href*="/services/"]').first()).toHaveAttribute('href', /^https:\/\/www\.dataclarity\.de\/services\//);
    const style = await good.locator('.blog-title').evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, display: s.display, border: s.borderTopStyle, transform: s.textTransform };
    });
    expect(style).toEqual({ color: 'rgb(243, 246, 255)', display: 'block', border: 'none', transform: 'none' });
    const summary = await good.locator('.blog-summary').evaluate((el) => {
      const s = getComputedStyle(el);
      return { fontSize: s.fontSize, color: s.color, letterSpacing: s.letterSpacing, font: s.fontFamily };
    });
    expect(summary.fontSize).toBe('18px');
    expect(summary.color).not.toBe('rgb(255, 0, 0)');
    expect(summary.letterSpacing).toBe('normal');
    expect(summary.font).not.toMatch(/Comic/);
    await expect(bad.getByRole('alert')).toHaveText(/Failed to load blog posts\. Please try again\./);
    await expect(bad.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(window).filter((key) => /blog/i.test(key)))).toEqual([]);
  });

  test('the standalone file renders on its own, with `served` too: the adoption is the site\'s, a partner\'s content is replaced as before', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await partnerPage(page, '<dc-blog served><div class="blog"><h2 id="blog-featured-title">A partner\'s own copy</h2><a class="blog-side-item" href="/x">x</a></div></dc-blog>');
    const host = page.locator('dc-blog');
    await expect(host.getByRole('heading', { level: 2, name: 'BLOG' })).toBeVisible();
    await expect(host.locator('button.blog-side-item')).toHaveCount(6);
    await expect(host.locator('#blog-featured-title')).toHaveText(byId(6).title);
    expect(await host.evaluate((element) => ({ light: element.children.length, shadow: element.shadowRoot!.querySelectorAll('.blog-featured, button.blog-side-item').length }))).toEqual({ light: 0, shadow: 7 });
    await expect(host).not.toHaveAttribute('data-ready');
    expect(requested.filter((path) => /adoption|servedControls/.test(path))).toEqual([]);
  });

  test('an HTML-injection attempt in a feed does not execute', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await partnerPage(page, '<dc-blog src="hostile.json"></dc-blog>');
    const blog = page.locator('dc-blog');
    await expect(blog.locator('#blog-featured-title')).toContainText('<img src=x onerror="window.__pwned=1">Hostile "title" & more');
    await expect(blog.locator('.blog-content')).toContainText('Safe text');
    await blog.getByText('click me').click();
    await blog.getByText('Styled').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const html = await blog.locator('.blog-content').innerHTML();
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|srcdoc|style=/i);
    await expect(blog.locator('.blog-content a', { hasText: 'relative' })).toHaveAttribute('href', 'https://partner.example/relative/link');
    // The broken entry is skipped with a warning naming it.
    expect(warnings.join('\n')).toMatch(/Post 2 \(slug "broken"\).*"canonical_url" is missing/);
    // The share link carries the hostile values percent-encoded.
    const whatsapp = await blog.getByRole('group', { name: 'Share this article' }).getByRole('link', { name: /^WhatsApp/ }).getAttribute('href');
    expect(new URL(whatsapp!).searchParams.get('text')).toBe(
      '<img src=x onerror="window.__pwned=1">Hostile "title" & more https://partner.example/blog/evil/?a=1&b=<2>',
    );
  });

  test('the side list holds at most 10 posts', async ({ page }) => {
    await partnerPage(page, '<dc-blog src="many.json"></dc-blog>');
    const blog = page.locator('dc-blog');
    await expect(blog.locator('#blog-featured-title')).toHaveText('Partner post 12');
    await expect(blog.locator('.blog-side-item')).toHaveCount(10);
    await expect(blog.locator('.blog-side-name').first()).toHaveText('Partner post 12');
    await expect(blog.locator('.blog-side-name').last()).toHaveText('Partner post 3');
    await expect(blog.getByRole('link', { name: 'Partner post 12' })).toHaveAttribute('href', 'https://partner.example/blog/post-12/');
    expect(new URL(page.url()).search).toBe(''); // no url-sync attribute: the partner's URL is left alone
    await blog.getByRole('combobox', { name: 'Category' }).selectOption('Business');
    await expect(blog.getByText('No posts found')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });
});
