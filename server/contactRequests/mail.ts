import nodemailer from 'nodemailer';
import { officeTime } from './officeTime';
import type { OutgoingMail } from './mailOutbox';
import type { ContactRequest } from '../../shared/contactRequestSchema';

/**
 * The mail of a contact request, and the SMTP transport that sends it.
 *
 * Visitors' text is hostile until proven otherwise. It reaches a header only as
 * - the subject's name part and the Reply-To display name: every control character (CR, LF, TAB,
 *   NUL…) and Unicode line/paragraph separator becomes a space, and the text is cut to 80
 *   characters, and "=?" (the start of an RFC 2047 encoded word a client would decode) becomes "= ?";
 *   nodemailer then encodes non-ASCII as RFC 2047 words;
 * - the Reply-To address: only when it is a plain address (the shared email rule, and none of
 *   `<>()[],;:"\` that could smuggle a second address or a comment); otherwise no Reply-To.
 * The body is text/plain only, so HTML in a field is shown as text by every mail client.
 */

export interface ContactRequestMail {
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
}

export interface MailAddresses {
  /** LEADS_TO: who receives contact requests. */
  to: string;
  /** LEADS_FROM: the sender the SMTP account may use. */
  from: string;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const SAFE_ADDRESS = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\]+$/;

/** Start of an RFC 2047 encoded word; split so that no mail client decodes it. */
const ENCODED_WORD_START = /=\?/g;

/**
 * Text safe for a header: one line, no control characters, no RFC 2047 encoded word ("=?" becomes
 * "= ?": the rules refuse them in names, this covers contact requests stored before), at most `max` characters.
 */
export function headerText(value: string, max = 80): string {
  const line = value.replace(CONTROL, ' ').replace(ENCODED_WORD_START, '= ?').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** The address when it can stand alone in a header, else null. */
export function replyToAddress(email: string): string | null {
  const address = email.trim();
  return address.length <= 254 && SAFE_ADDRESS.test(address) ? address : null;
}

const VARIANT_LABEL: Record<ContactRequest['variant'], string> = {
  contact: 'Contact request',
  consultation: 'Free consultation request',
};

/** The mail for a contact request: to the sales inbox, Reply-To the visitor, every field in a plain-text body. */
export function contactRequestMail(contactRequest: ContactRequest, messageId: string, addresses: MailAddresses): ContactRequestMail {
  const name = headerText(contactRequest.name) || 'unnamed visitor';
  const address = replyToAddress(contactRequest.email);
  const lines = [
    `${VARIANT_LABEL[contactRequest.variant]} from the website`,
    '',
    `Name:      ${contactRequest.name}`,
    `Email:     ${contactRequest.email}${address ? '' : '   (not usable as Reply-To: check it before answering)'}`,
    `Phone:     ${contactRequest.phone}`,
    `Request:   ${contactRequest.variant}`,
    `Received:  ${officeTime(contactRequest.receivedAt)}`,
    `Source:    ${contactRequest.source || 'unknown'}`,
    `Lead id:   ${contactRequest.id}`,
    '',
    contactRequest.variant === 'consultation' ? 'What they would like to discuss:' : 'Message:',
    '',
    contactRequest.message,
    '',
    '-- ',
    'Sent by the DataClarity website. Reply to this mail to answer the visitor.',
    `Received at ${contactRequest.receivedAt} (UTC).`,
  ];
  return {
    from: addresses.from,
    to: addresses.to,
    ...(address ? { replyTo: { name, address } } : {}),
    subject: `${VARIANT_LABEL[contactRequest.variant]}: ${name}`,
    text: lines.join('\n'),
    messageId,
    date: new Date(contactRequest.receivedAt),
    headers: { 'X-DC-Lead-Id': contactRequest.id, 'X-DC-Received-UTC': contactRequest.receivedAt, 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * An account mail (./mailOutbox) ready for the transport: from the site's sender, to the account's
 * address, the fixed subject of its kind (no text a visitor typed), a plain-text body.
 */
export function accountMail(mail: OutgoingMail, messageId: string, from: string, date: Date): ContactRequestMail {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId,
    date,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-DC-Mail-Kind': mail.kind },
  };
}

/** Sends a contact request's mail; rejects when the SMTP server refuses it or cannot be reached. */
export interface ContactRequestMailer {
  send(mail: ContactRequestMail): Promise<void>;
  close(): void;
}

/** Timeouts of one SMTP conversation: an unreachable or stalled server fails the attempt, never the request. */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as const;

/** Reads `smtp://user:pass@host:587` or `smtps://…:465` into nodemailer's SMTP options. */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got '${url.protocol}'`);
  }
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...SMTP_TIMEOUTS,
  };
}

/** A mailer over SMTP (nodemailer), one connection per mail. */
export function smtpMailer(smtpUrl: string): ContactRequestMailer {
  const transport = nodemailer.createTransport(smtpOptions(smtpUrl));
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        date: mail.date,
        headers: mail.headers,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close() {
      transport.close();
    },
  };
}
