import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../shared/nextPath';
import { OPEN_REDIRECT_SPELLINGS } from '../support/openRedirectSpellings';

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
    expect(safeNextPath('/a/../about')).toBe('/about');
  });

  it('refuses every spelling that names another host, and what is not a string', () => {
    for (const value of OTHER_HOSTS) expect(safeNextPath(value), JSON.stringify(value)).toBeNull();
    for (const value of [undefined, null, 42, ['/account'], { path: '/account' }]) expect(safeNextPath(value)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(500)}`)).toBeNull();
  });

  it('keeps the hardening tests’ spellings on this site: refused, or one leading slash', () => {
    for (const spelling of OPEN_REDIRECT_SPELLINGS) {
      const next = safeNextPath(spelling);
      if (next === null) continue;
      expect(next, spelling).toMatch(/^\/(?![/\\])/);
      expect(new URL(next, 'https://www.dataclarity.de/x/').host, spelling).toBe('www.dataclarity.de');
    }
    expect(safeNextPath('//evil.example/../about/')).toBeNull();
    expect(safeNextPath('/\\evil.example/about/')).toBeNull();
  });
});
