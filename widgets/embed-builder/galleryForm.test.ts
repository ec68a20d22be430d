// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_HOSTS, EMBED_MESSAGES } from '../../shared/embed';
import { galleryReports, inlineReports, moved, reportErrors, reportReady, suggestedTitle, TITLE_MESSAGE, type ReportDraft } from './galleryForm';
import { parseReports } from '../lib/reports';

/** Issue 33: a gallery of a partner's own Power BI reports, pasted on /embed. */
const hosts = DEFAULT_ALLOWED_HOSTS;
const code = (key: string, title?: string) =>
  `<iframe${title ? ` title="${title}"` : ''} width="1140" height="541.25" src="https://app.powerbi.com/reportEmbed?reportId=${key}&autoAuth=true" frameborder="0" allowFullScreen="true"></iframe>`;
const report = (over: Partial<ReportDraft>): ReportDraft => ({ embed: code('a'), title: 'Sales', category: 'Finance', ...over });

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

describe('moved', () => {
  it('swaps with the neighbour, and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
