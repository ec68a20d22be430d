import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../accounts/accountStore';
import type { FailureCounter } from '../accounts/failureCounter';
import type { AccountSettings } from '../accounts/settings';
import type { DashboardStore } from '../dashboards/dashboardStore';
import { registerStaffDashboardRoutes } from '../dashboards/staffRoutes';
import type { ContactRequestStore } from '../contactRequests/store';
import type { PressStore } from '../press/pressStore';
import { registerStaffPressRoutes } from '../press/staffRoutes';
import { passkeyCeremonies } from '../passkeys/ceremonies';
import type { PasskeyNotices } from '../passkeys/passkeyRoutes';
import type { PasskeyStore } from '../passkeys/passkeyStore';
import { relyingPartyFor } from '../passkeys/relyingParty';
import { refuseCrossSite } from '../sessions/sameSiteGuard';
import { sessionService } from '../sessions/sessionService';
import type { SessionStore } from '../sessions/store';
import type { UserStore } from '../users/store';
import { auditor } from './audit';
import { registerAuditRoutes } from './auditRoutes';
import { requireStaff } from './guard';
import { registerStaffContactRequestRoutes } from './contactRequestRoutes';
import { registerStaffMemberRoutes } from './memberRoutes';
import { registerStaffPasskeyRoutes } from './passkeyRoutes';
import type { StaffStore } from './staffStore';
import { registerStaffUserRoutes } from './userRoutes';

export interface StaffRoutesOptions {
  users: UserStore;
  sessions: SessionStore;
  staff: StaffStore;
  contactRequests: ContactRequestStore;
  passkeys: PasskeyStore;
  /** A client's dashboards (server/dashboards). */
  dashboards: DashboardStore;
  /** Press items shown on /press (server/press). */
  press: PressStore;
  /** The account deletion's store and the requests sent from an address (server/accounts). */
  accounts: AccountStore;
  /** The database's window counters (the invitations' limit). */
  counter: FailureCounter;
  settings: AccountSettings;
  /** Asks the delivery worker to send now; null when no mailer is configured. */
  kick: (() => void) | null;
  /** The mail telling a staff member of a passkey added to or removed from their account. */
  passkeyNotices: PasskeyNotices;
}

/**
 * The staff console's API (issue 32), under /dc_api/wa_v1/staff, in a scope of its own: cookies
 * parsed here, every state-changing request from this site only (../sessions/sameSiteGuard), and
 * EVERY route behind ./guard (an onRequest hook of the scope, so a route added here cannot
 * forget it): 401 without a session, 403 for a client or a staff session without a passkey.
 */
export async function registerStaffRoutes(scope: FastifyInstance, options: StaffRoutesOptions): Promise<void> {
  await scope.register(cookie);
  scope.addHook('onRequest', refuseCrossSite);
  const sessions = sessionService(options.sessions, { idleMs: options.settings.sessionIdleMs, absoluteMs: options.settings.sessionAbsoluteMs });
  scope.addHook('onRequest', requireStaff(sessions, options.users, options.staff));
  const audit = auditor(options.staff);
  registerStaffContactRequestRoutes(scope, { contactRequests: options.contactRequests, audit, kick: options.kick });
  registerStaffUserRoutes(scope, { staff: options.staff, users: options.users, accounts: options.accounts, sessions: options.sessions, audit });
  registerStaffMemberRoutes(scope, {
    users: options.users,
    staff: options.staff,
    sessions: options.sessions,
    audit,
    counter: options.counter,
    invitationLimit: options.settings.staffInvitations,
    siteUrl: options.settings.siteUrl,
    kick: options.kick,
  });
  registerStaffDashboardRoutes(scope, { staff: options.staff, dashboards: options.dashboards, audit });
  registerStaffPressRoutes(scope, { press: options.press, audit });
  registerAuditRoutes(scope, options.staff);
  registerStaffPasskeyRoutes(scope, {
    users: options.users,
    passkeys: options.passkeys,
    ceremonies: passkeyCeremonies(options.passkeys, relyingPartyFor(options.settings.siteUrl)),
    audit,
    notices: options.passkeyNotices,
  });
}
