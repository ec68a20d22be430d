/**
 * Spellings of a path that a careless redirect would send to another host (encoded and doubled
 * slashes, backslashes, control characters, dot segments). The static site's redirects
 * (tests/unit/server.test.ts) and the sign-in's `next` (tests/unit/nextPath.test.ts) are both
 * held to them.
 */
export const OPEN_REDIRECT_SPELLINGS: readonly string[] = [
  '/%2F%2Fevil.example%2F..%2Fabout/',
  '/%2F%2Fevil.example%2F..%2Fabout/index.html',
  '/%2F%2Fevil.example%2F..%2Fabout',
  '//evil.example/../about/',
  '//evil.example/%2E%2E/about/',
  '/%2Fevil.example/%2e%2e/about/',
  '/%5C%5Cevil.example%2F..%2Fabout/',
  '/%5Cevil.example/about/',
  '/\\evil.example/about/',
  '/%2F%5Cevil.example%2F..%2Fabout/',
  '/%09/evil.example/%2e%2e/about/',
  '/%00/evil.example/%2e%2e/about/',
  '/about%00/',
  '/about%09/',
  '/about%0d%0aLocation:%20//evil.example/',
  '/%2F/about/',
  '//about/',
  '///about/',
  '//about/index.html',
  '/%2Fabout%2F',
  '//blog/star-schema-first',
  '/%2Fblog%2Fstar-schema-first',
  '//privacy-policy',
  '/%E2%80%AE/about/',
  '/.%2F/about/',
  '/about/.%2F',
  '/about/%2e/',
  '//index.html',
  '/%2Findex.html',
];

/**
 * Paths a URL parser normalises into `//host` (a dot segment before a doubled slash), which a
 * browser then reads as another host: `new URL('/.//evil.example', base).pathname` is `//evil.example`.
 */
export const DOT_SEGMENT_REDIRECTS: readonly string[] = [
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/%2e%2e//evil.example',
  '/./evil.example/',
  '/.%2f/evil.example',
  '/x/../..//evil.example?next=1',
];
