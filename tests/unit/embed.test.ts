// @vitest-environment happy-dom
import { describe, it, expect, vi } from 'vitest';
import reports from '../../site/_data/reports.json';
import {
  DEFAULT_ALLOWED_HOSTS,
  embedCodeOf,
  embedRefusal,
  MAX_SNIPPET_LENGTH,
  parseAllowedHosts,
  parseEmbed,
  parsePastedEmbed,
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

describe('parsePastedEmbed: a "Publish to web" link or the embed code', () => {
  it.each(DEFAULT_ALLOWED_HOSTS)('accepts a link on %s', (host) => {
    expect(parsePastedEmbed(`https://${host}/view?r=${TOKEN}`)).toEqual({ ok: true, src: `https://${host}/view?r=${TOKEN}` });
  });

  it('accepts the app.powerbi.com link with spaces and new lines around it, normalised like an iframe src', () => {
    expect(parsePastedEmbed(`  \n${SRC}\t\n `)).toEqual({ ok: true, src: SRC });
    expect(parsePastedEmbed(`HTTPS://APP.POWERBI.COM:443/view?r=${TOKEN}&pageName=p1`)).toEqual({ ok: true, src: `${SRC}&pageName=p1` });
  });

  it('reads an iframe code exactly as parseEmbed does', () => {
    expect(parsePastedEmbed(GOOD)).toEqual(parseEmbed(GOOD));
    expect(parsePastedEmbed(`\n  ${GOOD}\n`)).toEqual({ ok: true, src: SRC, title: 'Finance - Overview', width: 1140, height: 541.25 });
    expect(parsePastedEmbed(frame('https://evil.example/r'))).toEqual(parseEmbed(frame('https://evil.example/r')));
  });

  it.each<[string, string, EmbedErrorCode, string]>([
    ['http://', `http://app.powerbi.com/view?r=${TOKEN}`, 'not-https', 'The link must use https, not http:'],
    ['javascript:', 'javascript:alert(1)', 'not-https', 'The link must use https, not javascript:'],
    ['a disallowed host', 'https://evil.example/view?r=1', 'host-not-allowed', 'The link host "evil.example" is not an allowed Power BI host.'],
    ['a look-alike host', 'https://app.powerbi.com.evil.com/view?r=1', 'host-not-allowed', 'The link host "app.powerbi.com.evil.com" is not an allowed Power BI host.'],
    ['a port', 'https://app.powerbi.com:8443/view?r=1', 'port', 'The link may not use port 8443.'],
    ['a user name', 'https://user@app.powerbi.com/view?r=1', 'userinfo', 'The link may not contain a user name or password.'],
    ['no scheme', 'app.powerbi.com/view?r=1', 'invalid-url', 'The link must be an absolute https URL.'],
    ['a protocol-relative link', '//app.powerbi.com/view?r=1', 'invalid-url', 'The link must be an absolute https URL.'],
    ['text before the link', `Our report: ${SRC}`, 'no-iframe', 'The embed code contains no iframe element.'],
    ['text after the link', `${SRC} (Q3)`, 'no-iframe', 'The embed code contains no iframe element.'],
    ['two links', `${SRC}\n${SRC}`, 'no-iframe', 'The embed code contains no iframe element.'],
    ['a link beside an iframe code', `${SRC} ${GOOD}`, 'extra-content', 'The embed code contains text outside the iframe element.'],
    ['a link in an anchor', `<a href="${SRC}">Open</a>`, 'extra-content', 'The embed code may only contain one iframe element; found <a>.'],
  ])('refuses %s with the rule\'s words', (_label, pasted, code, reason) => {
    expect(parsePastedEmbed(pasted)).toEqual({ ok: false, code, reason });
  });

  it('refuses empty, oversized and non-text input as parseEmbed does, and honours a narrowed host list', () => {
    expect(parsePastedEmbed('  \n ')).toMatchObject({ ok: false, code: 'empty' });
    expect(parsePastedEmbed(null)).toMatchObject({ ok: false, code: 'empty' });
    expect(parsePastedEmbed(`${SRC}&x=${'a'.repeat(MAX_SNIPPET_LENGTH)}`)).toMatchObject({ ok: false, code: 'too-long' });
    expect(parsePastedEmbed(SRC, ['app.powerbi.de'])).toMatchObject({ ok: false, code: 'host-not-allowed' });
    expect(parsePastedEmbed('https://APP.POWERBI.DE/view?r=1', ['app.powerbi.de'])).toEqual({ ok: true, src: 'https://app.powerbi.de/view?r=1' });
  });

  it('words a refused link as the gallery does', () => {
    const result = parsePastedEmbed('https://evil.example/view?r=1');
    expect(!result.ok && embedRefusal(result)).toBe('Invalid Dashboard: The link host "evil.example" is not an allowed Power BI host.');
  });

  it('embedCodeOf: the pasted code as it is, a link as the plain iframe the gallery reads back to the same src', () => {
    expect(embedCodeOf(`  ${GOOD}\n`, { ok: true, src: SRC })).toBe(GOOD);
    const link = `https://app.powerbi.com/view?r=a&pageName="x"`;
    const result = parsePastedEmbed(link);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const code = embedCodeOf(` ${link} `, result);
    expect(code).toBe('<iframe src="https://app.powerbi.com/view?r=a&amp;pageName=%22x%22"></iframe>');
    expect(parseEmbed(code)).toEqual({ ok: true, src: result.src });
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
