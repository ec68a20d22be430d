import type { AccountMailKind, MailOutbox, OutgoingMail } from '../../server/contactRequests/mailOutbox';

/**
 * The account mails waiting in the outbox for one address, of the given kinds, oldest first: for a
 * server without a mailer (no SMTP_URL), where every mail stays queued. Read through the outbox's
 * own claim (every due entry, anyone's) and each claim handed straight back (release: the attempt
 * it counted is taken back and the entry is due again), so the outbox is as it was.
 */
export async function queuedMails(outbox: MailOutbox, to: string, kinds: readonly AccountMailKind[]): Promise<OutgoingMail[]> {
  const claims = await outbox.claimDue(new Date(Date.now() + 60_000), 10_000, 60_000);
  for (const claim of claims) await outbox.release(claim);
  return claims.flatMap((claim) => (claim.kind !== 'lead' && claim.mail.to === to && kinds.includes(claim.mail.kind) ? [claim.mail] : []));
}
