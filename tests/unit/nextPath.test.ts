import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../shared/nextPath';
import { DOT_SEGMENT_REDIRECTS, OPEN_REDIRECT_SPELLINGS } from '../support/openRedirectSpellings';

const OTHER_HOSTS = [
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '\\\\evil.example',
  '\\/evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  'data:text/html,hi',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  ' //evil.example',
  '/ /evil.example',
  'evil.example',
  '',
];

describe('safeNextPath', () => {
  it('keeps a path of the site with its query and fragment', () => {
    expect(safeNextPath('/account')).toBe('/account');
    expect(safeNextPath('/blog?tag=power-bi#top')).toBe('/blog?tag=power-bi#top');
    expect(safeNextPath('/blog/star-schema-semantic-layer-power-bi/')).toBe('/blog/star-schema-semantic-layer-power-bi/');
    // Dots inside a name, an encoded character that is no dot or slash, and dots in the query are fine.
    expect(safeNextPath('/files/report.v2.pdf')).toBe('/files/report.v2.pdf');
    expect(safeNextPath('/blog?q=%C3%A4')).toBe('/blog?q=%C3%A4');
    expect(safeNextPath('/search?path=../x')).toBe('/search?path=../x');
    expect(safeNextPath('/a...b/')).toBe('/a...b/');
  });

  it('refuses every dot segment and every encoded dot, slash or backslash in the path (a parser makes /.//x into //x)', () => {
    for (const value of DOT_SEGMENT_REDIRECTS) {
      expect(safeNextPath(value), value).toBeNull();
    }
    for (const value of ['/a/../about', '/./about', '/about/.', '/about/..', '/%2e/about', '/a%2Fb', '/a%5Cb', '/%2e%2e//evil.example']) {
      expect(safeNextPath(value), value).toBeNull();
    }
    // A malformed escape is no path of the site either.
    expect(safeNextPath('/%E0%A4%A')).toBeNull();
  });

  it('refuses every spelling that names another host, and what is not a string', () => {
    for (const value of OTHER_HOSTS) expect(safeNextPath(value), JSON.stringify(value)).toBeNull();
    for (const value of [undefined, null, 42, ['/account'], { path: '/account' }]) expect(safeNextPath(value)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(500)}`)).toBeNull();
  });

  it('keeps the hardening tests’ spellings on this site: refused, or one leading slash, never a path a parser makes into //', () => {
    for (const spelling of OPEN_REDIRECT_SPELLINGS) {
      const next = safeNextPath(spelling);
      if (next === null) continue;
      expect(next, spelling).toMatch(/^\/(?![/\\])/);
      expect(new URL(next, 'https://www.dataclarity.de/x/').host, spelling).toBe('www.dataclarity.de');
      expect(new URL(next, 'https://www.dataclarity.de/x/').pathname.startsWith('//'), spelling).toBe(false);
    }
    expect(safeNextPath('//evil.example/../about/')).toBeNull();
    expect(safeNextPath('/\\evil.example/about/')).toBeNull();
  });
});
