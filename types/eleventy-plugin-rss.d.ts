/** The helpers of @11ty/eleventy-plugin-rss (no types of its own) that site/blog-feed.11ty.js uses. */
declare module '@11ty/eleventy-plugin-rss' {
  export function convertHtmlToAbsoluteUrls(html: string, base: string, options?: Record<string, unknown>): Promise<string>;
  export function dateToRfc3339(date: Date): string;
}
