import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PAGE_PREFIXES, API_PAGE_TOKEN } from '../hosting/siteRules';
import { hashToken, isTokenShaped } from '../sessions/token';
import type { StaffStore } from '../staff/staffStore';
import type { AccountStore, TokenPurpose, TokenState } from './accountStore';

/**
 * The pages the mails' links open, /reset_password/<token> and /verify_email/<token>, and the staff
 * CLI's enrollment link, /staff/enroll/<token> (issue 32): the built page
 * (site/reset_password_link.njk, site/verify_email.njk, site/staff_enroll.njk) with the token in its form's hidden
 * field and the link's state (valid, or expired: used, replaced and too old look alike) in
 * `data-link-state`, so the form works without JavaScript and a dead link says so at once.
 * Looking does not use the link (a mail scanner opening it changes nothing).
 *
 * Headers: noindex, Referrer-Policy no-referrer (the token is in the URL: no request from the
 * page may carry it to another site, or to ours in a Referer), never cached.
 */
export const TOKEN_PAGES = {
  'password-reset': { path: API_PAGE_PREFIXES[0], file: 'reset_password/link/index.html' },
  'email-verification': { path: API_PAGE_PREFIXES[1], file: 'verify_email/index.html' },
  'staff-enrollment': { path: API_PAGE_PREFIXES[2], file: 'staff/enroll/index.html' },
} as const;

/**
 * Only a token-shaped last segment (43 base64url characters, ../sessions/token) is a link; every
 * other path (`/reset_password/`, `/reset_password/index.html`, the built template's own URL) stays
 * the static site's, with its redirects and 404, as nginx and the CDN files answer it.
 */
const TOKEN_PARAM = `:token(${API_PAGE_TOKEN})`;

const TOKEN_FIELD = 'name="token" value=""';
const STATE_ATTRIBUTE = 'data-link-state="none"';

export function registerTokenPages(app: FastifyInstance, options: { distDir: string; accounts: AccountStore; staff: StaffStore }): void {
  const cache = new Map<string, string | null>();
  const template = (file: string): string | null => {
    if (!cache.has(file)) {
      const path = join(options.distDir, file);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
      cache.set(file, text !== null && text.includes(TOKEN_FIELD) && text.includes(STATE_ATTRIBUTE) ? text : null);
    }
    return cache.get(file) ?? null;
  };

  const state = async (purpose: keyof typeof TOKEN_PAGES, token: string): Promise<TokenState> => {
    const now = new Date();
    const hash = hashToken(token);
    if (purpose === 'staff-enrollment') return options.staff.enrollmentState(hash, now);
    const purposes: TokenPurpose[] = purpose === 'password-reset' ? ['password-reset'] : ['email-verification', 'email-change'];
    let found: TokenState = 'unknown';
    for (const each of purposes) {
      const one = await options.accounts.tokenState(hash, each, now);
      if (one === 'valid') return one;
      if (one === 'expired') found = one;
    }
    return found;
  };

  const page = (purpose: keyof typeof TOKEN_PAGES) => async (request: { params: { token: string } }, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    const html = template(TOKEN_PAGES[purpose].file);
    if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send('The site is not built.');
    const token = request.params.token;
    const valid = isTokenShaped(token) && (await state(purpose, token)) === 'valid';
    const body = html
      .replace(TOKEN_FIELD, `name="token" value="${valid ? token : ''}"`)
      .replace(STATE_ATTRIBUTE, `data-link-state="${valid ? 'valid' : 'expired'}"`);
    return reply.code(valid ? 200 : 410).type('text/html; charset=utf-8').send(body);
  };

  // After the site-wide headers (a route's hooks run after the server's): this page's own referrer policy.
  const noReferrer = async (_request: unknown, reply: FastifyReply, payload: unknown) => {
    reply.header('Referrer-Policy', 'no-referrer');
    return payload;
  };
  app.get<{ Params: { token: string } }>(`${TOKEN_PAGES['password-reset'].path}${TOKEN_PARAM}`, { onSend: noReferrer }, page('password-reset'));
  app.get<{ Params: { token: string } }>(`${TOKEN_PAGES['email-verification'].path}${TOKEN_PARAM}`, { onSend: noReferrer }, page('email-verification'));
  app.get<{ Params: { token: string } }>(`${TOKEN_PAGES['staff-enrollment'].path}${TOKEN_PARAM}`, { onSend: noReferrer }, page('staff-enrollment'));
}
