import { fileURLToPath } from 'node:url';

/**
 * React → Preact, for the widget build (rollup.config.mjs) and the unit tests
 * (vitest.config.ts), so both run the same code. `react` is preact/compat through
 * reactDefault.mjs, whose default export holds only what r2wc uses.
 */
export const reactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  // Vitest compiles JSX for development (jsxDEV): without this, React's frozen elements reach Preact.
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('./reactDefault.mjs', import.meta.url)) },
];
