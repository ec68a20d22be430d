import type { SessionStore } from '../sessions/store';
import { unmatchableHash } from '../users/password';
import { DuplicateEmailError, type UserStore } from '../users/store';
import type { StaffStore } from './staffStore';

/**
 * Who is staff, changed in one way by the command line (./cli) and the console (./memberRoutes).
 *
 * Making someone staff: the account of a (normalised, already checked) address is found or
 * created, and gets the role. A created account's first name is the address's local part, its
 * last name empty, and it has no password: its stored hash is one no password matches (made
 * without hashing, ../users/password). Staff sign in with a passkey, registered from the
 * enrollment link, or set a password by reset.
 */
export async function makeStaff(
  users: UserStore,
  staff: StaffStore,
  email: string,
): Promise<{ userId: string; created: boolean; promoted: boolean }> {
  let userId = (await users.credentials(email))?.id;
  let created = false;
  if (!userId) {
    try {
      userId = (await users.create({ firstName: email.split('@')[0]!, lastName: '', email, passwordHash: unmatchableHash() }))._id;
      created = true;
    } catch (error) {
      // Created meanwhile (two invitations at once): that account is the one.
      if (!(error instanceof DuplicateEmailError)) throw error;
      userId = (await users.credentials(email))!.id;
    }
  }
  const promoted = (await staff.roleOf(userId)) !== 'staff';
  if (promoted) await staff.setRole(userId, 'staff');
  return { userId, created, promoted };
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
