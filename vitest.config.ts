import { defineConfig } from 'vitest/config';
import { consentBannerTexts } from './build/consentBannerTexts.mjs';
import { reactAliases } from './build/reactAliases.mjs';

export default defineConfig({
  plugins: [consentBannerTexts()],
  resolve: {
    alias: reactAliases,
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    restoreMocks: true,
    // r2wc is a dependency that imports react-dom: inline it so the aliases above apply
    // and components render on Preact here as in the browser build.
    server: { deps: { inline: [/@r2wc/] } },
  },
});
