// @vitest-environment happy-dom
import { describe, it, expect, vi } from 'vitest';
import reports from '../../site/_data/reports.json';
import {
  DEFAULT_ALLOWED_HOSTS,
  MAX_SNIPPET_LENGTH,
  parseAllowedHosts,
  parseEmbed,
  type EmbedErrorCode,
} from '../../shared/embed';
import { SPEC_REPORT_TITLES } from '../support/specReports';

const TOKEN = 'eyJrIjoiN2Q2N2Y0NWUtZDExZC00ZjhhLWE1NGMtMDk0MTViNjA3M2UwIiwidCI6IjZmNzJhMTdhLTQ4MDItNGJhMS1iYjRjLTQ0NDI3YmUyZjRhNCIsImMiOjl9';
const SRC = `https://app.powerbi.com/view?r=${TOKEN}`;
const frame = (src: string, extra = '') =>
  `<iframe title="Finance - Overview" width="1140" height="541.25" src="${src}" frameborder="0" allowFullScreen="true"${extra}></iframe>`;
const GOOD = frame(SRC);

describe('parseEmbed: valid snippets', () => {
  it('accepts a Power BI publish-to-web snippet and returns src, title and size', () => {
    expect(parseEmbed(GOOD)).toEqual({ ok: true, src: SRC, title: 'Finance - Overview', width: 1140, height: 541.25 });
  });

  it.each<[string, string, string]>([
    ['surrounding whitespace and comments', `\n  <!-- Power BI -->\n${GOOD}\n<!-- end -->\n`, SRC],
    ['an upper-case host and tag', `<IFRAME SRC="https://APP.POWERBI.COM/view?r=${TOKEN}"></IFRAME>`, SRC],
    ['the explicit default port', frame(`https://app.powerbi.com:443/view?r=${TOKEN}`), SRC],
    ['an entity-encoded https URL', frame(`https&#58;//app.powerbi.com/view?r=${TOKEN}&amp;pageName=ReportSection`), `${SRC}&pageName=ReportSection`],
    ['a sovereign cloud host', frame('https://app.powerbigov.us/view?r=abc'), 'https://app.powerbigov.us/view?r=abc'],
    ['a missing end tag', `<iframe src="${SRC}">`, SRC],
  ])('accepts %s', (_label, snippet, src) => {
    const result = parseEmbed(snippet);
    expect(result).toMatchObject({ ok: true, src });
  });

  it('omits title and size when absent or unusable', () => {
    expect(parseEmbed(`<iframe src="${SRC}" title="  " width="100%" height="600"></iframe>`)).toEqual({ ok: true, src: SRC });
  });

  it('honours a narrowed host list', () => {
    expect(parseEmbed(GOOD, ['app.powerbi.de']).ok).toBe(false);
    expect(parseEmbed(frame('https://app.powerbi.de/view?r=x'), ['APP.POWERBI.DE'])).toMatchObject({ ok: true });
  });
});

describe('parseEmbed: rejected snippets', () => {
  it.each<[string, unknown, EmbedErrorCode]>([
    ['empty input', '', 'empty'],
    ['whitespace only', '   \n ', 'empty'],
    ['a non-string', null, 'empty'],
    ['plain text', 'Finance dashboard', 'no-iframe'],
    ['an unfinished tag', '<iframe src="https://app.powerbi.com/view?r=abc"', 'unparseable'],
    ['a comment only', '<!-- nothing -->', 'no-iframe'],
    ['a link instead of a frame', `<a href="${SRC}">Open</a>`, 'extra-content'],
    ['two iframes', GOOD + GOOD, 'multiple-iframes'],
    ['an iframe plus script', `${GOOD}<script>alert(1)</script>`, 'extra-content'],
    ['a script before the iframe', `<script>alert(1)</script>${GOOD}`, 'extra-content'],
    ['an img with onerror', `<img src=x onerror="alert(1)">${GOOD}`, 'extra-content'],
    ['text next to the iframe', `Here it is: ${GOOD}`, 'extra-content'],
    ['an iframe wrapped in a div', `<div>${GOOD}</div>`, 'extra-content'],
    ['an svg wrapper', `<svg>${GOOD}</svg>`, 'extra-content'],
    ['a body with an onload handler', `<body onload="alert(1)">${GOOD}</body>`, 'extra-content'],
    ['a whole document', `<html><head><title>x</title></head><body>${GOOD}</body></html>`, 'extra-content'],
    ['a noscript wrapper', `<noscript>${GOOD}</noscript>`, 'extra-content'],
    ['a style element', `<style>iframe{}</style>${GOOD}`, 'extra-content'],
    ['content inside the iframe', `<iframe src="${SRC}"><script>alert(1)</script></iframe>`, 'iframe-content'],
    ['srcdoc only', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', 'srcdoc'],
    ['srcdoc beside a good src', frame(SRC, ' srcdoc="<b>hi</b>"'), 'srcdoc'],
    ['an onload handler', frame(SRC, ' onload="alert(1)"'), 'event-handler'],
    ['an upper-case handler', frame(SRC, ' ONLOAD="alert(1)"'), 'event-handler'],
    ['no src', '<iframe title="x"></iframe>', 'missing-src'],
    ['an empty src', '<iframe src=""></iframe>', 'missing-src'],
    ['a javascript: URL', frame('javascript:alert(1)'), 'not-https'],
    ['an entity-encoded javascript: URL', frame('&#106;avascript&#x3A;alert(1)'), 'not-https'],
    ['a javascript: URL with a tab', frame('java\tscript:alert(1)'), 'not-https'],
    ['a data: URL', frame('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='), 'not-https'],
    ['an http: URL', frame(`http://app.powerbi.com/view?r=${TOKEN}`), 'not-https'],
    ['a protocol-relative URL', frame(`//app.powerbi.com/view?r=${TOKEN}`), 'invalid-url'],
    ['a relative URL', frame('/view?r=abc'), 'invalid-url'],
    ['a look-alike subdomain', frame('https://app.powerbi.com.evil.com/view?r=abc'), 'host-not-allowed'],
    ['the host in the path', frame('https://evil.com/app.powerbi.com/view?r=abc'), 'host-not-allowed'],
    ['a hyphenated look-alike', frame('https://app-powerbi.com/view?r=abc'), 'host-not-allowed'],
    ['a parent domain', frame('https://powerbi.com/view?r=abc'), 'host-not-allowed'],
    ['a sibling subdomain', frame('https://evil.powerbi.com/view?r=abc'), 'host-not-allowed'],
    ['a trailing dot', frame('https://app.powerbi.com./view?r=abc'), 'host-not-allowed'],
    ['a backslash trick', frame('https://evil.com\\@app.powerbi.com/view'), 'host-not-allowed'],
    ['a Cyrillic look-alike', frame('https://app.powerbі.com/view?r=abc'), 'host-not-allowed'],
    ['port 444', frame(`https://app.powerbi.com:444/view?r=${TOKEN}`), 'port'],
    ['userinfo', frame(`https://user:pass@app.powerbi.com/view?r=${TOKEN}`), 'userinfo'],
    ['a user name hiding the host', frame('https://app.powerbi.com@evil.com/view'), 'userinfo'],
  ])('rejects %s', (_label, snippet, code) => {
    const result = parseEmbed(snippet);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.reason).not.toBe('');
    }
  });

  it('rejects an oversized snippet', () => {
    const result = parseEmbed(frame(`${SRC}&x=${'a'.repeat(MAX_SNIPPET_LENGTH)}`));
    expect(result).toMatchObject({ ok: false, code: 'too-long' });
  });

  it('reports the unparseable message when parsing throws', () => {
    const result = parseEmbed(GOOD, DEFAULT_ALLOWED_HOSTS, {
      parseFragment: () => {
        throw new Error('no DOM');
      },
    });
    expect(result).toEqual({ ok: false, code: 'unparseable', reason: 'Unable to parse the provided iframe HTML' });
  });

  it('never inserts the snippet into the live page or runs it', () => {
    const handler = vi.fn();
    (globalThis as unknown as { pwned: () => void }).pwned = handler;
    const before = document.body.innerHTML;
    parseEmbed(`<img src="x" onerror="pwned()"><script>pwned()</script>${GOOD}`);
    parseEmbed(frame(SRC, ' onload="pwned()"'));
    expect(document.body.innerHTML).toBe(before);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('parseAllowedHosts', () => {
  it('uses the default list without an attribute', () => {
    expect(parseAllowedHosts(null)).toEqual({ hosts: [...DEFAULT_ALLOWED_HOSTS], warnings: [] });
    expect(parseAllowedHosts('  ')).toEqual({ hosts: [...DEFAULT_ALLOWED_HOSTS], warnings: [] });
    expect(DEFAULT_ALLOWED_HOSTS).toEqual([
      'app.powerbi.com',
      'app.powerbigov.us',
      'app.high.powerbigov.us',
      'app.mil.powerbigov.us',
      'app.powerbi.cn',
      'app.powerbi.de',
    ]);
  });

  it('narrows to listed default hosts, comma- or space-separated, without duplicates', () => {
    expect(parseAllowedHosts('APP.PowerBI.com, app.powerbi.de  app.powerbi.com')).toEqual({
      hosts: ['app.powerbi.com', 'app.powerbi.de'],
      warnings: [],
    });
    expect(parseAllowedHosts('https://app.powerbigov.us/').hosts).toEqual(['app.powerbigov.us']);
  });

  it('never widens: other hosts are ignored with a warning', () => {
    const result = parseAllowedHosts('app.powerbi.com evil.com app.powerbi.com.evil.com http://app.powerbi.de');
    expect(result.hosts).toEqual(['app.powerbi.com']);
    expect(result.warnings).toHaveLength(3);
    expect(result.warnings[0]).toContain('"evil.com"');
  });

  it('falls back to the defaults with a warning when nothing usable is left', () => {
    const result = parseAllowedHosts('evil.com');
    expect(result.hosts).toEqual([...DEFAULT_ALLOWED_HOSTS]);
    expect(result.warnings).toHaveLength(2);
    expect(result.warnings[1]).toMatch(/default Power BI hosts/);
  });
});

describe('reports.json', () => {
  it('holds the six finance reports of the spec in order', () => {
    expect(reports.map((r) => r.title)).toEqual(SPEC_REPORT_TITLES);
    expect(new Set(reports.map((r) => r.id)).size).toBe(6);
  });

  it.each(reports.map((r) => [r.id, r] as const))('%s is complete and embeds a valid Power BI report', (id, report) => {
    expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(report.category).toBe('Finance');
    expect(report.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(report.lastUpdated))).toBe(false);
    expect(report.description.trim().length).toBeGreaterThan(40);
    const result = parseEmbed(report.iframeHtml);
    expect(result).toMatchObject({ ok: true, width: 1140, height: 541.25 });
    if (result.ok) {
      expect(result.src).toMatch(/^https:\/\/app\.powerbi\.com\/view\?r=[A-Za-z0-9+/=%]+$/);
      expect(result.title).toBe(`Finance - ${report.title}`);
    }
  });
});
