import type { OutgoingMail } from '../contactRequests/mailOutbox';
import { hashToken, newSessionToken } from '../sessions/token';
import type { StaffStore } from './staffStore';

/** How long a staff enrollment link works (issue 32: 24 hours). */
export const ENROLLMENT_TTL_MS = 24 * 3_600_000;
/** The page a link opens; the token is its last path segment. */
export const ENROLLMENT_PAGE = '/staff/enroll';

/**
 * Issues a one-time staff enrollment link: 32 random bytes (base64url, like session tokens), only
 * their SHA-256 stored; a new link replaces the user's previous one. Returns the link, which is
 * shown once (printed by the CLI) or mailed (`mail` renders the invitation that carries it, queued
 * in the link's transaction) and never stored.
 */
export async function issueEnrollmentLink(
  staff: StaffStore,
  userId: string,
  siteUrl: string,
  now: Date,
  mail?: (link: string, hours: number) => OutgoingMail,
): Promise<{ link: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + ENROLLMENT_TTL_MS);
  const link = `${siteUrl}${ENROLLMENT_PAGE}/${token}`;
  await staff.issueEnrollment(userId, hashToken(token), expiresAt, now, mail?.(link, ENROLLMENT_TTL_MS / 3_600_000));
  return { link, expiresAt };
}
