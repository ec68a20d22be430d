import { defineConfig } from 'vitest/config';
import { consentBannerTexts } from './build/consentBannerTexts.mjs';
import { reactAliases } from './build/reactAliases.mjs';

export default defineConfig({
  plugins: [consentBannerTexts()],
  resolve: {
    alias: reactAliases,
  },
  test: {
    // Unit tests live beside the code they test (widgets/<element>/, widgets/lib/, site/_pageData/),
    // and in tests/unit/ for the server, the build and the content.
    include: ['tests/unit/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'site/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    // r2wc is a dependency that imports react-dom: inline it so the aliases above apply
    // and components render on Preact here as in the browser build.
    server: { deps: { inline: [/@r2wc/] } },
  },
});
