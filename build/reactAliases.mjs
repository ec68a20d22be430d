/**
 * React → Preact, for the widget build (rollup.config.mjs) and the unit tests
 * (vitest.config.ts), so both run the same code. Nothing imports React's default export (r2wc's
 * renderer is ours, widgets/lib/defineElement.ts, with named imports), so compat tree-shakes.
 */
export const reactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  // Vitest compiles JSX for development (jsxDEV): without this, React's frozen elements reach Preact.
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
