// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_HOSTS, EMBED_MESSAGES, parseEmbed } from '../../shared/embed';
import { galleryReports, inlineReports, moved, reportErrors, reportReady, suggestedTitle, TITLE_MESSAGE, type ReportDraft } from './galleryForm';
import { parseReports } from '../lib/reports';

/** Issue 33: a gallery of a partner's own Power BI reports, pasted on /embed. */
const hosts = DEFAULT_ALLOWED_HOSTS;
const code = (key: string, title?: string) =>
  `<iframe${title ? ` title="${title}"` : ''} width="1140" height="541.25" src="https://app.powerbi.com/reportEmbed?reportId=${key}&autoAuth=true" frameborder="0" allowFullScreen="true"></iframe>`;
const report = (over: Partial<ReportDraft>): ReportDraft => ({ embed: code('a'), title: 'Sales', category: 'Finance', description: '', lastUpdated: '', ...over });
const LINK = 'https://app.powerbi.com/view?r=eyJrIjoiabc';

describe('reportErrors: the gallery\'s rule and words for a pasted code', () => {
  it('a Power BI code with a title is ready; an empty code is no error yet but stays out', () => {
    expect(reportErrors(report({}), hosts)).toEqual({});
    expect(reportReady(report({}), hosts)).toBe(true);
    expect(reportErrors(report({ embed: '', title: '' }), hosts)).toEqual({});
    expect(reportReady(report({ embed: '  ' }), hosts)).toBe(false);
  });
  it('another host, http, a script or two frames: "Invalid Dashboard" and the reason', () => {
    expect(reportErrors(report({ embed: '<iframe src="https://evil.example/r"></iframe>' }), hosts).embed).toBe(
      `${EMBED_MESSAGES.invalid}: The iframe src host "evil.example" is not an allowed Power BI host.`,
    );
    expect(reportErrors(report({ embed: '<iframe src="http://app.powerbi.com/r"></iframe>' }), hosts).embed).toMatch(/^Invalid Dashboard: The iframe src must use https/);
    expect(reportErrors(report({ embed: `${code('a')}<script>alert(1)</script>` }), hosts).embed).toMatch(/^Invalid Dashboard: /);
    expect(reportErrors(report({ embed: code('a') + code('b') }), hosts).embed).toBe(`${EMBED_MESSAGES.invalid}: The embed code must contain exactly one iframe element.`);
    expect(reportErrors(report({ embed: 'just some text' }), hosts).embed).toMatch(/^Invalid Dashboard: /);
  });
  it('a narrowed host list is the rule', () => {
    expect(reportErrors(report({}), ['app.powerbi.de']).embed).toMatch(/not an allowed Power BI host/);
  });
  it('a valid code needs a title', () => {
    expect(reportErrors(report({ title: '  ' }), hosts)).toEqual({ title: TITLE_MESSAGE });
  });
  it('suggests the iframe\'s own title', () => {
    expect(suggestedTitle(code('a', 'Q3 Revenue'), hosts)).toBe('Q3 Revenue');
    expect(suggestedTitle(code('a'), hosts)).toBe('');
    expect(suggestedTitle('<p>', hosts)).toBe('');
  });
});

describe('the inline reports of the snippet', () => {
  it('keeps the ready reports in order, with the ids the gallery derives, and reads back unchanged', () => {
    const items = galleryReports([report({ title: 'Sales' }), report({ embed: 'bad' }), report({ title: 'Sales', embed: code('b'), category: '' })], hosts);
    expect(items.map((item) => [item.id, item.title, item.category])).toEqual([
      ['sales', 'Sales', 'Finance'],
      ['sales-2', 'Sales', ''],
    ]);
    const inline = inlineReports(items);
    expect(inline.reports[1]).not.toHaveProperty('category');
    const back = parseReports(JSON.stringify(inline));
    expect(back.ok && back.reports.map((item) => item.id)).toEqual(['sales', 'sales-2']);
  });
});

describe('a pasted "Publish to web" link, a description and a last-updated day', () => {
  it('a link on an allowed host is ready like a code, with spaces and new lines around it', () => {
    expect(reportErrors(report({ embed: `\n ${LINK} \n` }), hosts)).toEqual({});
    expect(reportErrors(report({ embed: 'https://app.powerbigov.us/view?r=1' }), hosts)).toEqual({});
    expect(suggestedTitle(LINK, hosts)).toBe('');
  });
  it('refuses http, another host, javascript: and a link with text around it with the gallery\'s words', () => {
    expect(reportErrors(report({ embed: LINK.replace('https:', 'http:') }), hosts).embed).toBe(`${EMBED_MESSAGES.invalid}: The link must use https, not http:`);
    expect(reportErrors(report({ embed: 'https://evil.example/view?r=1' }), hosts).embed).toBe(
      `${EMBED_MESSAGES.invalid}: The link host "evil.example" is not an allowed Power BI host.`,
    );
    expect(reportErrors(report({ embed: 'javascript:alert(1)' }), hosts).embed).toBe(`${EMBED_MESSAGES.invalid}: The link must use https, not javascript:`);
    expect(reportErrors(report({ embed: `Our sales: ${LINK}` }), hosts).embed).toBe(`${EMBED_MESSAGES.invalid}: The embed code contains no iframe element.`);
    expect(reportErrors(report({ embed: LINK }), ['app.powerbi.de']).embed).toMatch(/not an allowed Power BI host/);
  });
  it('carries a day only as the gallery reads it: a date input\'s value, not a day that does not exist', () => {
    const dayOf = (lastUpdated: string) => galleryReports([report({ lastUpdated })], hosts)[0]?.lastUpdated;
    expect(dayOf(' 2026-03-31 ')).toBe('2026-03-31');
    expect(dayOf('2026-02-30')).toBe('');
    expect(dayOf('March 3')).toBe('');
    expect(dayOf('')).toBe('');
    expect(reportReady(report({ lastUpdated: 'March 3' }), hosts)).toBe(true);
  });
  it('the snippet carries a link as the plain iframe for it, a code as pasted, and the description and day when given', () => {
    const items = galleryReports(
      [
        report({ embed: ` ${LINK}\n`, title: 'Sales', description: ' Pipeline by region. ', lastUpdated: '2026-03-31' }),
        report({ embed: code('b'), title: 'Stock', category: '' }),
      ],
      hosts,
    );
    const inline = inlineReports(items);
    expect(inline.reports).toEqual([
      { id: 'sales', title: 'Sales', category: 'Finance', description: 'Pipeline by region.', lastUpdated: '2026-03-31', iframeHtml: `<iframe src="${LINK}"></iframe>` },
      { id: 'stock', title: 'Stock', iframeHtml: code('b') },
    ]);
    // The gallery reads it back: the same fields, and its own rule accepts the frame built for the link.
    const back = parseReports(JSON.stringify(inline));
    expect(back.ok && back.reports[0]).toMatchObject({ description: 'Pipeline by region.', lastUpdated: '2026-03-31' });
    expect(back.ok && parseEmbed(back.reports[0]!.iframeHtml)).toEqual({ ok: true, src: LINK });
  });
});

describe('moved', () => {
  it('swaps with the neighbour, and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
