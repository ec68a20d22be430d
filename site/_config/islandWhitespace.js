import { lightIslandTags } from '../../build/elements.mjs';

/**
 * The light-DOM islands (`dc-careers`, `dc-faq`) hydrate the list their page serves: Preact adopts
 * the served nodes one by one (widgets/lib/lightIsland.ts). The templates indent that markup, and
 * each indentation is a whitespace text node the component does not render: hydration removed
 * them (681 on /career) and moved every element that followed one back into place, so the browser
 * restyled and laid out the list again. Here the served markup loses those nodes before it is
 * written, so it is node for node what the component renders and hydration moves nothing.
 *
 * `<dc-blog served>` on /blog adopts its served magazine the same way (widgets/blog/adoption.ts), so
 * its markup loses the indentation too (issue 34: the nodes hydration removed made /blog lay the
 * magazine out again, a 0.7 s task at 4x CPU slowdown).
 *
 * Only whitespace that holds a line break goes (the template's indentation); a space between two
 * inline elements, which the component writes too, stays; so does anything inside <pre>,
 * <textarea> or <script>, where whitespace is content.
 * @param {import('../../types/eleventy').EleventyConfig} eleventyConfig
 * @param {{ tags?: string[] }} [options]
 */
export function registerIslandWhitespace(eleventyConfig, { tags = [...lightIslandTags(), 'dc-blog'] } = {}) {
  eleventyConfig.addTransform('island-whitespace', function islandWhitespace(content) {
    if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
    return stripIslandWhitespace(content, tags);
  });
}

/** Whitespace content (kept whole), or a line-broken run of whitespace between two tags (removed). */
const INDENTATION = /(<(pre|textarea|script)\b[\s\S]*?<\/\2>)|(?<=>)[ \t\r\n\f]*\n[ \t\r\n\f]*(?=<)/gi;

/**
 * `html` with the indentation between the tags inside each of the `tags` elements removed.
 * @param {string} html
 * @param {readonly string[]} tags
 * @returns {string}
 */
export function stripIslandWhitespace(html, tags) {
  let result = html;
  for (const tag of tags) {
    result = result.replace(
      new RegExp(`(<${tag}[\\s>])([\\s\\S]*?)(</${tag}>)`, 'g'),
      (_whole, /** @type {string} */ open, /** @type {string} */ inner, /** @type {string} */ close) =>
        `${`${open}${inner}`.replace(INDENTATION, (_match, /** @type {string | undefined} */ kept) => kept ?? '')}${close}`,
    );
  }
  return result;
}
