import { lightIslandTags } from '../../build/elements.mjs';

/**
 * The light-DOM islands (`dc-careers`, `dc-faq`) hydrate the list their page serves: Preact adopts
 * the served nodes one by one (widgets/lib/lightIsland.ts). The templates indent that markup, and
 * each indentation is a whitespace text node the component does not render: hydration removed
 * them (681 on /career) and moved every element that followed one back into place, so the browser
 * restyled and laid out the list again. Here the served markup loses those nodes before it is
 * written, so it is node for node what the component renders and hydration moves nothing.
 *
 * Only whitespace that holds a line break goes (the template's indentation); a space between two
 * inline elements, which the component writes too, stays; so does anything inside <pre>,
 * <textarea> or <script>, where whitespace is content.
 */
export function registerIslandWhitespace(eleventyConfig, { tags = lightIslandTags() } = {}) {
  eleventyConfig.addTransform('island-whitespace', function islandWhitespace(content) {
    if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
    return stripIslandWhitespace(content, tags);
  });
}

/** Whitespace content (kept whole), or a line-broken run of whitespace between two tags (removed). */
const INDENTATION = /(<(pre|textarea|script)\b[\s\S]*?<\/\2>)|(?<=>)[ \t\r\n\f]*\n[ \t\r\n\f]*(?=<)/gi;

/** `html` with the indentation between the tags inside each of the `tags` elements removed. */
export function stripIslandWhitespace(html, tags) {
  let result = html;
  for (const tag of tags) {
    result = result.replace(
      new RegExp(`(<${tag}[\\s>])([\\s\\S]*?)(</${tag}>)`, 'g'),
      (whole, open, inner, close) => `${`${open}${inner}`.replace(INDENTATION, (match, kept) => kept ?? '')}${close}`,
    );
  }
  return result;
}
