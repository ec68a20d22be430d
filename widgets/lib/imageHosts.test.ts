import { describe, expect, it } from 'vitest';
import { imageAllowed, parseImageHosts } from './imageHosts';

const FEED = 'https://partner.example/blog/feed.json';

describe('parseImageHosts: the image-hosts attribute of <dc-blog>', () => {
  it('defaults to the feed\'s own origin when absent, empty or blank', () => {
    for (const attr of [undefined, null, '', '   ', ' , ,']) {
      expect(parseImageHosts(attr, FEED)).toEqual({ sources: ['https://partner.example'], warnings: [] });
    }
    expect(parseImageHosts(undefined, 'http://localhost:4173/data/blog.json').sources).toEqual(['http://localhost:4173']);
  });

  it('has no default without a usable feed URL', () => {
    expect(parseImageHosts(undefined, null).sources).toEqual([]);
    expect(parseImageHosts(undefined, 'ftp://x.example/feed.json').sources).toEqual([]);
  });

  it('reads hosts, ports, wildcards and origins separated by spaces and/or commas, lower-cased, without repeats', () => {
    expect(parseImageHosts('cdn.example.com, https://IMG.Example.com/ *.media.example\tlocalhost:8080,,cdn.example.com', FEED)).toEqual({
      sources: ['cdn.example.com', 'https://img.example.com', '*.media.example', 'localhost:8080'],
      warnings: [],
    });
    expect(parseImageHosts('http://127.0.0.1:4321', FEED).sources).toEqual(['http://127.0.0.1:4321']);
  });

  it('"none" alone allows no image at all', () => {
    expect(parseImageHosts('none', FEED)).toEqual({ sources: [], warnings: [] });
    expect(parseImageHosts(' NONE ', FEED)).toEqual({ sources: [], warnings: [] });
  });

  it('ignores malformed entries with a warning naming each, keeping the good ones', () => {
    const result = parseImageHosts('cdn.example.com https://x.example/path javascript:alert(1) ftp://files.example *.  a_b.example none', FEED);
    expect(result.sources).toEqual(['cdn.example.com']);
    expect(result.warnings).toHaveLength(6);
    for (const entry of ['https://x.example/path', 'javascript:alert(1)', 'ftp://files.example', '*.', 'a_b.example', 'none']) {
      expect(result.warnings.some((warning) => warning.includes(`"${entry}"`)), entry).toBe(true);
    }
  });

  it('rejects origins with a user, query or fragment, and ports out of range', () => {
    for (const entry of ['https://user@cdn.example', 'https://cdn.example/?a=1', 'https://cdn.example/#x', 'cdn.example:99999', 'cdn.example:', '-cdn.example', 'cdn..example', '*.*.example']) {
      expect(parseImageHosts(entry, FEED).sources, entry).toEqual(['https://partner.example']);
    }
  });

  it('falls back to the default with a warning when no entry is usable', () => {
    const result = parseImageHosts('host!, /images, http://', FEED);
    expect(result.sources).toEqual(['https://partner.example']);
    expect(result.warnings.at(-1)).toContain('no usable entry');
    expect(result.warnings.at(-1)).toContain('https://partner.example');
  });
});

describe('imageAllowed', () => {
  const sources = ['https://img.example.com', 'cdn.example.com', '*.media.example', 'localhost:8080'];

  it('matches an origin exactly (scheme and port)', () => {
    expect(imageAllowed('https://img.example.com/a.png', sources)).toBe(true);
    expect(imageAllowed('http://img.example.com/a.png', sources)).toBe(false);
    expect(imageAllowed('https://img.example.com:8443/a.png', sources)).toBe(false);
  });

  it('matches a host on http and https, with its port', () => {
    expect(imageAllowed('https://cdn.example.com/a.png', sources)).toBe(true);
    expect(imageAllowed('http://cdn.example.com/a.png', sources)).toBe(true);
    expect(imageAllowed('https://cdn.example.com:444/a.png', sources)).toBe(false);
    expect(imageAllowed('http://localhost:8080/a.png', sources)).toBe(true);
    expect(imageAllowed('http://localhost/a.png', sources)).toBe(false);
  });

  it('matches subdomains for a wildcard, not the domain itself or look-alikes', () => {
    expect(imageAllowed('https://a.media.example/x.png', sources)).toBe(true);
    expect(imageAllowed('https://a.b.media.example/x.png', sources)).toBe(true);
    expect(imageAllowed('https://media.example/x.png', sources)).toBe(false);
    expect(imageAllowed('https://evilmedia.example/x.png', sources)).toBe(false);
  });

  it('refuses look-alike hosts, user-info tricks and non-http URLs', () => {
    expect(imageAllowed('https://cdn.example.com.evil.example/a.png', sources)).toBe(false);
    expect(imageAllowed('https://cdn.example.com@evil.example/a.png', sources)).toBe(false);
    expect(imageAllowed('data:image/png;base64,AAAA', sources)).toBe(false);
    expect(imageAllowed('javascript:alert(1)', sources)).toBe(false);
    expect(imageAllowed('/relative.png', sources)).toBe(false);
    expect(imageAllowed('https://cdn.example.com/a.png', [])).toBe(false);
  });
});
