import { hashToken, newSessionToken } from '../sessions/token';
import type { User } from '../users/store';
import { emailChangeMail, passwordResetMail, verificationMail } from './accountMails';
import type { AccountStore, TokenPurpose } from './accountStore';
import type { AccountSettings } from './settings';

/** Where the links of the mails open (the site's pages; the token is the last path segment). */
export const LINK_PAGES = {
  'password-reset': '/reset_password',
  'email-verification': '/verify_email',
  'email-change': '/verify_email',
} as const satisfies Record<TokenPurpose, string>;

/**
 * Issues a single-use link and queues its mail (./accountStore, one transaction): 32 random
 * bytes, their SHA-256 stored, the token itself only in the mail. `kick` asks the outbox worker
 * to send at once. The link's origin is SITE_URL, never the request's Host.
 */
export function linkMails(store: AccountStore, settings: Pick<AccountSettings, 'siteUrl' | 'resetTtlMs' | 'verificationTtlMs'>, kick: () => void) {
  const issue = async (user: Pick<User, '_id' | 'firstName'>, purpose: TokenPurpose, to: string, render: (link: string) => Parameters<AccountStore['issueToken']>[1]) => {
    const token = newSessionToken();
    const now = new Date();
    const ttl = purpose === 'password-reset' ? settings.resetTtlMs : settings.verificationTtlMs;
    const link = `${settings.siteUrl}${LINK_PAGES[purpose]}/${token}`;
    await store.issueToken({ tokenHash: hashToken(token), userId: user._id, purpose, email: to, expiresAt: new Date(now.getTime() + ttl) }, render(link), now);
    kick();
  };
  const hours = Math.round(settings.verificationTtlMs / 3_600_000);
  return {
    verification: (user: User) => issue(user, 'email-verification', user.email, (link) => verificationMail(user.email, user.firstName, link, hours)),
    reset: (user: User) =>
      issue(user, 'password-reset', user.email, (link) => passwordResetMail(user.email, user.firstName, link, Math.round(settings.resetTtlMs / 60_000))),
    emailChange: (user: User, newEmail: string) => issue(user, 'email-change', newEmail, (link) => emailChangeMail(newEmail, user.firstName, link, hours)),
    /** The link of the reset page (mails that offer it). */
    resetPage: `${settings.siteUrl}${LINK_PAGES['password-reset']}`,
  };
}
export type LinkMails = ReturnType<typeof linkMails>;
