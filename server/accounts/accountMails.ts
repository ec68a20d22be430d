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

function greeting(firstName: string): string {
  return `Hello ${firstName.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()},`;
}

export const ACCOUNT_MAIL_SUBJECTS = {
  'email-verification': `Confirm your email address for ${SITE}`,
  'password-reset': `Reset your ${SITE} password`,
  'password-changed': `Your ${SITE} password was changed`,
  'email-change': `Confirm your new email address for ${SITE}`,
  'email-change-notice': `Your ${SITE} email address is being changed`,
  'staff-invitation': `You are invited to the ${SITE} staff console`,
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
