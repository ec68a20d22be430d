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
  'email-verified': `Your ${SITE} email address is confirmed`,
  'account-deleted': `Your ${SITE} account was deleted`,
} as const satisfies Record<OutgoingMail['kind'], string>;

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

/** What a first proof of the address removed (AccountStore.proveAddress), for the mails that say so. */
export interface RemovedBeforeProof {
  passkeys: readonly string[];
  sessions: number;
}

function removedLines(removed: RemovedBeforeProof): string[] {
  if (removed.passkeys.length === 0 && removed.sessions === 0) return [];
  const parts = [
    removed.passkeys.length > 0 ? `${removed.passkeys.length === 1 ? 'the passkey' : 'the passkeys'} ${removed.passkeys.map((name) => `“${oneLine(name)}”`).join(', ')}` : '',
    removed.sessions > 0 ? `${removed.sessions === 1 ? 'one signed-in session' : `${removed.sessions} signed-in sessions`}` : '',
  ].filter((part) => part !== '');
  return [
    '',
    `This was the first time anyone proved this address for the account. Anyone could have typed it before, so we removed what was added to the account until now: ${parts.join(' and ')}.`,
    'If those were yours, sign in and add them again.',
  ];
}

/** A passkey held, as a mail lists it. */
export interface ListedPasskey {
  name: string;
  createdAt: string;
}

/**
 * The password was changed (on the account page, or by a reset link). A reset that proved the
 * address for the first time says what it removed (`removed`); a reset of an account whose address
 * was proved before lists the passkeys that still sign in to it (`passkeys`) and where to review them.
 */
export function passwordChangedMail(
  to: string,
  firstName: string,
  resetLink: string,
  after: { removed?: RemovedBeforeProof; passkeys?: readonly ListedPasskey[]; reviewLink?: string } = {},
): OutgoingMail {
  const listed = after.passkeys ?? [];
  return {
    kind: 'password-changed',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['password-changed'],
    text: body([
      greeting(firstName),
      '',
      `the password of your ${SITE} account was just changed, and every device signed in to it was signed out.`,
      ...(after.removed ? removedLines(after.removed) : []),
      ...(listed.length > 0
        ? [
            '',
            `${listed.length === 1 ? 'This passkey still signs in' : 'These passkeys still sign in'} to your account without the password:`,
            ...listed.map((passkey) => `- “${oneLine(passkey.name)}”, added ${utcMinute(new Date(passkey.createdAt))}`),
            `If one is not yours, remove it: ${after.reviewLink ?? ''}`,
          ]
        : []),
      '',
      `If that was not you, reset your password now and tell us: ${resetLink}`,
    ]),
  };
}

/** The address was proved for the first time by its verification link, and what came before it was removed. */
export function emailVerifiedMail(to: string, firstName: string, removed: RemovedBeforeProof, accountPage: string): OutgoingMail {
  return {
    kind: 'email-verified',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['email-verified'],
    text: body([greeting(firstName), '', `your email address is now confirmed for your ${SITE} account.`, ...removedLines(removed), '', accountPage]),
  };
}

/** The account was deleted by its holder (sent to the address it had, after the deletion). */
export function accountDeletedMail(to: string, firstName: string, erasedRequests: number): OutgoingMail {
  return {
    kind: 'account-deleted',
    to,
    subject: ACCOUNT_MAIL_SUBJECTS['account-deleted'],
    text: body([
      greeting(firstName),
      '',
      `your ${SITE} account was deleted just now, with its sessions, passkeys and settings.`,
      erasedRequests > 0
        ? `The ${erasedRequests === 1 ? 'request' : `${erasedRequests} requests`} you sent us from this address ${erasedRequests === 1 ? 'was' : 'were'} erased too.`
        : 'Requests you sent us through the website stay with us as our privacy policy says, until you ask us to erase them.',
      '',
      `If you did not delete it, write to us at ${company.email} at once.`,
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
      'Using the link signs the account out everywhere and replaces any passkeys it had; staff sign in only with passkeys made this way or in the console.',
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
