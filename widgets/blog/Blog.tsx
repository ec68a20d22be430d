import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import {
  BLOG_TEXT,
  articleCount,
  mastheadText,
  FILTER_QUERY_KEYS,
  featuredPost,
  filterFromQuery,
  filterPosts,
  startFilter,
  hasActiveFilter,
  samePostId,
  sideList,
  tagOptions,
  toggleSelected,
  yearOptions,
  type BlogFilter,
  type BlogPost,
} from './rules';
import { INTERVALS } from '../../shared/constants';
import { createCopyMarker } from '../lib/copyMarker';
import { emit, hostOf, type ElementProps } from '../lib/defineElement';
import { imageAllowed, parseImageHosts } from '../lib/imageHosts';
import { sanitizeHtml, shiftHeadings } from './sanitizeHtml';
import { Featured } from './Featured';
import { FilterBar } from './FilterBar';
import { Hero, type Heading } from './Hero';
import { loadFeed } from './loadFeed';
import { nextTask } from './nextTask';
import { PostCard } from './PostCard';
import type { Adoption } from './adoption';
import type { DcBlogAttributes } from './attributes';

/** The attributes of <dc-blog> (attributes.ts, written from api.json) and r2wc's container. */
export type BlogProps = ElementProps & DcBlogAttributes;

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
  | { state: 'loaded'; posts: BlogPost[]; tagline: string; base: string; shown: boolean };

/** The heading element of a level (1-6). */
const heading = (level: number) => `h${level}` as Heading;

/** Whether the page URL should mirror the filters: attribute url-sync present and not "false". */
const wantsUrlSync = (host: HTMLElement | null) =>
  !!host && host.hasAttribute('url-sync') && host.getAttribute('url-sync') !== 'false';

/** The page URL with this widget's filter keys replaced by `filter` (other parameters kept; the set ones last, in the order of filterToQuery). */
function urlWithFilter(filter: BlogFilter): string {
  const url = new URL(location.href);
  for (const [field, key] of Object.entries(FILTER_QUERY_KEYS) as [keyof BlogFilter, string][]) {
    url.searchParams.delete(key);
    if (filter[field] !== '') url.searchParams.append(key, filter[field]);
  }
  return url.href;
}

/** The options of a select or chip row, led by the current value when the posts do not offer it (a linked filter). */
const withCurrent = (list: string[], value: string) => (value !== '' && !list.includes(value) ? [value, ...list] : list);

/** One empty list while nothing is loaded, so the memos over the posts do not recompute on every render. */
const NO_POSTS: BlogPost[] = [];

/**
 * <dc-blog>: the blog as a digital magazine (SPEC 2.15). Loads posts from `src` after the spec's
 * 500 ms delay, then offers search, category, tag and year filters (AND), a featured article with
 * sanitised content and a share bar, and the 'Other Articles' side list. Images load only from
 * the hosts of `image-hosts` (default: the feed's own origin).
 *
 * On the site's /blog (attribute `served`, issue 34) the page served the magazine in the element's
 * light DOM as this component renders it unfiltered: the element adopts those nodes (adoption.ts,
 * loaded then) instead of building the magazine again in its shadow root, which only slots it in.
 * Nothing is laid out twice; what the visitor set in the served filter bar applies right after.
 */
export function Blog({ src, headingLevel, tagline, eyebrow, imageHosts, category, container }: BlogProps) {
  const host = hostOf(container);
  /** Dispatches one of BLOG_EVENTS on the element. */
  const fire = (type: string, detail: unknown) => host && emit(host, type, detail);
  const level = Math.min(5, Math.max(1, Number.parseInt(headingLevel ?? '', 10) || 2));
  const sync = useMemo(() => wantsUrlSync(host), [host]);
  /** Server-rendered content inside the element: shown (slotted) until the posts are loaded. */
  const [hasFallback, setHasFallback] = useState(() => !!host && host.children.length > 0);
  /** The adoption of the magazine the page served (attribute `served`), once its code is there. */
  const adoption = useRef<Adoption | undefined>(undefined);

  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState<BlogFilter>(() => startFilter(sync ? location.search : '', category));
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
  const images = useMemo(() => parseImageHosts(imageHosts, feedUrl), [imageHosts, feedUrl]);
  useEffect(() => images.warnings.forEach((warning) => console.warn(warning)), [images]);

  // Load: 'Loading blog posts...' for the spec's 500 ms, then the real fetch.
  useEffect(() => {
    setLoad({ state: 'loading' });
    const controller = new AbortController();
    const fail = (reason: string) => {
      if (controller.signal.aborted) return;
      console.warn(`<dc-blog> ${reason}`);
      setLoad({ state: 'error' });
      fire(BLOG_EVENTS.error, { src: src ?? DEFAULT_SRC, reason });
    };
    const timer = setTimeout(() => {
      if (feedUrl === null) return fail(`src "${src}" is not a valid URL`);
      loadFeed(feedUrl, controller.signal).then(
        ({ posts, tagline: feedTagline }) => {
          if (controller.signal.aborted) return;
          // The loaded view is built in two tasks, so that neither keeps the page from answering
          // input for long: in this one the hero, the filters and the featured article's head,
          // hidden, while the previous view stays on screen; in the next its content and the side
          // list, and it shows, whole, in place of the previous view (the server-rendered copy,
          // stale from now on, or the status). An adopting element puts it into its light DOM
          // then, over the served copy (the slot's ref below).
          const build = () => {
            setLoad({ state: 'loaded', posts, tagline: feedTagline, base: feedUrl, shown: false });
            nextTask(() => {
              if (controller.signal.aborted) return;
              if (!adoption.current) {
                host?.replaceChildren();
                setHasFallback(false);
              }
              setLoad((current) => (current.state === 'loaded' ? { ...current, shown: true } : current));
              fire(BLOG_EVENTS.load, { src: feedUrl, count: posts.length });
            });
          };
          if (!host?.hasAttribute('served')) return build();
          // The adoption, unless this build lacks it (the standalone file); adopt gives the same
          // adoption again when the feed loads again.
          void import('./adoption').then(({ adopt }) => {
            if (controller.signal.aborted) return;
            adoption.current = adopt?.(host, filter, changeFilter);
            build();
          });
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
      setFilter(filterFromQuery(location.search));
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [sync]);

  useEffect(() => () => marker.clear(), [marker]);

  /** Sets the filter; typing in the search box replaces its history entry instead of adding one per key. */
  const changeFilter = (next: BlogFilter, typing = false) => {
    setFilter(next);
    fire(BLOG_EVENTS.filter, { ...next });
    if (!sync) return;
    const url = urlWithFilter(next);
    if (url !== location.href) {
      if (typing && searchEntry.current) history.replaceState(history.state, '', url);
      else history.pushState(history.state, '', url);
    }
    searchEntry.current = typing;
  };

  const posts = load.state === 'loaded' ? load.posts : NO_POSTS;
  const base = load.state === 'loaded' ? load.base : '';
  const filtered = useMemo(() => filterPosts(posts, filter), [posts, filter]);
  const featured = featuredPost(filtered, selected);
  const side = sideList(filtered);
  const years = useMemo(() => withCurrent(yearOptions(posts), filter.year), [posts, filter.year]);
  const tags = useMemo(() => withCurrent(tagOptions(posts), filter.tag), [posts, filter.tag]);
  const allowed = useCallback((url: string) => imageAllowed(url, images.sources), [images]);
  /** A post's image URL resolved against the feed, or '' (placeholder) when it has none or may not load. */
  const imageOf = (post: BlogPost) => {
    try {
      const url = post.image_url ? new URL(post.image_url, base).href : '';
      return url && allowed(url) ? url : '';
    } catch {
      return '';
    }
  };
  const shown = load.state === 'loaded' && load.shown;
  const contentHtml = useMemo(
    () => (featured && shown ? shiftHeadings(sanitizeHtml(featured.content, { baseUrl: base, imageAllowed: allowed }), level) : ''),
    [featured, shown, base, level, allowed],
  );

  const H = heading(level);
  const H2 = heading(level + 1);
  const heroTagline = tagline && tagline.trim() !== '' ? tagline : load.state === 'loaded' ? load.tagline : '';

  const select = (post: BlogPost) => {
    const next = toggleSelected(selected, post.id);
    setSelected(next);
    fire(BLOG_EVENTS.select, next === null ? { id: null, slug: null } : { id: post.id, slug: post.slug });
    const article = featuredRef.current;
    if (next !== null && article && article.getBoundingClientRect().top < 0) {
      const smooth = matchMedia?.('(prefers-reduced-motion: no-preference)').matches;
      article.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    }
  };

  const copy = async (post: BlogPost) => {
    try {
      await navigator.clipboard.writeText(post.canonical_url);
      marker.mark(String(post.id));
      fire(BLOG_EVENTS.copy, { id: post.id, url: post.canonical_url });
    } catch (error) {
      // SPEC 8: a clipboard failure is logged only.
      console.error('<dc-blog> Could not copy the link to the clipboard.', error);
    }
  };

  const toggleTag = (tag: string) => changeFilter({ ...filter, tag: filter.tag === tag ? '' : tag });

  const hero = () => (
    <Hero
      heading={H}
      eyebrow={eyebrow}
      tagline={heroTagline}
      masthead={load.state === 'loaded' && posts.length > 0 ? mastheadText(posts) : ''}
    />
  );

  /**
   * The view while the posts load (or after a failure), and while the loaded view is built: the
   * server-rendered magazine with a toast over it, or the hero with the status.
   */
  const previousView = (state: 'loading' | 'error' | 'loaded') => {
    const status =
      state === 'loaded' ? null : state === 'loading' ? (
        <div className={hasFallback ? 'blog-toast' : 'blog-status'} role="status" key="status">
          <span className="blog-spinner" aria-hidden="true" />
          {BLOG_TEXT.loading}
        </div>
      ) : (
        <div className={hasFallback ? 'blog-error blog-error-banner' : 'blog-error'} role="alert">
          <p>{BLOG_TEXT.loadError}</p>
          <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            {BLOG_TEXT.retry}
          </button>
        </div>
      );
    if (hasFallback) {
      // Keep showing the server-rendered magazine while loading (or after a failure; or adopted,
      // then it is the loaded view). The keys
      // keep Preact from reusing the status box as the loaded view's main column, which the
      // browser would count as a layout shift of that box.
      return (
        <div className="blog" data-state={state} key="previous">
          {state === 'error' ? <div className="blog-inner" key="status">{status}</div> : status}
          <slot key="fallback" ref={placeView} />
        </div>
      );
    }
    return (
      <div className="blog" data-state={state} key="previous">
        {hero()}
        <div className="blog-inner blog-main">
          {status}
        </div>
      </div>
    );
  };

  // Adopted: the view lives in the light DOM, which the shadow root slots in. It is put there once
  // shown, when the shadow root is rendered (the slot's ref, called on every render): the first
  // time, in a task of its own, the served nodes are adopted as they are (adoption.ts; a view
  // filtered by the URL replaces them instead), then what the visitor set in the served filter bar
  // applies as a change (changeFilter, handed to adopt); every later render diffs as usual. `view` is assigned below, once built, and read by the ref after
  // this render (so it cannot be a const declared before the early return).
  // eslint-disable-next-line prefer-const
  let view: ReactElement | undefined;
  const placeView = (slot: HTMLSlotElement | null) => {
    if (slot && shown) adoption.current?.place(view, hasActiveFilter(filter) ? '' : featured?.title);
  };

  // Fragments with keyed views throughout, so each view keeps its nodes from one stage to the next.
  if (load.state !== 'loaded') return <>{previousView(load.state)}</>;

  const copied = featured !== null && copiedId === String(featured.id);

  view = (
    <div className="blog" data-state={shown ? 'loaded' : 'building'} key="view" style={shown ? undefined : { display: 'none' }}>
      {hero()}
      <div className="blog-inner blog-main">
        <FilterBar filter={filter} years={years} tags={tags} onChange={changeFilter} onToggleTag={toggleTag} />
        <p className="blog-count" role="status">
          {hasActiveFilter(filter) ? `${filtered.length} of ${posts.length} articles match your filters` : articleCount(posts.length)}
        </p>

        {featured === null ? (
          <div className="blog-empty">
            <H2 className="blog-empty-title">{BLOG_TEXT.emptyTitle}</H2>
            <p>{BLOG_TEXT.emptyHint}</p>
          </div>
        ) : (
          <div className="blog-layout">
            <Featured
              post={featured}
              image={imageOf(featured)}
              heading={H2}
              contentHtml={contentHtml}
              category={filter.category}
              tag={filter.tag}
              onToggleCategory={() => changeFilter({ ...filter, category: filter.category === featured.category ? '' : featured.category })}
              onToggleTag={toggleTag}
              copied={copied}
              onCopy={() => void copy(featured)}
              articleRef={featuredRef}
            />
            <aside className="blog-side" aria-labelledby="blog-side-title">
              <H2 className="blog-side-title" id="blog-side-title">
                {BLOG_TEXT.sideListTitle}
              </H2>
              <ol className="blog-side-list">
                {(shown ? side : NO_POSTS).map((post) => (
                  <li key={String(post.id)}>
                    <PostCard
                      post={post}
                      image={imageOf(post)}
                      selected={selected !== null && samePostId(post.id, selected)}
                      featured={samePostId(post.id, featured.id)}
                      onSelect={() => select(post)}
                    />
                  </li>
                ))}
              </ol>
            </aside>
          </div>
        )}
      </div>
    </div>
  );
  if (adoption.current) return <>{previousView('loaded')}</>;
  return shown ? <>{view}</> : <>{previousView('loading')}{view}</>;
}
