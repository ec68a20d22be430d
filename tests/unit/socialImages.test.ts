import { describe, expect, it } from 'vitest';
import { socialCardSvg, socialImageUrl, wrapText } from '../../build/socialImages.mjs';
import { icoFile } from '../../build/siteIcons.mjs';
import { socialCard } from '../../site/_config/socialImages.js';

const company = { name: 'DataClarity', siteUrl: 'https://www.dataclarity.de' };

describe('social images', () => {
  it('one image URL per page URL', () => {
    expect(socialImageUrl('/')).toBe('/assets/social/home.png');
    expect(socialImageUrl('/about')).toBe('/assets/social/about.png');
    expect(socialImageUrl('/blog/choosing-kpis/')).toBe('/assets/social/blog/choosing-kpis.png');
    expect(socialImageUrl('/404.html')).toBe('/assets/social/404.png');
  });

  it('wraps at word breaks, at most the lines given, the last cut with an ellipsis', () => {
    expect(wrapText('', 10, 2)).toEqual([]);
    expect(wrapText('one two three', 9, 2)).toEqual(['one two', 'three']);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('Supercalifragilistic word', 5, 2)).toEqual(['Supercalifragilistic', 'word']);
    expect(wrapText('a b c d e f g h', 3, 2)).toEqual(['a b', 'c…']); // the ellipsis fits in the line
  });

  it('a card names the page without the company name, a post its category; the SVG escapes the texts', () => {
    const post = '<meta property="og:type" content="article"><meta property="og:title" content="KPIs &amp; &quot;Owners&quot;"><meta property="og:description" content="d"><meta property="og:image" content="https://x/assets/social/blog/k.png"><a class="blog-badge" href="/blog?category=Business">Business</a>';
    expect(socialCard('/blog/k/', post, company)).toMatchObject({ title: 'KPIs & "Owners"', kicker: 'Blog · Business', host: 'www.dataclarity.de' });
    const page = '<meta property="og:type" content="website"><meta property="og:title" content="Page Not Found | DataClarity"><meta property="og:image" content="https://x/assets/social/404.png">';
    expect(socialCard('/404.html', page, company)).toMatchObject({ title: 'Page Not Found', kicker: '' });
    expect(socialCard('/feed.xml', '<feed/>', company)).toBeNull();
    const svg = socialCardSvg({ title: 'A <b> & "c"', brand: 'DataClarity', host: 'x' });
    expect(svg).toContain('A &#60;b&#62; &#38; &#34;c&#34;');
    expect(svg).not.toContain('<b>');
  });

  it('an ICO file: header, one entry per image with its size and offset, the PNGs after', () => {
    const pngs = [{ size: 16, png: Buffer.from('aa') }, { size: 256, png: Buffer.from('bbb') }];
    const ico = icoFile(pngs);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    expect([ico[6], ico[7], ico.readUInt32LE(14), ico.readUInt32LE(18)]).toEqual([16, 16, 2, 38]);
    expect([ico[22], ico[23], ico.readUInt32LE(30), ico.readUInt32LE(34)]).toEqual([0, 0, 3, 40]);
    expect(ico.subarray(38).toString()).toBe('aabbb');
  });
});
