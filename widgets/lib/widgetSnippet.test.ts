import { describe, expect, it } from 'vitest';
import { fieldError, fieldOf, HOSTS_MESSAGE, plainText, previewDocument, snippetAttributes, URL_MESSAGE } from '../embed-builder/embedForm';
import { cspLines, widgetSnippet } from './widgetSnippet';

const file = { latest: '/widgets/v1/dc-blog.js', pinned: '/widgets/v1/dc-blog.0123456789abcdef.js', integrity: 'sha384-abc' };
const origin = 'https://www.dataclarity.de';

describe('widgetSnippet', () => {
  it('points at the pinned file with its integrity and crossorigin, attributes escaped', () => {
    const snippet = widgetSnippet({ origin, tag: 'dc-blog', file, attributes: [['tagline', 'A "quoted" <b>'], ['url-sync', true], ['bad name', 'x'], ['eyebrow', '']], tokens: true });
    expect(snippet).toBe(
      '<link rel="stylesheet" href="https://www.dataclarity.de/widgets/dc-tokens.css">\n' +
        '<script type="module" src="https://www.dataclarity.de/widgets/v1/dc-blog.0123456789abcdef.js"\n' +
        '        integrity="sha384-abc" crossorigin="anonymous"></script>\n' +
        '<dc-blog tagline="A &quot;quoted&quot; &lt;b&gt;" url-sync></dc-blog>',
    );
  });
});

describe('cspLines', () => {
  it('lists what each element needs from the partner page', () => {
    expect(cspLines({ origin, tag: 'dc-theme-toggle' })).toEqual([`script-src ${origin}`]);
    expect(cspLines({ origin, tag: 'dc-blog', tokens: true })).toEqual([`script-src ${origin}`, `style-src ${origin}`, `connect-src ${origin}`, `img-src ${origin}`]);
    expect(cspLines({ origin, tag: 'dc-blog', attributes: [['src', '/feed.json'], ['image-hosts', 'cdn.partner.example, https://img.example *.media.example']] }, 'https://partner.example')).toEqual([
      `script-src ${origin}`,
      'connect-src https://partner.example',
      'img-src cdn.partner.example https://img.example *.media.example',
    ]);
    expect(cspLines({ origin, tag: 'dc-blog', attributes: [['image-hosts', 'none']] })).toEqual([`script-src ${origin}`, `connect-src ${origin}`]);
    // A malformed list falls back to the default, as the element does.
    expect(cspLines({ origin, tag: 'dc-blog', attributes: [['image-hosts', 'https://x.example/path']] })).toEqual([`script-src ${origin}`, `connect-src ${origin}`, `img-src ${origin}`]);
    expect(cspLines({ origin, tag: 'dc-dashboard-gallery', attributes: [['src', 'https://cdn.partner.example/r.json'], ['allowed-hosts', 'app.powerbi.com']] })).toEqual([
      `script-src ${origin}`,
      'connect-src https://cdn.partner.example',
      'frame-src https://app.powerbi.com',
    ]);
    expect(cspLines({ origin, tag: 'dc-contact-form', attributes: [['action', '/api/contact']] }, 'https://partner.example')).toEqual([
      `script-src ${origin}`,
      'connect-src https://partner.example',
    ]);
    // Without action the form posts to the site its script came from (3.0.0): ours.
    expect(cspLines({ origin, tag: 'dc-contact-form' }, 'https://partner.example')).toEqual([`script-src ${origin}`, `connect-src ${origin}`]);
    expect(cspLines({ origin, tag: 'dc-contact-form', attributes: [['action', 'javascript:x']] }, 'https://partner.example')).toEqual([`script-src ${origin}`, `connect-src ${origin}`]);
  });
});

describe('the /embed form model', () => {
  it('derives fields from api.json attributes', () => {
    expect(fieldOf({ name: 'variant', type: "'contact' | 'consultation'", default: 'contact', description: 'd' })).toMatchObject({ kind: 'select', options: ['contact', 'consultation'], defaultValue: 'contact' });
    expect(fieldOf({ name: 'heading-level', type: 'string', description: 'd' })).toMatchObject({ kind: 'select', options: ['1', '2', '3', '4', '5', '6'] });
    expect(fieldOf({ name: 'src', type: 'string', format: 'url', description: 'd' })).toMatchObject({ kind: 'url' });
    expect(fieldOf({ name: 'url-sync', type: 'boolean', form: false, description: 'd' })).toBeNull();
    expect(fieldOf({ name: 'action', label: 'Send requests to', type: 'string', description: 'd' })).toMatchObject({ name: 'action', label: 'Send requests to' });
    expect(fieldOf({ name: 'heading', type: 'string', description: 'd' })).toMatchObject({ label: 'heading' });
  });

  it('turns help texts into plain words: no Markdown reaches the form', () => {
    expect(plainText('An endpoint URL: POSTs the values there (see [Sending](#sending-action)). Without it, `none`.')).toBe('An endpoint URL: POSTs the values there. Without it, none.');
    expect(plainText('Read [the policy](https://example.com/p) and **this**.')).toBe('Read the policy and this.');
    expect(plainText('Hosts (`cdn.example.com`, `*.example.com`)')).toBe('Hosts (cdn.example.com, *.example.com)');
    expect(plainText('plain')).toBe('plain');
    expect(plainText('')).toBe('');
  });

  it('keeps bad values out of the snippet with a message', () => {
    const url = fieldOf({ name: 'action', type: 'string', format: 'url', description: 'd' })!;
    expect(fieldError(url, 'javascript:alert(1)')).toBe(URL_MESSAGE);
    expect(fieldError(url, '//evil.example/x')).toBe(URL_MESSAGE);
    expect(fieldError(url, '/api/contact')).toBeNull();
    expect(fieldError(url, 'https://partner.example/api')).toBeNull();
    const variant = fieldOf({ name: 'variant', type: "'contact' | 'consultation'", default: 'contact', description: 'd' })!;
    const heading = fieldOf({ name: 'heading', type: 'string', description: 'd' })!;
    expect(fieldError(heading, 'x'.repeat(201))).not.toBeNull();
    const hosts = fieldOf({ name: 'image-hosts', type: 'string', format: 'hosts', description: 'd' })!;
    expect(hosts.kind).toBe('hosts');
    expect(fieldError(hosts, 'cdn.example.com, https://img.example')).toBeNull();
    expect(fieldError(hosts, 'none')).toBeNull();
    expect(fieldError(hosts, 'cdn.example.com https://img.example/path')).toBe(HOSTS_MESSAGE);
    expect(fieldError(hosts, 'none cdn.example.com')).toBe(HOSTS_MESSAGE);
    expect(snippetAttributes([hosts], { 'image-hosts': 'javascript:alert(1)' })).toEqual([]);
    expect(snippetAttributes([variant, url, heading], { variant: 'contact', action: 'javascript:x', heading: ' Hi ' })).toEqual([['heading', 'Hi']]);
  });

  it('builds the preview page from the same snippet, inside a labelled section', () => {
    const html = previewDocument({ origin, tag: 'dc-blog', file, attributes: [], tokens: false, theme: 'dark', consentMarker: true });
    expect(html).toContain('data-theme="dark"');
    expect(html).toContain(`<section aria-label="Widget preview">\n${widgetSnippet({ origin, tag: 'dc-blog', file })}\n</section>`);
    expect(html).toContain('<dc-consent hidden></dc-consent>');
  });
});

describe('a snippet with an inline JSON child (issue 33: <dc-consent> describing the partner\'s site)', () => {
  const consentFile = { latest: '/widgets/v3/dc-consent.js', pinned: '/widgets/v3/dc-consent.0123456789abcdef.js', integrity: 'sha384-abc' };
  it('puts the JSON inside the element, and needs no connect-src then', () => {
    const snippet = widgetSnippet({ origin: 'https://www.dataclarity.de', tag: 'dc-consent', file: consentFile, attributes: [['lang', 'de']], inline: '{"vendors":[]}' });
    expect(snippet.split('\n').slice(2).join('\n')).toBe('<dc-consent lang="de">\n<script type="application/json">\n{"vendors":[]}\n</script>\n</dc-consent>');
    expect(cspLines({ origin: 'https://www.dataclarity.de', tag: 'dc-consent', inline: '{}' })).toEqual(['script-src https://www.dataclarity.de']);
    expect(cspLines({ origin: 'https://www.dataclarity.de', tag: 'dc-consent' })).toContain('connect-src https://www.dataclarity.de');
  });
});
