/**
 * HTML escaping, once: for text content and for quoted attribute values (either quote).
 * The static contact form, the server's form pages, the embed snippets, the sanitiser's
 * fallback and the page build all use it.
 */
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` as HTML text, safe in element content and in single- or double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}
