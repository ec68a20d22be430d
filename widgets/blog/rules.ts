/**
 * Blog rules (SPEC 2.15, 3 "Blog post" / "Blog filter", 4, 5 "Blog filters", 7 "Share links", 9).
 * Pure functions: sorting, filtering, selection, URL query round-trip, share links, and the
 * check of a post that arrives from an untrusted JSON feed. No DOM, no framework.
 */
import { LIMITS } from '../../shared/constants';
import { httpUrl } from '../../shared/httpUrl';
import { feedEntries } from '../lib/feedPosts';
import { toggleSingle } from '../lib/disclosure';
import { formatShortDate, yearOf } from '../lib/format';
import { isAllowedUrl } from './safeUrl';

/** A post id: the site's feed uses numbers, a partner feed may use short strings. */
export type BlogPostId = number | string;

/** Search-engine fields of a post. */
export interface BlogSeo {
  /** At most 60 characters on the site's own posts. */
  metaTitle: string;
  /** 120-160 characters on the site's own posts. */
  metaDescription: string;
  /** Absolute or site-relative image URL for social cards. */
  ogImage: string;
}

/** One blog post as the widget receives it (SPEC 3). */
export interface BlogPost {
  id: BlogPostId;
  /** kebab-case; the file name of the Markdown source on the site. */
  slug: string;
  title: string;
  author: string;
  /** 'YYYY-MM-DD' (or ISO timestamp). An unreadable date shows 'Date not available' and sorts last. */
  date: string;
  category: string;
  tags: string[];
  /** '' when the post has no image: the widget shows a placeholder. */
  image_url: string;
  read_time_minutes: number;
  summary: string;
  /** The article body as HTML (rendered from Markdown by the build; sanitize before display). */
  content: string;
  seo: BlogSeo;
  canonical_url: string;
}

/** The filter bar's state (SPEC 3 "Blog filter"): '' means "no filter" for each field. */
export interface BlogFilter {
  search: string;
  category: string;
  tag: string;
  year: string;
}

/** No filter set. Frozen: spread it to start a new filter. */
export const EMPTY_FILTER: Readonly<BlogFilter> = Object.freeze({
  search: '',
  category: '',
  tag: '',
  year: '',
});

/** The categories the filter offers (SPEC 2.15), without the "all" entry. */
export const BLOG_CATEGORIES = ['Analytics', 'Engineering', 'Business', 'Marketing', 'Client Success'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** One entry of the category dropdown. */
export interface CategoryOption {
  value: '' | BlogCategory;
  label: string;
}

/** Category dropdown entries, in order: 'All Categories' (value '') then the five categories. */
export const CATEGORY_OPTIONS: readonly Readonly<CategoryOption>[] = [
  { value: '', label: 'All Categories' },
  ...BLOG_CATEGORIES.map((category) => ({ value: category, label: category })),
];

/** Reading speed used for read_time_minutes. */
export const WORDS_PER_MINUTE = 220;

/** Every fixed text of the blog screen that the SPEC gives (exact strings). */
export const BLOG_TEXT = {
  heroTitle: 'BLOG',
  heroSubtitle: 'Digital Magazine Experience',
  loading: 'Loading blog posts...',
  loadError: 'Failed to load blog posts. Please try again.',
  retry: 'Retry',
  searchPlaceholder: 'Search articles...',
  allCategories: 'All Categories',
  clear: 'Clear',
  emptyTitle: 'No posts found',
  emptyHint: 'Try adjusting your filters to see more results.',
  sideListTitle: 'Other Articles',
  copied: '✓ Copied!',
} as const;

/** Labels of the filter bar that the SPEC leaves open; the page's static copy uses them too. */
export const BLOG_LABELS = {
  filters: 'Filter articles',
  search: 'Search articles',
  category: 'Category',
  year: 'Year',
  allYears: 'All Years',
  topics: 'Topics',
  tagGroup: 'Filter by tag',
} as const;

/** '1 article', '6 articles'. */
export function articleCount(count: number): string {
  return `${count} ${count === 1 ? 'article' : 'articles'}`;
}

/** The hero's masthead line for posts sorted newest first: '6 articles · Latest Jun 17, 2025'; '' without posts. */
export function mastheadText(posts: readonly { date: string }[]): string {
  return posts.length > 0 ? `${articleCount(posts.length)} · Latest ${formatShortDate(posts[0]?.date)}` : '';
}

/** Newest first (posts with an unreadable date last), and the years of the posts: shared with the press list. */
export { sortNewestFirst as sortPosts, yearOptions } from '../lib/dateOrder';

type Filterable = Pick<BlogPost, 'title' | 'summary' | 'tags' | 'category' | 'date'>;

/**
 * The posts matching every set field of the filter (AND), in input order (SPEC 5):
 * - search (trimmed): case-insensitive substring of the title, the summary or any tag;
 * - category: exact match;
 * - tag: exactly one of the post's tags;
 * - year: equals the (UTC) year of the post's date; a post without a readable date never matches.
 */
export function filterPosts<T extends Filterable>(posts: readonly T[], filter: BlogFilter): T[] {
  const needle = filter.search.trim().toLowerCase();
  const year = filter.year.trim();
  return posts.filter((post) => {
    if (needle !== '') {
      const hit =
        post.title.toLowerCase().includes(needle) ||
        post.summary.toLowerCase().includes(needle) ||
        post.tags.some((tag) => tag.toLowerCase().includes(needle));
      if (!hit) return false;
    }
    if (filter.category !== '' && post.category !== filter.category) return false;
    if (filter.tag !== '' && !post.tags.includes(filter.tag)) return false;
    if (year !== '') {
      const postYear = yearOf(post.date);
      if (postYear === null || String(postYear) !== year) return false;
    }
    return true;
  });
}

/**
 * Whether any filter field holds text: the Clear button shows exactly then.
 * A search of only spaces counts (the box shows it, so Clear must be offered).
 */
export function hasActiveFilter(filter: BlogFilter): boolean {
  return Object.values(filter).some((value) => value !== '');
}

/**
 * The distinct tags of the posts, alphabetically (for tag chips). One collator for the whole sort
 * (the order of localeCompare(b, 'en')): localeCompare with a locale sets one up per comparison,
 * which cost /blog's waking element about 45 ms at 4x CPU slowdown (issue 34).
 */
export function tagOptions(posts: readonly { tags: readonly string[] }[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort(new Intl.Collator('en').compare);
}

/** The side list 'Other Articles': the first 10 of the filtered posts (LIMITS.blogSideListMax). */
export function sideList<T>(posts: readonly T[]): T[] {
  return posts.slice(0, LIMITS.blogSideListMax);
}

/**
 * Whether two ids name the same post. Compared as text, so a feed's 7 and a URL's '7' match.
 */
export function samePostId(a: BlogPostId, b: BlogPostId): boolean {
  return String(a) === String(b);
}

/**
 * The featured article: the selected post when it is in the filtered list, otherwise the first
 * filtered post; null when the list is empty.
 */
export function featuredPost<T extends { id: BlogPostId }>(
  filtered: readonly T[],
  selectedId: BlogPostId | null,
): T | null {
  if (selectedId !== null) {
    const selected = filtered.find((post) => samePostId(post.id, selectedId));
    if (selected) return selected;
  }
  return filtered[0] ?? null;
}

/**
 * Selection after a click in the side list: clicking another post selects it, clicking the
 * selected one again deselects it (null = "show the first filtered post").
 * Ids are kept in their text form (see samePostId).
 */
export function toggleSelected(selectedId: BlogPostId | null, clickedId: BlogPostId): string | null {
  return toggleSingle(selectedId === null ? null : String(selectedId), String(clickedId));
}

/** URL query keys of the filter fields. */
export const FILTER_QUERY_KEYS: Readonly<Record<keyof BlogFilter, string>> = {
  search: 'q',
  category: 'category',
  tag: 'tag',
  year: 'year',
};

const FILTER_FIELDS = ['search', 'category', 'tag', 'year'] as const;

/**
 * The filter as a URL query string without the leading '?', holding only the fields that are set,
 * e.g. 'q=power+bi&year=2025'. '' when no filter is set.
 */
export function filterToQuery(filter: BlogFilter): string {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    if (filter[field] !== '') params.set(FILTER_QUERY_KEYS[field], filter[field]);
  }
  return params.toString();
}

/**
 * Reads a filter from a URL query (URLSearchParams, a string with or without '?', or a record of its keys).
 * Missing keys give ''. Values that the filter bar could not show are dropped: a category that is
 * not one of CATEGORY_OPTIONS, a year that is not four digits. Unknown keys are ignored.
 * filterFromQuery(filterToQuery(f)) equals f for every filter the bar can produce.
 */
export function filterFromQuery(query: URLSearchParams | string | Record<string, string>): BlogFilter {
  const params = new URLSearchParams(query);
  const read = (field: keyof BlogFilter) => params.get(FILTER_QUERY_KEYS[field]) ?? '';
  const category = read('category');
  const year = read('year');
  return {
    search: read('search'),
    category: CATEGORY_OPTIONS.some((option) => option.value === category) ? category : '',
    tag: read('tag'),
    year: /^\d{4}$/.test(year) ? year : '',
  };
}

/**
 * The filter the magazine starts on: the page address's (`query`: with `url-sync`; '' without)
 * and, when that sets no category, the `category` attribute's, if the filter offers it (any other
 * value is ignored with a console warning: the magazine shows all categories).
 */
export function startFilter(query: string, category?: string): BlogFilter {
  const filter = filterFromQuery(query);
  if (!filter.category && category) {
    filter.category = filterFromQuery({ category }).category;
    if (!filter.category) console.warn(`<dc-blog> unknown category "${category}"`);
  }
  return filter;
}

/** WhatsApp share link: the title, a space and the URL as the message text. */
export function whatsappShareUrl(title: string, url: string): string {
  return 'https://wa.me/?text=' + encodeURIComponent(title + ' ' + url);
}

/** Facebook share link for a URL. */
export function facebookShareUrl(url: string): string {
  return 'https://www.facebook.com/sharer/sharer.php?u=' + encodeURIComponent(url);
}

/** LinkedIn share link for a URL. */
export function linkedinShareUrl(url: string): string {
  return 'https://www.linkedin.com/sharing/share-offsite/?url=' + encodeURIComponent(url);
}

/**
 * Reading time in whole minutes at WORDS_PER_MINUTE, at least 1.
 * Accepts Markdown or HTML: tags are ignored, and only tokens with a letter or digit count as words.
 */
export function readTimeMinutes(text: string): number {
  const words = text
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** Outcome of validatePost. */
export type PostValidation = { ok: true; post: BlogPost } | { ok: false; problems: string[] };

/** Outcome of validateFeed: the usable posts, and one readable line per rejected entry. */
export interface FeedValidation {
  posts: BlogPost[];
  problems: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks one post from an untrusted JSON feed (a partner's `src`).
 * Required: id (finite number or non-empty text), slug, title, author, category, summary, content,
 * canonical_url (absolute http(s) URL). Optional, with defaults: date (''), tags ([]), image_url
 * (''; http(s) or relative only), read_time_minutes (computed from content), seo (from title,
 * summary and image_url). Text fields are trimmed (content is kept as is); unknown fields are dropped.
 * @returns the clean post, or the list of problems (each names the field)
 */
export function validatePost(raw: unknown): PostValidation {
  if (!isRecord(raw)) return { ok: false, problems: ['the entry is not an object'] };
  const problems: string[] = [];
  /** One problem, naming the field: '"title" is missing'. */
  const problem = (field: string, text: string) => problems.push(`"${field}" ${text}`);
  const notText = 'must be text';
  /** Missing: undefined or null. */
  const absent = (value: unknown): value is null | undefined => value === undefined || value === null;

  /** A text field, trimmed unless `trim` is false; '' when missing (a problem when required) or not text. */
  const text = (field: string, required = true, trim = true): string => {
    const value = raw[field];
    if (absent(value)) {
      if (required) problem(field, 'is missing');
      return '';
    }
    if (typeof value !== 'string') {
      problem(field, notText);
      return '';
    }
    if (required && value.trim() === '') problem(field, 'is empty');
    return trim ? value.trim() : value;
  };
  /** An optional image URL: http(s) or relative only (the sanitizer's rule for images). */
  const imageUrl = (field: string, value: string) => {
    if (value !== '' && !isAllowedUrl(value, ['http', 'https'])) problem(field, 'must be an http(s) or relative URL');
  };

  const rawId = raw.id;
  const id: BlogPostId =
    typeof rawId === 'number' && Number.isFinite(rawId) ? rawId : typeof rawId === 'string' ? rawId.trim() : '';
  if (id === '') problem('id', absent(rawId) ? 'is missing' : 'must be a number or non-empty text');

  const slug = text('slug');
  const title = text('title');
  const author = text('author');
  const category = text('category');
  const summary = text('summary');
  const content = text('content', true, false);

  const canonical_url = text('canonical_url');
  if (canonical_url !== '' && !httpUrl(canonical_url)) problem('canonical_url', 'must be an absolute http(s) URL');

  const date = text('date', false);

  let tags: string[] = [];
  const rawTags = raw.tags;
  if (!absent(rawTags)) {
    if (Array.isArray(rawTags) && rawTags.every((tag) => typeof tag === 'string')) {
      tags = [...new Set(rawTags.map((tag: string) => tag.trim()).filter((tag) => tag !== ''))];
    } else {
      problem('tags', 'must be a list of text');
    }
  }

  const image_url = text('image_url', false);
  imageUrl('image_url', image_url);

  // Counted from the content only when the feed does not give it (counting is the costliest check).
  let read_time_minutes = 0;
  const rawReadTime = raw.read_time_minutes;
  if (absent(rawReadTime)) {
    read_time_minutes = readTimeMinutes(content);
  } else if (typeof rawReadTime === 'number' && Number.isFinite(rawReadTime) && rawReadTime > 0) {
    read_time_minutes = Math.max(1, Math.round(rawReadTime));
  } else {
    problem('read_time_minutes', 'must be a positive number');
  }

  const seo: BlogSeo = { metaTitle: title, metaDescription: summary, ogImage: image_url };
  const rawSeo = raw.seo;
  if (!absent(rawSeo)) {
    if (!isRecord(rawSeo)) {
      problem('seo', 'must be an object');
    } else {
      for (const key of ['metaTitle', 'metaDescription', 'ogImage'] as const) {
        const value = rawSeo[key];
        if (absent(value)) continue;
        if (typeof value !== 'string') problem(`seo.${key}`, notText);
        else if (value.trim() !== '') seo[key] = value.trim();
      }
      imageUrl('seo.ogImage', seo.ogImage);
    }
  }

  return problems.length > 0
    ? { ok: false, problems }
    : {
        ok: true,
        post: { id, slug, title, author, date, category, tags, image_url, read_time_minutes, summary, content, seo, canonical_url },
      };
}

/**
 * Checks a whole feed: a JSON array of posts, or an object with a `posts` array.
 * Valid entries are kept (a broken entry does not hide the others); a later entry with an id
 * already seen is skipped. Each rejected entry gives one line such as
 * 'Post 3 (slug "kpi-guide"): "title" is missing; "tags" must be a list of text'.
 */
export function validateFeed(raw: unknown): FeedValidation {
  const list = feedEntries(raw);
  if (list === null) {
    return { posts: [], problems: ['The blog feed is not a list of posts (expected a JSON array or { "posts": [...] }).'] };
  }
  const posts: BlogPost[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((entry: unknown, index: number) => {
    const slug = isRecord(entry) && typeof entry.slug === 'string' && entry.slug.trim() !== '' ? entry.slug.trim() : null;
    const name = `Post ${index + 1}${slug ? ` (slug "${slug}")` : ''}`;
    const result = validatePost(entry);
    if (!result.ok) {
      problems.push(`${name}: ${result.problems.join('; ')}`);
      return;
    }
    const key = String(result.post.id);
    if (seen.has(key)) {
      problems.push(`${name}: duplicate id "${key}", skipped`);
      return;
    }
    seen.add(key);
    posts.push(result.post);
  });
  return { posts, problems };
}
