import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '../blog/rules';
import { FEED_EMPTY, FEED_ERROR, FEED_LOADING, blogFeedUrl, feedCategories, fieldError, fieldOf, snippetAttributes, withFeed, type ApiAttributeLike } from './embedForm';

/** <dc-blog>'s starting category on /embed: a select of the categories of the feed the snippet reads. */
const blogApi = JSON.parse(readFileSync(new URL('../blog/api.json', import.meta.url), 'utf8')) as { attributes: ApiAttributeLike[] };
const fields = blogApi.attributes.map(fieldOf).filter((field) => field !== null);
const category = fields.find((field) => field.name === 'category')!;
const posts = (...categories: unknown[]) => categories.map((name, index) => ({ id: index, category: name }));

describe("/embed: <dc-blog>'s category picked from the feed", () => {
  it('is a select of the categories the element can start on, narrowed by the feed', () => {
    expect(category).toMatchObject({ kind: 'select', label: 'Category shown first', fromFeed: true, options: [...BLOG_CATEGORIES] });
    expect(category.defaultValue).toBeUndefined();
    expect(fields.filter((field) => field.fromFeed).map((field) => field.name)).toEqual(['category']);
  });

  it("reads a feed's categories in the element's order, from either feed shape", () => {
    const offered = category.options!;
    expect(feedCategories({ posts: posts('Marketing', 'Analytics', 'Marketing') }, offered)).toEqual(['Analytics', 'Marketing']);
    expect(feedCategories(posts('Business', ' Engineering '), offered)).toEqual(['Engineering', 'Business']);
    // Categories the element cannot start on, and entries that are not posts, are left out.
    expect(feedCategories({ posts: [...posts('News', 7, null), null, 'x', { id: 9 }] }, offered)).toEqual([]);
    for (const notFeed of [null, 'posts', 3, {}, { posts: 'x' }]) expect(feedCategories(notFeed, offered)).toBeNull();
  });

  it('offers the feed\'s categories once read, all of them (with a note) while reading or when it cannot be read', () => {
    expect(withFeed(category, ['Analytics', 'Business'])).toMatchObject({ options: ['Analytics', 'Business'] });
    expect(withFeed(category, ['Analytics']).note).toBeUndefined();
    expect(withFeed(category, [])).toMatchObject({ options: [], note: FEED_EMPTY });
    expect(withFeed(category, null)).toMatchObject({ options: category.options, note: FEED_LOADING });
    expect(withFeed(category, false)).toMatchObject({ options: category.options, note: FEED_ERROR });
  });

  it('checks the value against the feed: a category the feed does not have is refused and left out of the snippet', () => {
    const narrowed = withFeed(category, ['Analytics', 'Business']);
    expect(fieldError(narrowed, 'Business')).toBeNull();
    expect(fieldError(narrowed, 'Marketing')).toBe('Choose one of: Analytics, Business.');
    expect(fieldError(narrowed, '')).toBeNull();
    const blogFields = fields.map((field) => (field.fromFeed ? narrowed : field));
    expect(snippetAttributes(blogFields, { category: 'Business' })).toEqual([['category', 'Business']]);
    expect(snippetAttributes(blogFields, { category: 'Marketing' })).toEqual([]);
  });

  it('reads the feed the snippet reads: src when valid (relative to the page), else /data/blog.json where the script comes from', () => {
    const origin = 'https://www.dataclarity.de';
    const page = 'https://www.dataclarity.de/embed';
    expect(blogFeedUrl(fields, {}, origin, page)).toBe(`${origin}/data/blog.json`);
    expect(blogFeedUrl(fields, { src: '  ' }, origin, page)).toBe(`${origin}/data/blog.json`);
    expect(blogFeedUrl(fields, { src: '/feeds/news.json' }, origin, page)).toBe(`${origin}/feeds/news.json`);
    expect(blogFeedUrl(fields, { src: 'https://partner.example/blog.json' }, origin, page)).toBe('https://partner.example/blog.json');
    expect(blogFeedUrl(fields, { src: 'javascript:alert(1)' }, origin, page)).toBe(`${origin}/data/blog.json`);
  });
});
