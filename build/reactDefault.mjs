/**
 * What `react` resolves to in the widget build: preact/compat, with a default export
 * that holds only createElement.
 *
 * r2wc writes `import React from 'react'` and uses nothing but `React.createElement`.
 * preact/compat's default export is one object holding all of compat (Suspense, lazy,
 * portals, Children, render, hydrate...), so that default import alone kept every part
 * of compat in every bundle. Named imports (our components' hooks) tree-shake as usual.
 */
import { createElement } from 'preact/compat';

// @ts-expect-error TS2498: preact/compat's types are written `export =`, which `export *` cannot re-export; the module itself is ESM and re-exports as written.
export * from 'preact/compat';
export default { createElement };
