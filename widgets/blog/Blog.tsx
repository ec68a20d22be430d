import { useEffect, useMemo, useRef, useState } from 'react';
import {
  BLOG_LABELS,
  BLOG_TEXT,
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
  samePostId,
  sideList,
  sortPosts,
  tagOptions,
  toggleSelected,
  validateFeed,
  whatsappShareUrl,
  yearOptions,
  type BlogFilter,
  type BlogPost,
} from '../lib/blog';
import { INTERVALS } from '../../shared/constants';
import { createCopyMarker } from '../lib/copyMarker';
import { emit, hostOf, type ElementProps } from '../lib/defineElement';
import { formatShortDate } from '../lib/format';
import { sanitizeHtml, shiftHeadings } from '../lib/sanitizeHtml';

export interface BlogProps extends ElementProps {
  /** URL of the posts JSON (default: the DataClarity site's /data/blog.json). */
  src?: string;
  /** Level of the hero heading, 1-5 (default 2); the article headings follow below it. */
  headingLevel?: string;
  /** Hero tagline (default: the feed's `tagline`). */
  tagline?: string;
  /** A short line above the hero title (default: none). */
  eyebrow?: string;
}

/** The site's own feed, on the origin this script was loaded from. */
export const DEFAULT_SRC = new URL('/data/blog.json', import.meta.url).href;

/** Event names (all bubble and are composed). */
export const BLOG_EVENTS = {
  load: 'dc-blog-load',
  error: 'dc-blog-error',
  filter: 'dc-blog-filter-change',
  select: 'dc-blog-select',
  copy: 'dc-blog-copy',
} as const;

type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'loaded'; posts: BlogPost[]; tagline: string; base: string };

type Heading = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
const heading = (level: number) => `h${Math.min(6, Math.max(1, level))}` as Heading;

/** Whether the page URL should mirror the filters: attribute url-sync present and not "false". */
const wantsUrlSync = (host: HTMLElement | null) =>
  !!host && host.hasAttribute('url-sync') && host.getAttribute('url-sync') !== 'false';

/** A feed URL (image_url) resolved against the feed's own URL; '' stays ''. */
function resolveUrl(value: string, base: string): string {
  if (value === '') return '';
  try {
    return new URL(value, base).href;
  } catch {
    return '';
  }
}

/** The page URL with this widget's filter keys replaced by `filter` (other parameters kept). */
function urlWithFilter(filter: BlogFilter): string {
  const url = new URL(window.location.href);
  for (const key of Object.values(FILTER_QUERY_KEYS)) url.searchParams.delete(key);
  new URLSearchParams(filterToQuery(filter)).forEach((value, key) => url.searchParams.append(key, value));
  return url.href;
}

/** Fetches and checks a feed; throws an Error whose message names the failure kind (SPEC 8). */
async function loadFeed(url: string, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'application/json' }, credentials: 'omit' });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(`FETCH_ERROR: ${String(error)}`, { cause: error });
  }
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new Error(`PARSING_ERROR: ${url} is not JSON`);
  }
  const { posts, problems } = validateFeed(raw);
  for (const problem of problems) console.warn(`<dc-blog> ${url}: ${problem}`);
  if (posts.length === 0 && problems.length > 0) throw new Error(`PARSING_ERROR: ${url} holds no usable post`);
  const tagline = raw && typeof raw === 'object' && typeof (raw as { tagline?: unknown }).tagline === 'string' ? (raw as { tagline: string }).tagline : '';
  return { posts: sortPosts(posts), tagline };
}

/** [network, label, share URL, icon path] of the share bar (SPEC 2.15, 7). */
const shareLinks = (post: BlogPost): [string, string, string, string][] => [
  ['whatsapp', 'WhatsApp', whatsappShareUrl(post.title, post.canonical_url), 'M3.5 20.5 5 16a8.5 8.5 0 1 1 3 3ZM9 9.5c0 3 2.5 5.5 5.5 5.5l1.2-1.3-1.9-1-1 .8a4 4 0 0 1-2.3-2.3l.8-1-1-1.9Z'],
  ['facebook', 'Facebook', facebookShareUrl(post.canonical_url), 'M14.5 8H17V4.5h-2.5A4 4 0 0 0 10.5 8.5V11H8v3.5h2.5V21H14v-6.5h2.6L17 11h-3V9a1 1 0 0 1 1-1Z'],
  ['linkedin', 'LinkedIn', linkedinShareUrl(post.canonical_url), 'M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3ZM7.5 10.5V17M7.5 7.2v.1M11 17v-6.5M11 13.5a2.7 2.7 0 0 1 5.5 0V17'],
];

const Icon = ({ d }: { d: string }) => (
  <svg className="blog-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

/** Tags as toggle buttons: pressed while the tag is the filter; a click sets or clears it. */
function TagButtons({ tags, selected, onToggle, label }: { tags: readonly string[]; selected: string; onToggle: (tag: string) => void; label?: string }) {
  return (
    <ul className="blog-tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <button type="button" className="blog-tag" aria-pressed={selected === tag} onClick={() => onToggle(tag)}>
            #{tag}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Media({ post, base, className, eager }: { post: BlogPost; base: string; className: string; eager?: boolean }) {
  const src = resolveUrl(post.image_url, base);
  return (
    <div className={`blog-media ${className}`}>
      {src ? (
        <img src={src} alt="" width={1200} height={630} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      ) : (
        <div className="blog-placeholder" aria-hidden="true">
          <svg viewBox="0 0 48 48" focusable="false">
            <rect x="8" y="26" width="7" height="14" rx="2" />
            <rect x="20.5" y="18" width="7" height="22" rx="2" />
            <rect x="33" y="9" width="7" height="31" rx="2" />
          </svg>
          <span>{post.category}</span>
        </div>
      )}
    </div>
  );
}

/**
 * <dc-blog>: the blog as a digital magazine (SPEC 2.15). Loads posts from `src` after the spec's
 * 500 ms delay, then offers search, category, tag and year filters (AND), a featured article with
 * sanitised content and a share bar, and the 'Other Articles' side list.
 */
/** One empty list while nothing is loaded, so the memos over the posts do not recompute on every render. */
const NO_POSTS: BlogPost[] = [];

export function Blog({ src, headingLevel, tagline, eyebrow, container }: BlogProps) {
  const host = hostOf(container);
  const level = Math.min(5, Math.max(1, Number.parseInt(headingLevel ?? '', 10) || 2));
  const sync = useMemo(() => wantsUrlSync(host), [host]);
  /** Server-rendered content inside the element: shown (slotted) until the posts are loaded. */
  const [hasFallback, setHasFallback] = useState(() => !!host && host.children.length > 0);

  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState<BlogFilter>(() =>
    sync ? filterFromQuery(window.location.search) : { ...EMPTY_FILTER },
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const marker = useMemo(() => createCopyMarker<string>(setCopiedId), []);
  const searchEntry = useRef(false);
  const featuredRef = useRef<HTMLElement>(null);

  const feedUrl = useMemo(() => {
    try {
      return new URL(src && src.trim() !== '' ? src.trim() : DEFAULT_SRC, document.baseURI).href;
    } catch {
      return null;
    }
  }, [src]);

  // Load: 'Loading blog posts...' for the spec's 500 ms, then the real fetch.
  useEffect(() => {
    setLoad({ state: 'loading' });
    const controller = new AbortController();
    const fail = (reason: string) => {
      if (controller.signal.aborted) return;
      console.warn(`<dc-blog> ${reason}`);
      setLoad({ state: 'error' });
      if (host) emit(host, BLOG_EVENTS.error, { src: src ?? DEFAULT_SRC, reason });
    };
    const timer = setTimeout(() => {
      if (feedUrl === null) return fail(`src "${src}" is not a valid URL`);
      loadFeed(feedUrl, controller.signal).then(
        ({ posts, tagline: feedTagline }) => {
          if (controller.signal.aborted) return;
          // The interactive view replaces the server-rendered copy, which is stale from now on.
          if (host && host.children.length > 0) host.replaceChildren();
          setHasFallback(false);
          setLoad({ state: 'loaded', posts, tagline: feedTagline, base: feedUrl });
          if (host) emit(host, BLOG_EVENTS.load, { src: feedUrl, count: posts.length });
        },
        (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
      );
    }, INTERVALS.blogLoadMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // host and src are only read for events and messages: the feed reloads when its URL or the attempt changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedUrl, attempt]);

  // Back/forward: the filters follow the URL.
  useEffect(() => {
    if (!sync) return undefined;
    const onPop = () => {
      searchEntry.current = false;
      setFilter(filterFromQuery(window.location.search));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [sync]);

  useEffect(() => () => marker.clear(), [marker]);

  /** Sets the filter; typing in the search box replaces its history entry instead of adding one per key. */
  const changeFilter = (next: BlogFilter, typing = false) => {
    setFilter(next);
    if (host) emit(host, BLOG_EVENTS.filter, { ...next });
    if (!sync) return;
    const url = urlWithFilter(next);
    if (url !== window.location.href) {
      if (typing && searchEntry.current) window.history.replaceState(window.history.state, '', url);
      else window.history.pushState(window.history.state, '', url);
    }
    searchEntry.current = typing;
  };

  const posts = load.state === 'loaded' ? load.posts : NO_POSTS;
  const base = load.state === 'loaded' ? load.base : '';
  const filtered = useMemo(() => filterPosts(posts, filter), [posts, filter]);
  const featured = featuredPost(filtered, selected);
  const side = sideList(filtered);
  const years = useMemo(() => {
    const list = yearOptions(posts);
    return filter.year !== '' && !list.includes(filter.year) ? [filter.year, ...list] : list;
  }, [posts, filter.year]);
  const tags = useMemo(() => {
    const list = tagOptions(posts);
    return filter.tag !== '' && !list.includes(filter.tag) ? [filter.tag, ...list] : list;
  }, [posts, filter.tag]);
  const contentHtml = useMemo(
    () => (featured ? shiftHeadings(sanitizeHtml(featured.content, { baseUrl: base }), level) : ''),
    [featured, base, level],
  );

  const H = heading(level);
  const H2 = heading(level + 1);
  const heroTagline = tagline && tagline.trim() !== '' ? tagline : load.state === 'loaded' ? load.tagline : '';

  const select = (post: BlogPost) => {
    const next = toggleSelected(selected, post.id);
    setSelected(next);
    if (host) emit(host, BLOG_EVENTS.select, { id: next === null ? null : post.id, slug: next === null ? null : post.slug });
    const article = featuredRef.current;
    if (next !== null && article && article.getBoundingClientRect().top < 0) {
      const smooth = window.matchMedia?.('(prefers-reduced-motion: no-preference)').matches;
      article.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    }
  };

  const copy = async (post: BlogPost) => {
    try {
      await navigator.clipboard.writeText(post.canonical_url);
      marker.mark(String(post.id));
      if (host) emit(host, BLOG_EVENTS.copy, { id: post.id, url: post.canonical_url });
    } catch (error) {
      // SPEC 8: a clipboard failure is logged only.
      console.error('<dc-blog> Could not copy the link to the clipboard.', error);
    }
  };

  const toggleTag = (tag: string) => changeFilter({ ...filter, tag: filter.tag === tag ? '' : tag });

  const hero = (
    <header className="blog-hero">
      <div className="blog-inner blog-hero-inner">
        {eyebrow && eyebrow.trim() !== '' ? <p className="blog-eyebrow">{eyebrow}</p> : null}
        <H className="blog-title">{BLOG_TEXT.heroTitle}</H>
        <p className="blog-subtitle">{BLOG_TEXT.heroSubtitle}</p>
        {heroTagline ? <p className="blog-tagline">{heroTagline}</p> : null}
        {load.state === 'loaded' && posts.length > 0 ? <p className="blog-masthead">{mastheadText(posts)}</p> : null}
      </div>
    </header>
  );

  if (load.state !== 'loaded') {
    const status =
      load.state === 'loading' ? (
        <div className={hasFallback ? 'blog-toast' : 'blog-status'} role="status" key="status">
          <span className="blog-spinner" aria-hidden="true" />
          {BLOG_TEXT.loading}
        </div>
      ) : (
        <div className={hasFallback ? 'blog-error blog-error-banner' : 'blog-error'} role="alert">
          <p>{BLOG_TEXT.loadError}</p>
          <button type="button" className="blog-btn blog-btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            {BLOG_TEXT.retry}
          </button>
        </div>
      );
    if (hasFallback) {
      // Keep showing the server-rendered magazine while loading (or after a failure). The keys
      // keep Preact from reusing the status box as the loaded view's main column, which the
      // browser would count as a layout shift of that box.
      return (
        <div className="blog" data-state={load.state}>
          {load.state === 'loading' ? status : <div className="blog-inner" key="status">{status}</div>}
          <slot key="fallback" />
        </div>
      );
    }
    return (
      <div className="blog" data-state={load.state}>
        {hero}
        <div className="blog-inner blog-main">
          {status}
        </div>
      </div>
    );
  }

  const active = hasActiveFilter(filter);
  const copied = featured !== null && copiedId === String(featured.id);

  return (
    <div className="blog" data-state="loaded">
      {hero}
      <div className="blog-inner blog-main">
        <div className="blog-filters" role="search" aria-label={BLOG_LABELS.filters}>
          <div className="blog-search">
            <Icon d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-3.5-3.5" />
            <label className="sr-only" htmlFor="blog-search">
              {BLOG_LABELS.search}
            </label>
            <input
              id="blog-search"
              className="blog-input"
              type="search"
              placeholder={BLOG_TEXT.searchPlaceholder}
              value={filter.search}
              autoComplete="off"
              onInput={(event) => changeFilter({ ...filter, search: (event.target as HTMLInputElement).value }, true)}
            />
          </div>
          <label className="sr-only" htmlFor="blog-category">
            {BLOG_LABELS.category}
          </label>
          <select
            id="blog-category"
            className="blog-input blog-select"
            value={filter.category}
            onChange={(event) => changeFilter({ ...filter, category: (event.target).value })}
          >
            {CATEGORY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="blog-year">
            {BLOG_LABELS.year}
          </label>
          <select
            id="blog-year"
            className="blog-input blog-select"
            value={filter.year}
            onChange={(event) => changeFilter({ ...filter, year: (event.target).value })}
          >
            <option value="">{BLOG_LABELS.allYears}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
          {active ? (
            <button type="button" className="blog-btn blog-btn-ghost blog-clear" onClick={() => changeFilter({ ...EMPTY_FILTER })}>
              <Icon d="M18 6 6 18M6 6l12 12" />
              {BLOG_TEXT.clear}
            </button>
          ) : null}
        </div>
        {tags.length > 0 ? (
          <div className="blog-topics" role="group" aria-label={BLOG_LABELS.tagGroup}>
            <span className="blog-topics-label" aria-hidden="true">
              {BLOG_LABELS.topics}
            </span>
            <TagButtons tags={tags} selected={filter.tag} onToggle={toggleTag} />
          </div>
        ) : null}
        <p className="blog-count" role="status">
          {active ? `${filtered.length} of ${posts.length} articles match your filters` : articleCount(posts.length)}
        </p>

        {featured === null ? (
          <div className="blog-empty">
            <H2 className="blog-empty-title">{BLOG_TEXT.emptyTitle}</H2>
            <p>{BLOG_TEXT.emptyHint}</p>
          </div>
        ) : (
          <div className="blog-layout">
            <article className="blog-featured" ref={featuredRef} aria-labelledby="blog-featured-title" id="blog-featured">
              <Media post={featured} base={base} className="blog-featured-media" eager />
              <div className="blog-featured-body">
                <div className="blog-meta">
                  <button
                    type="button"
                    className="blog-badge"
                    aria-pressed={filter.category === featured.category}
                    onClick={() =>
                      changeFilter({ ...filter, category: filter.category === featured.category ? '' : featured.category })
                    }
                  >
                    <span className="sr-only">Category: </span>
                    {featured.category}
                  </button>
                  <span className="blog-read">
                    <Icon d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v5l3 2" />
                    {featured.read_time_minutes} min read
                  </span>
                </div>
                <H2 className="blog-featured-title" id="blog-featured-title">
                  <a href={featured.canonical_url}>{featured.title}</a>
                </H2>
                <p className="blog-byline">
                  By <span className="blog-author">{featured.author}</span>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={featured.date}>{formatShortDate(featured.date)}</time>
                </p>
                {featured.tags.length > 0 ? (
                  <TagButtons tags={featured.tags} selected={filter.tag} onToggle={toggleTag} label="Tags" />
                ) : null}
                <p className="blog-summary">{featured.summary}</p>
                <div className="blog-share" role="group" aria-label="Share this article">
                  <span className="blog-share-label" aria-hidden="true">
                    Share
                  </span>
                  {shareLinks(featured).map(([network, label, href, icon]) => (
                    <a key={network} className="blog-share-btn" data-network={network} href={href} target="_blank" rel="noopener noreferrer">
                      <Icon d={icon} />
                      {label}
                      <span className="sr-only"> (opens in a new window)</span>
                    </a>
                  ))}
                  <button
                    type="button"
                    className="blog-share-btn blog-copy"
                    data-copied={copied ? 'true' : undefined}
                    onClick={() => void copy(featured)}
                  >
                    {copied ? (
                      BLOG_TEXT.copied
                    ) : (
                      <>
                        <Icon d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
                        Copy link
                      </>
                    )}
                  </button>
                  <span className="sr-only" role="status">
                    {copied ? 'Link copied to the clipboard' : ''}
                  </span>
                </div>
                <div className="blog-content" dangerouslySetInnerHTML={{ __html: contentHtml }} />
              </div>
            </article>
            <aside className="blog-side" aria-labelledby="blog-side-title">
              <H2 className="blog-side-title" id="blog-side-title">
                {BLOG_TEXT.sideListTitle}
              </H2>
              <ol className="blog-side-list">
                {side.map((post) => {
                  const isSelected = selected !== null && samePostId(post.id, selected);
                  return (
                    <li key={String(post.id)}>
                      <button
                        type="button"
                        className="blog-side-item"
                        aria-pressed={isSelected}
                        aria-controls="blog-featured"
                        data-featured={samePostId(post.id, featured.id) ? 'true' : undefined}
                        onClick={() => select(post)}
                      >
                        <Media post={post} base={base} className="blog-side-media" />
                        <span className="blog-side-text">
                          <span className="blog-side-category">{post.category}</span>
                          <span className="blog-side-name">{post.title}</span>
                          <span className="blog-side-info">
                            <time dateTime={post.date}>{formatShortDate(post.date)}</time> · {post.read_time_minutes} min read
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </aside>
          </div>
        )}
      </div>
    </div>
  );
}
