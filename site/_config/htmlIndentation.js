/**
 * The templates indent their markup for the people who edit them; a visitor's browser gets none of
 * it. Every run of whitespace in the page's text that holds a line break becomes that one line
 * break: the same word space to the browser (white-space: normal collapses a run to one space) and
 * 2-5 % fewer bytes over the wire after Brotli (/ 10.33 -> 10.01 KB). That counts where the first
 * round trip is tight: the page's HTML and first-view stylesheets are held to 14 KB
 * (scripts/size.mjs).
 *
 * Left as they are: tags and their attribute values (a value may hold meaningful line breaks),
 * comments, and the content of <pre>, <textarea>, <script> and <style>, where whitespace is content
 * (and an inline script's bytes are what its CSP hash covers). No stylesheet of the site sets
 * `white-space: pre*` outside <pre>.
 * @param {import('../../types/eleventy').EleventyConfig} eleventyConfig
 */
export function registerHtmlIndentation(eleventyConfig) {
  eleventyConfig.addTransform('html-indentation', function htmlIndentation(content) {
    if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
    return collapseIndentation(content);
  });
}

/** Kept whole: elements whose text is content, comments, and tags (with their attributes). */
const KEPT = /<(pre|textarea|script|style)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<[^>]*>/gi;

/** A run of whitespace (HTML's: space, tab, CR, LF, FF) that holds a line break. */
const LINE_BROKEN_RUN = /[ \t\r\n\f]*\n[ \t\r\n\f]*/g;

/**
 * `html` with each line-broken run of whitespace in its text reduced to one line break.
 * @param {string} html
 * @returns {string}
 */
export function collapseIndentation(html) {
  let result = '';
  let last = 0;
  for (const match of html.matchAll(KEPT)) {
    result += html.slice(last, match.index).replace(LINE_BROKEN_RUN, '\n') + match[0];
    last = match.index + match[0].length;
  }
  return result + html.slice(last).replace(LINE_BROKEN_RUN, '\n');
}
