/**
 * The scheme rule for URLs that come from an untrusted feed: used by the sanitizer for every
 * href/src it keeps and by the blog's feed check for image_url and seo.ogImage.
 */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether a URL attribute value is safe: a relative URL (path, '//host', '?query', '#fragment')
 * or one of the given schemes. Control characters and whitespace are removed before the check,
 * as browsers ignore them ('java\tscript:' is javascript:). Entities were already decoded by the parser.
 */
export function isAllowedUrl(value: string, schemes: readonly string[]): boolean {
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return false;
  const match = SCHEME.exec(compact);
  return match === null || schemes.includes((match[1] ?? '').toLowerCase());
}
