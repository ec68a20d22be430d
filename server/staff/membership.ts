import type { SessionStore } from '../sessions/store';
import { unmatchableHash } from '../users/password';
import { DuplicateEmailError, type UserStore } from '../users/store';
import type { StaffStore } from './staffStore';

/**
 * Who is staff, changed in one way by the command line (./cli) and the console (./memberRoutes).
 *
 * Inviting someone: the account of a (normalised, already checked) address is found or created,
 * and gets an enrollment link (./enrollment). Nothing more: the role comes only when the link is
 * used (StaffStore.grantStaff), which proves the address, so registering a future colleague's
 * address before the invitation gains nobody anything. A created account's first name is the
 * address's local part, its last name empty, and it has no password: its stored hash is one no
 * password matches (made without hashing, ../users/password). Staff sign in with a passkey.
 */
export async function findOrCreateInvitee(users: UserStore, email: string): Promise<{ userId: string; created: boolean }> {
  const found = (await users.credentials(email))?.id;
  if (found) return { userId: found, created: false };
  try {
    return { userId: (await users.create({ firstName: email.split('@')[0]!, lastName: '', email, passwordHash: unmatchableHash() }))._id, created: true };
  } catch (error) {
    // Created meanwhile (two invitations at once): that account is the one.
    if (!(error instanceof DuplicateEmailError)) throw error;
    return { userId: (await users.credentials(email))!.id, created: false };
  }
}

/**
 * Taking the staff role away (the console): refused for the last staff member (atomically, in
 * the store), then every session of the account ends (a client session would not reach the
 * console anyway; this also signs them out of the site) and their enrollment link is gone.
 */
export async function removeStaffRole(staff: StaffStore, sessions: SessionStore, userId: string): Promise<{ outcome: 'removed' | 'last' | 'not-staff'; endedSessions: number }> {
  const outcome = await staff.removeStaff(userId);
  return { outcome, endedSessions: outcome === 'removed' ? await sessions.deleteForUser(userId) : 0 };
}
