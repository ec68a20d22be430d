import { COMPANY as company } from '../../shared/company';
import type { OutgoingMail } from '../contactRequests/mailOutbox';

/**
 * The account mails (issue 31), plain text, each with the site's name. Subjects are fixed per
 * kind: no header carries anything a visitor typed (the address is the recipient, checked by the
 * sign-up email rule and stored normalised). Bodies address the person by the name they gave
 * (text/plain, so nothing in it is markup) and carry the link on a line of its own.
 */
const SITE = company.name;
const SIGNATURE = ['', '-- ', `${SITE} · ${company.siteUrl.replace(/^https?:\/\//, '')}`, `Questions? Write to ${company.email}.`];

function body(lines: string[]): string {
  return [...lines, ...SIGNATURE].join('\n');
}

/** Text someone typed, on one line: control characters (line breaks included) become a space. */
function oneLine(typed: string): string {
  return typed.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

function greeting(firstName: string): string {
  return `Hello ${oneLine(firstName)},`;
}

export const ACCOUNT_MAIL_SUBJECTS = {
  'email-verification': `Confirm your email address for ${SITE}`,
  'password-reset': `Reset your ${SITE} password`,
  'password-changed': `Your ${SITE} password was changed`,
  'email-change': `Confirm your new email address for ${SITE}`,
  'email-change-notice': `Your ${SITE} email address is being changed`,
  'staff-invitation': `You are invited to the ${SITE} staff console`,
  'passkey-added': `A passkey was added to your ${SITE} account`,
  'passkey-removed': `A passkey was removed from your ${SITE} account`,
} as const;

export function verificationMail(to: string, firstName: string, link: string, hours: number): OutgoingMail {
  return {
    kind: 'email-verification',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['email-verification'],
    text: body([
      greeting(firstName),
      '',
      `please confirm that this is your email address for your ${SITE} account by opening this link:`,
      '',
      link,
      '',
      `The link works once and for ${hours} hours. If you did not create an account with ${SITE}, you can ignore this mail.`,
    ]),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string, minutes: number): OutgoingMail {
  return {
    kind: 'password-reset',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['password-reset'],
    text: body([
      greeting(firstName),
      '',
      `someone asked to reset the password of your ${SITE} account. To choose a new password, open this link:`,
      '',
      link,
      '',
      `The link works once and for ${minutes} minutes; a newer request replaces it. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ]),
  };
}

export function passwordChangedMail(to: string, firstName: string, resetLink: string): OutgoingMail {
  return {
    kind: 'password-changed',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['password-changed'],
    text: body([
      greeting(firstName),
      '',
      `the password of your ${SITE} account was just changed, and every device signed in to it was signed out.`,
      '',
      `If that was not you, reset your password now and tell us: ${resetLink}`,
    ]),
  };
}

export function emailChangeMail(to: string, firstName: string, link: string, hours: number): OutgoingMail {
  return {
    kind: 'email-change',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['email-change'],
    text: body([
      greeting(firstName),
      '',
      `you asked to use this address for your ${SITE} account. Open this link to confirm it:`,
      '',
      link,
      '',
      `The change takes effect only when you open the link. It works once and for ${hours} hours. If you did not ask for it, ignore this mail.`,
    ]),
  };
}

export function emailChangeNotice(to: string, firstName: string, newEmail: string): OutgoingMail {
  return {
    kind: 'email-change-notice',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['email-change-notice'],
    text: body([
      greeting(firstName),
      '',
      `someone signed in to your ${SITE} account asked to change its email address to ${newEmail}.`,
      'Nothing changes until the new address is confirmed with the link we sent there.',
      '',
      `If that was not you, change your password now and write to us at ${company.email}.`,
    ]),
  };
}

/**
 * A colleague's invitation to the staff console (issue 32, server/staff/invitationRoutes): the
 * one-time enrollment link, which registers the passkey they sign in with. `invitedBy` is the
 * inviting staff member's address (an account's, checked when it was stored).
 */
export function staffInvitationMail(to: string, firstName: string, invitedBy: string, link: string, hours: number): OutgoingMail {
  return {
    kind: 'staff-invitation',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['staff-invitation'],
    text: body([
      greeting(firstName),
      '',
      `${invitedBy} invited you to the ${SITE} staff console, where the team works the requests from the website and the client accounts.`,
      'To accept, open this link and register a passkey (your device\'s fingerprint, face or screen lock) to sign in with:',
      '',
      link,
      '',
      `The link works once and for ${hours} hours; a newer invitation replaces it. If you did not expect it, ignore this mail and tell us at ${company.email}.`,
    ]),
  };
}

/** When a change happened, for a mail: `2026-11-27 08:40 UTC`. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const PASSKEY_CHANGES = {
  'passkey-added': { happened: 'was added to', ifNotYou: 'remove it on your account page' },
  'passkey-removed': { happened: 'was removed from', ifNotYou: 'check the passkeys left on your account page' },
} as const;

/**
 * A passkey was added to or removed from the account (OWASP ASVS 5.0 V6.3.7: a notice after a
 * change of how the account signs in; queued by ../passkeys/passkeyRoutes queuePasskeyNotice).
 * The passkey is named by the name its holder typed, on one line and only in the body (the
 * subject is fixed); never by its credential id or key. `accountPage` is where the account's
 * passkeys are removed (the console's view for staff).
 */
function passkeyChangeMail(kind: keyof typeof PASSKEY_CHANGES, to: string, firstName: string, passkeyName: string, at: Date, accountPage: string): OutgoingMail {
  const change = PASSKEY_CHANGES[kind];
  return {
    kind,
    to,
    subject: ACCOUNT_MAIL_SUBJECTS[kind],
    text: body([
      greeting(firstName),
      '',
      `the passkey “${oneLine(passkeyName)}” ${change.happened} your ${SITE} account on ${utcMinute(at)}.`,
      '',
      `If that was not you: sign in, ${change.ifNotYou} and change your password, and write to us at ${company.email}.`,
      '',
      accountPage,
    ]),
  };
}

export function passkeyAddedMail(to: string, firstName: string, passkeyName: string, at: Date, accountPage: string): OutgoingMail {
  return passkeyChangeMail('passkey-added', to, firstName, passkeyName, at, accountPage);
}

export function passkeyRemovedMail(to: string, firstName: string, passkeyName: string, at: Date, accountPage: string): OutgoingMail {
  return passkeyChangeMail('passkey-removed', to, firstName, passkeyName, at, accountPage);
}
