/** Types of blogPost.js (plain JavaScript so the page build can import it without a compiler). */
export interface CheckedPost {
  id: number | string;
  slug: string;
  title: string;
  author: string;
  date: string;
  category: string;
  tags: string[];
  image_url: string;
  read_time_minutes: number;
  summary: string;
  seo: { metaTitle: string; metaDescription: string; ogImage: string };
  canonical_url: string;
  url: string;
  displayDate: string;
}
export declare const POST_CATEGORIES: string[];
export declare function checkPost(
  data: Record<string, unknown>,
  inputPath: string,
  company: { siteUrl: string },
  options?: { assetsRoot?: string },
): CheckedPost;
export declare function blogPosting(post: CheckedPost, company: { siteUrl: string; legalName: string }): Record<string, unknown>;
export declare function postBreadcrumbs(post: CheckedPost, company: { siteUrl: string }): Record<string, unknown>;
export declare function postsNewestFirst(
  collection: readonly { data: { post?: CheckedPost }; content: string }[],
  withContent?: boolean,
): (CheckedPost & { content?: string })[];
