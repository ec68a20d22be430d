import { adoptStyles } from '../lib/styleSheet';

/**
 * An element's CSS that the page may hold already. The site's /blog links the magazine's CSS for
 * its server-rendered copy (site/styles/pages/blog.css imports it as the cascade layer dc-blog);
 * `<dc-blog>` then adopts that layer's rules into its shadow root instead of downloading the same
 * CSS again in its script. Anywhere else (a partner's page) it loads its own copy with `load()`: a
 * chunk of its own in the site bundle, part of the file in a standalone build (so at once), and
 * its content stays hidden until then, never shown unstyled. Used as defineElement's `css`.
 */
export function cssFromPage(layer: string, load: () => Promise<{ default: string }>): (root: ShadowRoot) => void {
  return (root) => {
    const fromPage = documentLayerCss(layer);
    if (fromPage !== null) {
      adoptStyles(root, [fromPage]);
      return;
    }
    const show = hideUntilStyled(root);
    load()
      .then((module) => adoptStyles(root, [module.default]))
      .catch(() => {
        // Its chunk could not load (a network error): the content unstyled rather than nothing.
      })
      .finally(show);
  };
}

/**
 * The rules of the cascade layer `name` in the document's stylesheets, as CSS text; null when no
 * readable stylesheet has it. The layer may sit inside others, nested (`@layer pages { @layer
 * dc-blog { … } }`) or by a dotted name (`@layer pages.dc-blog { … }`, as postcss-import writes an
 * import's layer inside a layered import). Another origin's stylesheets cannot be read and are
 * passed over. The site's page files hold such a layer whole on a page with the element
 * (site/_config/styles.js), never a part of it.
 */
export function documentLayerCss(name: string, doc: Document = document): string | null {
  if (typeof CSSLayerBlockRule === 'undefined') return null; // a browser without cascade layers
  const find = (rules: CSSRuleList): string | null => {
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSLayerBlockRule)) continue;
      if (rule.name === name || rule.name.endsWith(`.${name}`)) return Array.from(rule.cssRules, (inner) => inner.cssText).join('\n');
      const nested = find(rule.cssRules);
      if (nested !== null) return nested;
    }
    return null;
  };
  for (const sheet of Array.from(doc.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    const found = find(rules);
    if (found !== null) return found;
  }
  return null;
}

/** Hides a shadow root's content until the returned function is called. */
function hideUntilStyled(root: ShadowRoot): () => void {
  if (!('adoptedStyleSheets' in root)) return () => {};
  const pending = new CSSStyleSheet();
  pending.replaceSync(':host{visibility:hidden}');
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, pending];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => sheet !== pending);
  };
}
