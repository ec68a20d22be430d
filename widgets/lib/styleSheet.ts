/**
 * Applies CSS text to a shadow root as a constructable stylesheet
 * (adoptedStyleSheets), so a partner page with a strict CSP needs no
 * 'unsafe-inline' for styles. One CSSStyleSheet per CSS text is shared by every
 * instance. Browsers without constructable stylesheets get a <style> element.
 * A text already applied to a root is not applied again (a lazily loaded part of
 * an element adopts its styles when it first renders).
 */
const sheets = new Map<string, CSSStyleSheet>();
const applied = new WeakMap<ShadowRoot, Set<string>>();

function sheetFor(cssText: string): CSSStyleSheet | null {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(cssText);
    } catch {
      return null;
    }
    sheets.set(cssText, sheet);
  }
  return sheet;
}

export function adoptStyles(root: ShadowRoot, cssTexts: readonly string[]): void {
  const done = applied.get(root) ?? new Set<string>();
  applied.set(root, done);
  const texts = cssTexts.filter((text) => text.length > 0 && !done.has(text));
  texts.forEach((text) => done.add(text));
  const adopted = texts.map(sheetFor);
  if ('adoptedStyleSheets' in root && adopted.every((sheet) => sheet !== null)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...(adopted)];
    return;
  }
  for (const text of texts) {
    const style = document.createElement('style');
    style.textContent = text;
    root.append(style);
  }
}
