/**
 * The entries of a blog feed as <dc-blog> reads it: a JSON array of posts, or an object with a
 * `posts` array; null for anything else. Each entry is still unchecked (the blog's validatePost).
 * Shared by <dc-blog> and /embed's builder, which offers the categories of the feed.
 */
export const feedEntries = (raw: unknown): unknown[] | null =>
  Array.isArray(raw) ? raw : Array.isArray((raw as { posts?: unknown } | null)?.posts) ? (raw as { posts: unknown[] }).posts : null;
