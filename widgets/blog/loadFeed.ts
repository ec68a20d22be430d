import { sortPosts, validateFeed, type BlogPost } from './rules';

/**
 * Fetches and checks a blog feed (SPEC 8): its usable posts, newest first, and its tagline.
 * Throws an Error whose message names the failure kind (FETCH_ERROR, HTTP status, PARSING_ERROR);
 * each rejected entry is logged with console.warn.
 */
export async function loadFeed(url: string, signal: AbortSignal): Promise<{ posts: BlogPost[]; tagline: string }> {
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
