import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint configuration for the whole tree: type-aware typescript-eslint rules on TypeScript,
 * the React hooks rules on the elements, the recommended rules on the build's JavaScript.
 * `npm run lint` runs it, and `npm test` runs that. Formatting is Prettier's (`npm run format`).
 * Every rule switched off below says why.
 */
export default tseslint.config(
  { ignores: ['dist/', 'server-dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', 'coverage/', 'deploy/', 'packages/*/dist/', 'packages/*/*.tgz'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify hooks and handlers are async by contract: returning a value from one without an await is the idiom.
      '@typescript-eslint/require-await': 'off',
      // `_name` marks a parameter or binding kept for its position (handler signatures, destructuring to drop a key).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The validation and path rules match control characters on purpose: refusing them is their job.
    files: ['shared/**', 'widgets/**', 'server/**', 'site/**', 'tests/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Scripts that run in the page: the pre-paint theme script.
    files: ['site/_includes/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: {
      // Tests read untyped answers (response.json(), parsed files) and assert their shape; the assertion is the check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(object.method) checks a method exists without calling it.
      '@typescript-eslint/unbound-method': 'off',
      // Content fixtures are read as loose JSON; each test checks the fields it reads.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Browser tests take `test` from their support file: it clears what Playwright's context reuse
    // keeps between tests (tests/e2e/support/test.ts).
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: "Import test and expect from './support/test' (it resets what a reused context keeps)." }] },
      ],
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The React Compiler's rules (set-state-in-effect, refs, purity, ...) are left off: the elements run on
      // preact/compat, which the compiler does not target, and their render model is plain hooks.
    },
  },
);
