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

export * from 'preact/compat';
export default { createElement };
