import { readFileSync } from 'node:fs';
import { describe, it, expect, vi } from 'vitest';
import {
  articleCount,
  mastheadText,
  CATEGORY_OPTIONS,
  EMPTY_FILTER,
  FILTER_QUERY_KEYS,
  facebookShareUrl,
  featuredPost,
  filterFromQuery,
  filterPosts,
  filterToQuery,
  hasActiveFilter,
  linkedinShareUrl,
  readTimeMinutes,
  samePostId,
  sideList,
  sortPosts,
  startFilter,
  tagOptions,
  toggleSelected,
  validateFeed,
  validatePost,
  whatsappShareUrl,
  yearOptions,
  BLOG_CATEGORIES,
  type BlogFilter,
  type BlogPost,
} from './rules';

function post(overrides: Partial<BlogPost> & Pick<BlogPost, 'id'>): BlogPost {
  const slug = overrides.slug ?? `post-${overrides.id}`;
  return {
    slug,
    title: `Post ${overrides.id}`,
    author: 'Clara Weiss',
    date: '2025-01-15',
    category: 'Analytics',
    tags: [],
    image_url: '',
    read_time_minutes: 5,
    summary: 'A summary.',
    content: '<p>Body</p>',
    seo: { metaTitle: 'Meta', metaDescription: 'Description', ogImage: '' },
    canonical_url: `https://www.dataclarity.de/blog/${slug}/`,
    ...overrides,
  };
}

const POSTS: BlogPost[] = [
  post({
    id: 1,
    title: 'Star Schema First',
    summary: 'Model facts and dimensions before writing DAX.',
    category: 'Engineering',
    tags: ['power-bi', 'data-modeling'],
    date: '2024-11-12',
  }),
  post({
    id: 2,
    title: 'Data-Quality Rules',
    summary: 'Checks to run before a dashboard goes live.',
    category: 'Analytics',
    tags: ['data-quality', 'sql'],
    date: '2024-12-10',
  }),
  post({
    id: 3,
    title: 'Choosing KPIs',
    summary: 'A workshop format for stakeholders.',
    category: 'Business',
    tags: ['kpis', 'strategy'],
    date: '2025-01-28',
  }),
  post({
    id: 4,
    title: 'Incremental Refresh',
    summary: 'Partitions that keep refreshes short.',
    category: 'Engineering',
    tags: ['power-bi', 'performance'],
    date: '2025-03-18',
  }),
];

const filter = (overrides: Partial<BlogFilter>): BlogFilter => ({ ...EMPTY_FILTER, ...overrides });
const ids = (posts: readonly { id: BlogPost['id'] }[]) => posts.map((p) => p.id);

describe('mastheadText', () => {
  it('counts the posts and names the newest date; empty without posts', () => {
    expect(mastheadText([{ date: '2025-06-17' }, { date: '2024-01-02' }])).toBe('2 articles · Latest Jun 17, 2025');
    expect(mastheadText([{ date: '2025-06-17' }])).toBe('1 article · Latest Jun 17, 2025');
    expect(mastheadText([])).toBe('');
  });
});

describe('articleCount', () => {
  it('says article for one and articles otherwise', () => {
    expect(articleCount(0)).toBe('0 articles');
    expect(articleCount(1)).toBe('1 article');
    expect(articleCount(2)).toBe('2 articles');
  });
});

describe('texts and options', () => {
  it('offers All Categories first, then the five categories', () => {
    expect(CATEGORY_OPTIONS.map((o) => o.value)).toEqual([
      '',
      'Analytics',
      'Engineering',
      'Business',
      'Marketing',
      'Client Success',
    ]);
    expect(CATEGORY_OPTIONS[0]?.label).toBe('All Categories');
    expect(CATEGORY_OPTIONS[5]?.label).toBe('Client Success');
  });

  it('EMPTY_FILTER is empty and frozen', () => {
    expect(EMPTY_FILTER).toEqual({ search: '', category: '', tag: '', year: '' });
    expect(Object.isFrozen(EMPTY_FILTER)).toBe(true);
  });
});

describe('filterPosts', () => {
  it('returns everything, in input order, without a filter', () => {
    expect(ids(filterPosts(POSTS, EMPTY_FILTER))).toEqual([1, 2, 3, 4]);
  });

  it('search matches the title, case-insensitively', () => {
    expect(ids(filterPosts(POSTS, filter({ search: 'STAR schema' })))).toEqual([1]);
  });

  it('search matches the summary', () => {
    expect(ids(filterPosts(POSTS, filter({ search: 'workshop' })))).toEqual([3]);
  });

  it('search matches part of a tag', () => {
    expect(ids(filterPosts(POSTS, filter({ search: 'Power' })))).toEqual([1, 4]);
    expect(ids(filterPosts(POSTS, filter({ search: 'sql' })))).toEqual([2]);
  });

  it('search is trimmed; a blank search filters nothing', () => {
    expect(ids(filterPosts(POSTS, filter({ search: '  kpis  ' })))).toEqual([3]);
    expect(ids(filterPosts(POSTS, filter({ search: '   ' })))).toEqual([1, 2, 3, 4]);
  });

  it('search does not look at the author or content', () => {
    expect(filterPosts(POSTS, filter({ search: 'Clara' }))).toEqual([]);
    expect(filterPosts(POSTS, filter({ search: 'Body' }))).toEqual([]);
  });

  it('category matches exactly (not by case or substring)', () => {
    expect(ids(filterPosts(POSTS, filter({ category: 'Engineering' })))).toEqual([1, 4]);
    expect(filterPosts(POSTS, filter({ category: 'engineering' }))).toEqual([]);
    expect(filterPosts(POSTS, filter({ category: 'Engineer' }))).toEqual([]);
    expect(filterPosts(POSTS, filter({ category: 'Marketing' }))).toEqual([]);
  });

  it('tag must be one of the post tags, exactly', () => {
    expect(ids(filterPosts(POSTS, filter({ tag: 'power-bi' })))).toEqual([1, 4]);
    expect(filterPosts(POSTS, filter({ tag: 'power' }))).toEqual([]);
    expect(filterPosts(POSTS, filter({ tag: 'Power-BI' }))).toEqual([]);
  });

  it('year equals the year of the post date', () => {
    expect(ids(filterPosts(POSTS, filter({ year: '2024' })))).toEqual([1, 2]);
    expect(ids(filterPosts(POSTS, filter({ year: '2025' })))).toEqual([3, 4]);
    expect(filterPosts(POSTS, filter({ year: '2023' }))).toEqual([]);
  });

  it('year uses the UTC date: New Year’s Eve stays in its year', () => {
    const edge = [post({ id: 'a', date: '2024-12-31' }), post({ id: 'b', date: '2025-01-01' })];
    expect(ids(filterPosts(edge, filter({ year: '2024' })))).toEqual(['a']);
    expect(ids(filterPosts(edge, filter({ year: '2025' })))).toEqual(['b']);
  });

  it('a post without a readable date never matches a year', () => {
    const undated = [post({ id: 'x', date: '' }), post({ id: 'y', date: 'soon' })];
    expect(filterPosts(undated, filter({ year: '2025' }))).toEqual([]);
    expect(filterPosts(undated, filter({ year: 'null' }))).toEqual([]);
  });

  it('combines all filters with AND', () => {
    expect(ids(filterPosts(POSTS, filter({ search: 'power', category: 'Engineering', year: '2025' })))).toEqual([4]);
    expect(ids(filterPosts(POSTS, filter({ tag: 'power-bi', year: '2024' })))).toEqual([1]);
    expect(filterPosts(POSTS, filter({ tag: 'power-bi', category: 'Analytics' }))).toEqual([]);
    expect(
      ids(filterPosts(POSTS, filter({ search: 'rules', category: 'Analytics', tag: 'sql', year: '2024' }))),
    ).toEqual([2]);
    expect(filterPosts(POSTS, filter({ search: 'rules', category: 'Analytics', tag: 'sql', year: '2025' }))).toEqual(
      [],
    );
  });

  it('does not modify its input', () => {
    const copy = structuredClone(POSTS);
    filterPosts(POSTS, filter({ search: 'x', category: 'Business' }));
    expect(POSTS).toEqual(copy);
  });
});

describe('hasActiveFilter', () => {
  it('is false for the empty filter', () => {
    expect(hasActiveFilter(EMPTY_FILTER)).toBe(false);
  });
  it.each(['search', 'category', 'tag', 'year'] as const)('is true when only %s is set', (field) => {
    expect(hasActiveFilter(filter({ [field]: 'x' }))).toBe(true);
  });
  it('counts a search of spaces (the Clear button must clear it)', () => {
    expect(hasActiveFilter(filter({ search: ' ' }))).toBe(true);
  });
});

describe('sortPosts', () => {
  it('puts the newest first', () => {
    expect(ids(sortPosts(POSTS))).toEqual([4, 3, 2, 1]);
  });

  it('keeps the input order of equal dates (stable)', () => {
    const same = [
      post({ id: 'a', date: '2025-02-01' }),
      post({ id: 'b', date: '2025-03-01' }),
      post({ id: 'c', date: '2025-02-01' }),
      post({ id: 'd', date: '2025-02-01' }),
    ];
    expect(ids(sortPosts(same))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('puts missing and invalid dates last, in input order', () => {
    const mixed = [
      post({ id: 'bad', date: 'not a date' }),
      post({ id: 'old', date: '2024-05-01' }),
      post({ id: 'empty', date: '' }),
      post({ id: 'new', date: '2025-05-01' }),
      post({ id: 'tbd', date: 'TBD' }),
    ];
    expect(ids(sortPosts(mixed))).toEqual(['new', 'old', 'bad', 'empty', 'tbd']);
  });

  it('orders timestamps within a day', () => {
    const times = [post({ id: 'am', date: '2025-04-01T08:00:00Z' }), post({ id: 'pm', date: '2025-04-01T17:00:00Z' })];
    expect(ids(sortPosts(times))).toEqual(['pm', 'am']);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [...POSTS];
    const sorted = sortPosts(input);
    expect(sorted).not.toBe(input);
    expect(ids(input)).toEqual([1, 2, 3, 4]);
  });
});

describe('yearOptions and tagOptions', () => {
  it('lists distinct years newest first, skipping unreadable dates', () => {
    expect(yearOptions([...POSTS, post({ id: 9, date: 'n/a' }), post({ id: 10, date: '2023-07-01' })])).toEqual([
      '2025',
      '2024',
      '2023',
    ]);
    expect(yearOptions([])).toEqual([]);
  });
  it('lists distinct tags alphabetically', () => {
    expect(tagOptions(POSTS)).toEqual(['data-modeling', 'data-quality', 'kpis', 'performance', 'power-bi', 'sql', 'strategy']);
  });
  it('orders tags by English collation: case and accents do not put a tag apart', () => {
    const tagged = post({ id: 11, tags: ['Zeta', 'beta', 'Éclair', 'alpha', 'eclair'] });
    expect(tagOptions([tagged])).toEqual(['alpha', 'beta', 'eclair', 'Éclair', 'Zeta']);
  });
});

describe('sideList', () => {
  const many = Array.from({ length: 12 }, (_, i) => post({ id: i + 1 }));
  it('holds at most the first 10 posts', () => {
    expect(ids(sideList(many))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sideList(many.slice(0, 11))).toHaveLength(10);
  });
  it('holds all posts when there are 10 or fewer', () => {
    expect(sideList(many.slice(0, 10))).toHaveLength(10);
    expect(ids(sideList(many.slice(0, 3)))).toEqual([1, 2, 3]);
    expect(sideList([])).toEqual([]);
  });
});

describe('featuredPost and toggleSelected', () => {
  it('is the first filtered post when nothing is selected', () => {
    expect(featuredPost(POSTS, null)?.id).toBe(1);
  });
  it('is the selected post when it is in the filtered list', () => {
    expect(featuredPost(POSTS, 3)?.id).toBe(3);
    expect(featuredPost(POSTS, '3')?.id).toBe(3);
  });
  it('falls back to the first when the selection was filtered out', () => {
    const filtered = filterPosts(POSTS, filter({ category: 'Engineering' }));
    expect(featuredPost(filtered, 3)?.id).toBe(1);
  });
  it('is null for an empty list', () => {
    expect(featuredPost([], null)).toBeNull();
    expect(featuredPost([], 2)).toBeNull();
  });
  it('selects a clicked post, switches to another, and deselects on a second click', () => {
    expect(toggleSelected(null, 2)).toBe('2');
    expect(toggleSelected('2', 4)).toBe('4');
    expect(toggleSelected('4', 4)).toBeNull();
    expect(toggleSelected(4, '4')).toBeNull();
  });
  it('compares ids as text', () => {
    expect(samePostId(7, '7')).toBe(true);
    expect(samePostId(7, 17)).toBe(false);
  });
});

describe('filter <-> URL query', () => {
  it('writes only the fields that are set', () => {
    expect(filterToQuery(EMPTY_FILTER)).toBe('');
    expect(filterToQuery(filter({ year: '2025' }))).toBe('year=2025');
    const params = new URLSearchParams(filterToQuery(filter({ search: 'power bi', category: 'Business' })));
    expect([...params.keys()]).toEqual([FILTER_QUERY_KEYS.search, 'category']);
  });

  it.each<BlogFilter>([
    { ...EMPTY_FILTER },
    { search: 'power bi', category: 'Engineering', tag: 'power-bi', year: '2025' },
    { search: 'a&b=c?d#e+f%20g', category: 'Client Success', tag: 'r&d', year: '' },
    { search: ' spaced ', category: '', tag: 'äöü ß', year: '2024' },
    { search: 'line\nbreak\ttab', category: 'Marketing', tag: '', year: '' },
  ])('round-trips %j', (value) => {
    const query = filterToQuery(value);
    expect(filterFromQuery(query)).toEqual(value);
    expect(filterFromQuery('?' + query)).toEqual(value);
    expect(filterFromQuery(new URLSearchParams(query))).toEqual(value);
  });

  it('drops values the filter bar cannot show, and ignores unknown keys', () => {
    expect(filterFromQuery('category=News&year=25&tag=sql&utm_source=x')).toEqual(filter({ tag: 'sql' }));
    expect(filterFromQuery('year=2025abc')).toEqual(EMPTY_FILTER);
    expect(filterFromQuery('')).toEqual(EMPTY_FILTER);
    expect(filterFromQuery({ category: 'Business', year: '2024' })).toEqual(filter({ category: 'Business', year: '2024' }));
  });
});

describe('startFilter: the filter the magazine starts on (attribute category, url-sync)', () => {
  it('starts on the attribute\'s category, or on none without one', () => {
    expect(startFilter('', 'Marketing')).toEqual(filter({ category: 'Marketing' }));
    expect(startFilter('', undefined)).toEqual(EMPTY_FILTER);
    expect(startFilter('', '')).toEqual(EMPTY_FILTER);
    for (const category of BLOG_CATEGORIES) expect(startFilter('', category).category).toBe(category);
  });

  it('lets a category in the page address win, and adds the attribute\'s to an address without one', () => {
    expect(startFilter('?category=Business', 'Marketing')).toEqual(filter({ category: 'Business' }));
    expect(startFilter('?tag=sql&year=2025', 'Marketing')).toEqual(filter({ category: 'Marketing', tag: 'sql', year: '2025' }));
    // An unknown category in the address is dropped (filterFromQuery): the attribute's applies.
    expect(startFilter('?category=News', 'Analytics')).toEqual(filter({ category: 'Analytics' }));
  });

  it('ignores a category the filter does not offer, with a console warning naming it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const bad of ['News', 'analytics', ' Analytics', 'All Categories']) {
      expect(startFilter('', bad)).toEqual(EMPTY_FILTER);
      expect(warn).toHaveBeenLastCalledWith(`<dc-blog> unknown category "${bad}"`);
    }
    expect(warn).toHaveBeenCalledTimes(4);
    startFilter('', 'Engineering');
    startFilter('?category=Business', 'News');
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('offers in api.json exactly the categories the filter offers', () => {
    const api = JSON.parse(readFileSync(new URL('./api.json', import.meta.url), 'utf8')) as { attributes: Array<{ name: string; type: string }> };
    const type = api.attributes.find((attribute) => attribute.name === 'category')?.type;
    expect(type).toBe(BLOG_CATEGORIES.map((category) => `'${category}'`).join(' | '));
  });
});

describe('share links', () => {
  const url = 'https://www.dataclarity.de/blog/star-schema-semantic-layer-power-bi/';
  const hostile = 'Q&A: costs? #1 + "more"\r\nline two & more=yes';

  it('builds the WhatsApp link from title, a space and the URL', () => {
    const link = whatsappShareUrl(hostile, url);
    expect(link.startsWith('https://wa.me/?text=')).toBe(true);
    expect(link).not.toMatch(/[\s#]/);
    expect(new URL(link).searchParams.get('text')).toBe(hostile + ' ' + url);
    expect(decodeURIComponent(link.slice('https://wa.me/?text='.length))).toBe(hostile + ' ' + url);
    expect([...new URL(link).searchParams.keys()]).toEqual(['text']);
  });

  it('builds the Facebook link with the URL only', () => {
    const tricky = 'https://www.dataclarity.de/blog/a/?x=1&y=2#top';
    const link = facebookShareUrl(tricky);
    expect(link.startsWith('https://www.facebook.com/sharer/sharer.php?u=')).toBe(true);
    expect(new URL(link).searchParams.get('u')).toBe(tricky);
    expect([...new URL(link).searchParams.keys()]).toEqual(['u']);
    expect(new URL(link).hash).toBe('');
  });

  it('builds the LinkedIn link with the URL only', () => {
    const tricky = 'https://www.dataclarity.de/blog/a/?q=a+b&c=d';
    const link = linkedinShareUrl(tricky);
    expect(link.startsWith('https://www.linkedin.com/sharing/share-offsite/?url=')).toBe(true);
    expect(new URL(link).searchParams.get('url')).toBe(tricky);
    expect([...new URL(link).searchParams.keys()]).toEqual(['url']);
  });
});

describe('readTimeMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
  it('rounds up at 220 words per minute, at least 1', () => {
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes(words(220))).toBe(1);
    expect(readTimeMinutes(words(221))).toBe(2);
    expect(readTimeMinutes(words(1100))).toBe(5);
  });
  it('ignores tags and punctuation-only tokens', () => {
    expect(readTimeMinutes(`<p>${words(220)}</p> <hr> - | ## ---`)).toBe(1);
    expect(readTimeMinutes(`<p>${words(220)}</p><p>one</p>`)).toBe(2);
  });
});

describe('validatePost', () => {
  const good = {
    id: 7,
    slug: 'kpi-guide',
    title: '  Choosing KPIs  ',
    author: 'Daniel Köhler',
    date: '2025-01-28',
    category: 'Business',
    tags: ['kpis', ' strategy ', 'kpis'],
    image_url: '/assets/images/blog/kpi-guide.svg',
    read_time_minutes: 6,
    summary: 'A workshop format.',
    content: '<p>Text</p>',
    seo: { metaTitle: 'KPIs', metaDescription: 'How to choose KPIs.', ogImage: '/og.png' },
    canonical_url: 'https://partner.example/blog/kpi-guide/',
    extra: 'dropped',
  };

  it('accepts a complete post and returns a clean copy', () => {
    const result = validatePost(good);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.post.title).toBe('Choosing KPIs');
    expect(result.post.tags).toEqual(['kpis', 'strategy']);
    expect(result.post.seo).toEqual(good.seo);
    expect('extra' in result.post).toBe(false);
  });

  it('fills the optional fields with defaults', () => {
    const { date, tags, image_url, read_time_minutes, seo, ...minimal } = good;
    void [date, tags, image_url, read_time_minutes, seo];
    const result = validatePost({ ...minimal, id: 'p-7', content: `<p>${'word '.repeat(500)}</p>` });
    expect(result).toEqual({
      ok: true,
      post: expect.objectContaining({
        id: 'p-7',
        date: '',
        tags: [],
        image_url: '',
        read_time_minutes: 3,
        seo: { metaTitle: 'Choosing KPIs', metaDescription: 'A workshop format.', ogImage: '' },
      }),
    });
  });

  it('takes a given read time as given (rounded, at least 1), whatever the content', () => {
    const long = `<p>${'word '.repeat(5000)}</p>`;
    for (const [given, minutes] of [[2, 2], [1.4, 1], [0.4, 1], [2.5, 3]] as const) {
      const result = validatePost({ ...good, content: long, read_time_minutes: given });
      expect(result.ok && result.post.read_time_minutes).toBe(minutes);
    }
  });

  it.each([null, undefined, 'post', 42, [good]])('rejects a non-object entry (%j)', (raw) => {
    expect(validatePost(raw)).toEqual({ ok: false, problems: ['the entry is not an object'] });
  });

  it('names every missing required field', () => {
    const result = validatePost({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const field of ['id', 'slug', 'title', 'author', 'category', 'summary', 'content', 'canonical_url']) {
      expect(result.problems).toContain(`"${field}" is missing`);
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['id object', { id: { n: 1 } }, '"id" must be a number or non-empty text'],
    ['id NaN', { id: Number.NaN }, '"id" must be a number or non-empty text'],
    ['id blank', { id: '  ' }, '"id" must be a number or non-empty text'],
    ['title number', { title: 12 }, '"title" must be text'],
    ['title blank', { title: '   ' }, '"title" is empty'],
    ['tags string', { tags: 'kpis' }, '"tags" must be a list of text'],
    ['tags mixed', { tags: ['kpis', 3] }, '"tags" must be a list of text'],
    ['date number', { date: 20250128 }, '"date" must be text'],
    ['read time zero', { read_time_minutes: 0 }, '"read_time_minutes" must be a positive number'],
    ['read time text', { read_time_minutes: '6' }, '"read_time_minutes" must be a positive number'],
    ['image javascript', { image_url: 'javascript:alert(1)' }, '"image_url" must be an http(s) or relative URL'],
    ['image data', { image_url: 'data:image/png;base64,AAAA' }, '"image_url" must be an http(s) or relative URL'],
    ['canonical relative', { canonical_url: '/blog/kpi-guide/' }, '"canonical_url" must be an absolute http(s) URL'],
    ['canonical javascript', { canonical_url: 'javascript:alert(1)' }, '"canonical_url" must be an absolute http(s) URL'],
    ['seo string', { seo: 'KPIs' }, '"seo" must be an object'],
    ['seo field', { seo: { metaTitle: 5 } }, '"seo.metaTitle" must be text'],
    ['content object', { content: { html: '' } }, '"content" must be text'],
  ])('reports a broken field: %s', (_name, patch, problem) => {
    const result = validatePost({ ...good, ...patch });
    expect(result).toEqual({ ok: false, problems: [problem] });
  });

  it('does not throw on hostile values', () => {
    const hostile = Object.create(null) as Record<string, unknown>;
    hostile.id = Symbol('x');
    hostile.tags = [Symbol('y')];
    expect(() => validatePost(hostile)).not.toThrow();
    expect(validatePost(hostile).ok).toBe(false);
  });
});

describe('validateFeed', () => {
  const entry = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    author: 'Jonas Brandt',
    category: 'Engineering',
    summary: 'Summary.',
    content: '<p>Body</p>',
    canonical_url: `https://partner.example/blog/post-${id}/`,
    ...extra,
  });

  it('keeps good entries and explains the broken ones', () => {
    const result = validateFeed([entry(1), entry(2, { title: null }), { slug: 'x' }, entry(1), entry(3)]);
    expect(result.posts.map((p) => p.id)).toEqual([1, 3]);
    expect(result.problems).toEqual([
      'Post 2 (slug "post-2"): "title" is missing',
      expect.stringMatching(/^Post 3 \(slug "x"\): "id" is missing; /),
      'Post 4 (slug "post-1"): duplicate id "1", skipped',
    ]);
  });

  it('accepts { posts: [...] }', () => {
    expect(validateFeed({ posts: [entry(5)] }).posts).toHaveLength(1);
  });

  it.each([null, 'posts', { items: [] }, 3])('explains a feed that is not a list (%j)', (raw) => {
    const result = validateFeed(raw);
    expect(result.posts).toEqual([]);
    expect(result.problems[0]).toMatch(/not a list of posts/);
  });
});
