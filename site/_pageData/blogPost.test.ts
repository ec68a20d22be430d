/**
 * Build-time blog rules: the front-matter schema (site/_pageData/blogPost.js), the canonical URL
 * forms (shared/urls.ts), the Atom helpers (site/blog-feed.11ty.js).
 */
import { describe, expect, it } from 'vitest';
import { blogPosting, blogPostingReference, checkPost, POST_CATEGORIES, postsNewestFirst } from './blogPost.js';
import { canonicalPath, isSlashCanonical } from '../../shared/urls';
import { BLOG_CATEGORIES } from '../../widgets/blog/rules';
import { absoluteContent, xml } from '../blog-feed.11ty.js';

const company = { siteUrl: 'https://www.dataclarity.de', legalName: 'DataClarity GmbH' };
const good = () => ({
  id: 7,
  slug: 'kpi-guide',
  title: 'Choosing KPIs',
  author: 'Daniel Köhler',
  date: '2025-01-28',
  category: 'Business',
  tags: ['kpis', 'strategy'],
  image_url: '',
  read_time_minutes: 6,
  summary: 'A workshop format.',
  seo: { metaTitle: 'KPIs', metaDescription: 'How to choose KPIs.', ogImage: '/assets/images/og-default.png' },
  canonical_url: 'https://www.dataclarity.de/blog/kpi-guide/',
});
const check = (data: Record<string, unknown>, file = './site/blog/kpi-guide.md') => () => checkPost(data, file, company);

describe('checkPost (front-matter schema)', () => {
  it('accepts a complete post and adds url and displayDate', () => {
    expect(checkPost(good(), './site/blog/kpi-guide.md', company)).toMatchObject({
      slug: 'kpi-guide',
      url: '/blog/kpi-guide/',
      displayDate: 'Jan 28, 2025',
    });
  });

  it.each(['id', 'slug', 'title', 'author', 'date', 'category', 'tags', 'image_url', 'read_time_minutes', 'summary', 'seo', 'canonical_url'])(
    'fails the build when "%s" is missing, naming the file and the field',
    (field) => {
      const data: Record<string, unknown> = good();
      delete data[field];
      expect(check(data)).toThrow(new RegExp(`kpi-guide\\.md: .*"${field}" is missing`));
    },
  );

  it('lists every problem at once', () => {
    expect(check({ ...good(), title: '', date: '2025-02-30', category: 'News', tags: ['a', 'a'] })).toThrow(
      /"title" must be non-empty text; "date" must be a real date.*; "category" must be one of .*; "tags" must be a non-empty list of distinct texts/,
    );
  });

  it('requires the slug to be the file name and the canonical URL to be the post page', () => {
    expect(check(good(), './site/blog/other.md')).toThrow(/"slug" must be kebab-case and equal the file name \("other"\)/);
    expect(check({ ...good(), canonical_url: 'https://www.dataclarity.de/blog/kpi-guide' })).toThrow(
      /"canonical_url" must be the post's own URL https:\/\/www\.dataclarity\.de\/blog\/kpi-guide\//,
    );
  });

  it('requires an existing local image, or none', () => {
    expect(check({ ...good(), image_url: '/assets/images/blog/missing.svg' })).toThrow(/"image_url"/);
    expect(check({ ...good(), image_url: 'https://cdn.example/x.png' })).toThrow(/"image_url"/);
    expect(check({ ...good(), image_url: '/assets/images/blog/star-schema-semantic-layer-power-bi.svg' })).not.toThrow();
  });

  it('checks the seo object and the meta title length', () => {
    expect(check({ ...good(), seo: { metaTitle: 'x'.repeat(61), metaDescription: 'd', ogImage: '/o.png' } })).toThrow(/longer than 60/);
    expect(check({ ...good(), seo: { metaTitle: 'T' } })).toThrow(/"seo.metaDescription" is missing or empty; "seo.ogImage"/);
  });

  it('allows exactly the filter categories', () => {
    expect(POST_CATEGORIES).toEqual([...BLOG_CATEGORIES]);
  });
});

describe('blogPosting and postsNewestFirst', () => {
  it('builds schema.org BlogPosting with absolute URLs', () => {
    const post = checkPost(good(), './site/blog/kpi-guide.md', company);
    expect(blogPosting(post, company)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Choosing KPIs',
      image: 'https://www.dataclarity.de/assets/images/og-default.png',
      author: { '@type': 'Person', name: 'Daniel Köhler' },
      publisher: { '@type': 'Organization', name: 'DataClarity GmbH' },
      datePublished: '2025-01-28',
      url: 'https://www.dataclarity.de/blog/kpi-guide/',
    });
  });

  it('names a post in the blog\'s list by the @id of its full BlogPosting, with what links to it', () => {
    const post = checkPost(good(), './site/blog/kpi-guide.md', company);
    expect(blogPostingReference(post, company)).toEqual({
      '@type': 'BlogPosting',
      '@id': 'https://www.dataclarity.de/blog/kpi-guide/#article',
      headline: 'Choosing KPIs',
      url: 'https://www.dataclarity.de/blog/kpi-guide/',
      datePublished: '2025-01-28',
      image: 'https://www.dataclarity.de/assets/images/og-default.png',
      author: { '@type': 'Person', name: 'Daniel Köhler' },
    });
    expect(blogPostingReference(post, company)['@id']).toBe(blogPosting(post, company)['@id']);
  });

  it('picks the posts out of a collection, newest first, with content only on request', () => {
    const item = (slug: string, date: string) => ({ data: { post: { ...checkPost({ ...good(), slug, date, canonical_url: `https://www.dataclarity.de/blog/${slug}/` }, `${slug}.md`, company) } }, content: `<p>${slug}</p>` });
    const collection = [item('a', '2024-01-01'), { data: {}, content: 'page' }, item('b', '2025-01-01')];
    expect(postsNewestFirst(collection as never).map((p) => [p.slug, p.content])).toEqual([
      ['b', undefined],
      ['a', undefined],
    ]);
    expect(postsNewestFirst(collection as never, true).map((p) => p.content)).toEqual(['<p>b</p>', '<p>a</p>']);
  });
});

describe('canonical URL forms', () => {
  it.each([
    ['/', '/'],
    ['/about/', '/about'],
    ['/about/index.html', '/about'],
    ['/blog/', '/blog'],
    ['/blog/index.html', '/blog'],
    ['/blog/star-schema-first/', '/blog/star-schema-first/'],
    ['/blog/star-schema-first/index.html', '/blog/star-schema-first/'],
    ['/blog/star-schema-first', '/blog/star-schema-first/'],
    ['/blog/feed.xml', '/blog/feed.xml'],
    ['/services/data_cleanup/', '/services/data_cleanup'],
    ['', '/'],
  ])('%j -> %j', (url, canonical) => {
    expect(canonicalPath(url)).toBe(canonical);
  });

  it('keeps the slash only for /blog/{kebab-slug}/', () => {
    expect(isSlashCanonical('/blog/a-b-1/')).toBe(true);
    for (const path of ['/blog/', '/blog/A-b/', '/blog/a/b/', '/blog/a_b/', '/blog/feed.xml', '/about/']) {
      expect(isSlashCanonical(path), path).toBe(false);
    }
  });
});

describe('Atom helpers', () => {
  it('escapes XML text and drops characters XML forbids', () => {
    expect(xml(`<a href="x">Tom & Jerry's</a>\u0001\u000b`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
  });
  it('makes every URL absolute against the post, in any attribute and quoting', async () => {
    const post = 'https://www.dataclarity.de/blog/a-post/';
    expect(
      await absoluteContent(
        `<a href="/contact">c</a><img src='/a.svg' srcset="/a-1x.png 1x, b-2x.png 2x"><a href="//cdn.example/x">x</a><a href="#top">t</a><a href="https://x.example/">e</a>`,
        post,
      ),
    ).toBe(
      '<a href="https://www.dataclarity.de/contact">c</a><img src="https://www.dataclarity.de/a.svg" srcset="https://www.dataclarity.de/a-1x.png 1x, https://www.dataclarity.de/blog/a-post/b-2x.png 2x"><a href="https://cdn.example/x">x</a><a href="https://www.dataclarity.de/blog/a-post/#top">t</a><a href="https://x.example/">e</a>',
    );
  });
});
