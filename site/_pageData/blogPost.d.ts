/** Types of blogPost.js (plain JavaScript so the page build can import it without a compiler). */
import type { BlogPost } from '../../widgets/blog/rules';

/** A post's front matter after checkPost: the widget's BlogPost without the body, plus its page URL and date text. */
export interface CheckedPost extends Omit<BlogPost, 'content'> {
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
export declare function blogPostingReference(post: CheckedPost, company: { siteUrl: string; legalName: string }): Record<string, unknown>;
export declare function postBreadcrumbs(post: CheckedPost, company: { siteUrl: string }): Record<string, unknown>;
export declare function postsNewestFirst(
  collection: readonly { data: { post?: CheckedPost }; content: string }[],
  withContent?: boolean,
): (CheckedPost & { content?: string })[];
