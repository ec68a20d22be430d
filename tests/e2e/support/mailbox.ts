import { expect } from './test';
import type { ReceivedMail, SmtpSink } from '../../support/smtpSink';

/**
 * The mail of `kind` (its X-DC-Mail-Kind header) to `address` that the SMTP test server received
 * (the n-th, from 1), once it has arrived.
 */
export async function mailTo(sink: SmtpSink, address: string, kind: string, nth = 1): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => {
      found = sink.received.filter((mail) => mail.envelope.to.includes(address) && mail.parsed.headers.get('x-dc-mail-kind') === kind)[nth - 1];
      return found !== undefined;
    }, { timeout: 20_000 })
    .toBe(true);
  return found!;
}

/** The link of an account mail (verification, reset), on the server at `baseURL`'s port. */
export function linkOf(mail: ReceivedMail): string {
  const match = /http:\/\/localhost:\d+\/(?:reset_password|verify_email)\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no link in:\n${mail.parsed.text}`);
  return match[0];
}
