import { COMPANY } from '../../shared/company';
import { signUpEmailError } from '../../shared/validation';
import { staffInvitationMail } from '../accounts/accountMails';
import { loadConfig } from '../config';
import { openStores } from '../db/openStores';
import { normalizeEmail } from '../users/store';
import { AUDIT_ACTIONS, CLI_ACTOR } from './audit';
import { issueEnrollmentLink } from './enrollment';
import { findOrCreateInvitee } from './membership';

/**
 * `npm run staff -- add <email> | remove <email> | list` (scripts/staff.ts), on the database the
 * server uses (DATABASE_PATH, or DATABASE_URL for PostgreSQL; migrated first):
 * - add: a one-time enrollment link (24 h) for the account of that address; using it makes the
 *   account staff and registers its first passkey (./membership). A new account (created now, no
 *   password) gets the link printed; an account that exists already gets it mailed to its address;
 * - remove: makes the account a client again, drops its enrollment link and ends its sessions
 *   (even the last staff member: the operator on the server is the way back in; the console refuses it);
 * - list: every staff member.
 * Each change is written to the audit log as done by the command line. Returns the exit code.
 */
export const STAFF_USAGE = 'Usage: npm run staff -- add <email> | remove <email> | list   (DATABASE_PATH or DATABASE_URL as for the server)';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

export async function runStaffCli(args: readonly string[], env: NodeJS.ProcessEnv, out: CliOutput, now: () => Date = () => new Date()): Promise<number> {
  const [command, address, ...rest] = args;
  const needsAddress = command === 'add' || command === 'remove';
  if (!(needsAddress || command === 'list') || (needsAddress ? address === undefined || rest.length > 0 : address !== undefined)) {
    out.error(STAFF_USAGE);
    return 2;
  }
  const email = normalizeEmail(address ?? '');
  if (needsAddress) {
    const problem = signUpEmailError(email);
    if (problem !== '') {
      out.error(`${problem}: '${address}'`);
      return 2;
    }
  }
  const config = loadConfig(env);
  const stores = await openStores({ databasePath: config.databasePath, databaseUrl: config.databaseUrl, messageIdDomain: config.contactRequests.messageIdDomain });
  try {
    const audit = (action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS], userId: string, detail = '') =>
      stores.staff.audit({ actorId: null, actorEmail: CLI_ACTOR, action, recordType: 'user', recordId: userId, detail }, now());

    if (command === 'list') {
      const staff = await stores.staff.listStaff();
      if (staff.length === 0) out.log('No staff members yet. Add one with: npm run staff -- add <email>');
      for (const member of staff) {
        out.log(`${member.email}\t${`${member.firstName} ${member.lastName}`.trim()}\t${member.active ? 'active' : 'deactivated'}\tsince ${member.createdAt.slice(0, 10)}`);
      }
      return 0;
    }

    const found = await stores.users.credentials(email);
    if (command === 'remove') {
      if (!found || (await stores.staff.roleOf(found.id)) !== 'staff') {
        out.error(`${email} is not a staff member.`);
        return 1;
      }
      await stores.staff.setRole(found.id, 'client');
      await stores.staff.dropEnrollment(found.id);
      const ended = await stores.sessions.deleteForUser(found.id);
      await audit(AUDIT_ACTIONS.staffRemoved, found.id);
      out.log(`${email} is no longer staff (a client account now); ${ended} session(s) ended.`);
      return 0;
    }

    const { userId, created } = await findOrCreateInvitee(stores.users, email);
    if (created) out.log(`Created the account ${email}.`);
    // An account someone already holds gets its link by mail only: using it proves the address, so
    // whoever registered the address (perhaps not its owner) cannot be handed the role.
    const user = created ? null : await stores.users.get(userId);
    const { link, expiresAt } = await issueEnrollmentLink(
      stores.staff,
      userId,
      config.accounts.siteUrl,
      now(),
      user ? (mailedLink, hours) => staffInvitationMail(email, user.firstName, `The ${COMPANY.name} administrator`, mailedLink, hours) : undefined,
    );
    await audit(AUDIT_ACTIONS.staffEnrollmentIssued, userId, user ? 'mailed' : 'printed');
    const until = expiresAt.toISOString();
    if (user) {
      out.log(`${email} has an account already: its enrollment link was mailed to that address (works once, until ${until}).`);
      out.log('The account becomes staff when the link is used; the server sends the mail (SMTP_URL).');
    } else {
      out.log(`Enrollment link for ${email} (works once, until ${until}); using it makes the account staff and registers its first passkey:`);
      out.log(link);
    }
    return 0;
  } finally {
    await stores.close();
  }
}
