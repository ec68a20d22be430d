// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { checkSnippet } from '../../server/dashboards/snippet';
import { DASHBOARD_MESSAGES } from '../../shared/clientDashboards';
import { DEFAULT_ALLOWED_HOSTS, EMBED_MESSAGES } from '../../shared/embed';
import { embedError } from '../../widgets/embed-builder/galleryForm';

/**
 * The server reads a pasted snippet without a DOM (server/dashboards/snippetFragment.ts) and
 * checks it with the rule of /embed's gallery form (shared/embed.ts parsePastedEmbed): it accepts
 * what /embed's form accepts, a link or a code, and refuses the rest with the same words (here
 * /embed's form parses in a DOM, happy-dom).
 */
const SNIPPET =
  '<iframe title="Sales" width="1140" height="541.25" src="https://app.powerbi.com/view?r=abc&amp;pageName=p1" frameborder="0" allowFullScreen="true"></iframe>';

describe('a pasted snippet on the server, by the gallery rule', () => {
  it('keeps the checked address of an embed code or of a "Publish to web" link, as /embed\'s form accepts them', () => {
    for (const link of ['https://app.powerbi.com/view?r=eyJrIjoi', '\n  https://app.powerbi.cn/view?r=1 \n', 'https://app.mil.powerbigov.us/view?r=2']) {
      expect(checkSnippet(link)).toEqual({ ok: true, src: link.trim() });
      expect(embedError(link, DEFAULT_ALLOWED_HOSTS)).toBeNull();
    }
    expect(checkSnippet(SNIPPET)).toEqual({ ok: true, src: 'https://app.powerbi.com/view?r=abc&pageName=p1' });
    expect(embedError(SNIPPET, DEFAULT_ALLOWED_HOSTS)).toBeNull();
    expect(checkSnippet('  https://app.powerbi.com/view?r=abc&x="1"  ')).toEqual({
      ok: true,
      src: 'https://app.powerbi.com/view?r=abc&x=%221%22',
    });
    expect(checkSnippet('<!-- report --> <iframe src=https://app.powerbi.de/view?r=1></iframe>\n')).toEqual({
      ok: true,
      src: 'https://app.powerbi.de/view?r=1',
    });
  });

  it('asks for a snippet when there is none', () => {
    expect(checkSnippet('   ')).toEqual({ ok: false, message: DASHBOARD_MESSAGES.snippetRequired });
    expect(checkSnippet(undefined)).toEqual({ ok: false, message: DASHBOARD_MESSAGES.snippetRequired });
  });

  it.each([
    '<iframe src="https://evil.example/view?r=1"></iframe>',
    '<iframe src="https://app.powerbi.com.evil.com/x"></iframe>',
    '<iframe src="https://app-powerbi.com/x"></iframe>',
    '<iframe src="//app.powerbi.com/x"></iframe>',
    '<iframe src="http://app.powerbi.com/x"></iframe>',
    '<iframe src="https://app.powerbi.com:8443/x"></iframe>',
    '<iframe src="https://user:pw@app.powerbi.com/x"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe src="jav&#x61;script:alert(1)"></iframe>',
    '<iframe srcdoc="x" src="https://app.powerbi.com/x"></iframe>',
    '<iframe src="https://app.powerbi.com/x" onload="alert(1)"></iframe>',
    '<iframe src="https://app.powerbi.com/x"></iframe><script>alert(1)</script>',
    '<iframe src="https://app.powerbi.com/x"></iframe><iframe src="https://app.powerbi.com/y"></iframe>',
    '<iframe src="https://app.powerbi.com/x">text</iframe>',
    '<iframe></iframe>',
    '<div><iframe src="https://app.powerbi.com/x"></iframe></div>',
    'Sales report <iframe src="https://app.powerbi.com/x"></iframe>',
    '<html><iframe src="https://app.powerbi.com/x"></iframe></html>',
    'https://evil.example/report',
    'http://app.powerbi.com/view?r=1',
    'javascript:alert(1)',
    'app.powerbi.com/view?r=1',
    'Our report: https://app.powerbi.com/view?r=1',
  ])('refuses %s with the words /embed shows', (pasted) => {
    const browser = embedError(pasted, DEFAULT_ALLOWED_HOSTS);
    expect(browser).not.toBeNull();
    expect(checkSnippet(pasted)).toEqual({ ok: false, message: browser });
  });

  it('is stricter, never looser, where it does not read a code plainly', () => {
    for (const pasted of [
      '<iframe src="https://app.powerbi.com/x"',
      '<iframe src="https://app.powerbi.com/x&bogus;"></iframe>',
      '<!DOCTYPE html><iframe src="https://app.powerbi.com/x"></iframe>',
    ]) {
      const result = checkSnippet(pasted);
      expect(result.ok, pasted).toBe(false);
      expect((result as { message: string }).message.startsWith(`${EMBED_MESSAGES.invalid}: `)).toBe(true);
    }
  });
});
