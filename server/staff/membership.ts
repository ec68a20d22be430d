import { randomBytes } from 'node:crypto';
import type { SessionStore } from '../sessions/store';
import { hashPassword } from '../users/password';
import { DuplicateEmailError, type UserStore } from '../users/store';
import type { StaffStore } from './staffStore';

/**
 * Who is staff, changed in one way by the command line (./cli) and the console (./memberRoutes).
 *
 * Making someone staff: the account of a (normalised, already checked) address is found or
 * created, and gets the role. A created account's first name is the address's local part, its
 * last name empty and its password random and known to nobody: staff sign in with a passkey,
 * registered from the enrollment link.
 */
export async function makeStaff(
  users: UserStore,
  staff: StaffStore,
  email: string,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<{ userId: string; created: boolean; promoted: boolean }> {
  let userId = (await users.credentials(email))?.id;
  let created = false;
  if (!userId) {
    try {
      userId = (await users.create({ firstName: email.split('@')[0]!, lastName: '', email, passwordHash: await hash(randomBytes(32).toString('base64url')) }))._id;
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
