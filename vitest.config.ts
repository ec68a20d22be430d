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
    unstubGlobals: true,
    unstubEnvs: true,
    // Test files share each worker's module cache (no fresh import of the server, Fastify, the
    // stores and happy-dom per file): on two cores 123 CPU-seconds and 99 s instead of 177 and 148 s
    // for the 87 files (2026-11-27, the same run otherwise). What a file changes globally is undone
    // after it: mocks and spies (restoreMocks), vi.stubGlobal and vi.stubEnv (the two unstub options);
    // a file may not leave other global state behind.
    isolate: false,
    // Three files at a time: Vitest's default on two cores is one (cores - 1), and most files wait on
    // PostgreSQL, sockets or the hash worker rather than compute (measured on two quiet cores: 134 s with
    // one, 84 s with two, 61 s with three). VITEST_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    // r2wc is a dependency that imports react-dom: inline it so the aliases above apply
    // and components render on Preact here as in the browser build.
    server: { deps: { inline: [/@r2wc/] } },
  },
});
