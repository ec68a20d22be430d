import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { DashboardStore } from '../dashboards/dashboardStore';
import { registerMyDashboardRoutes } from '../dashboards/meRoutes';
import { passkeyCeremonies } from '../passkeys/ceremonies';
import { registerMyPasskeyRoutes } from '../passkeys/meRoutes';
import { PASSKEY_SIGNED_IN_PAGE, PASSKEYS_SECTION, type PasskeyNotices } from '../passkeys/passkeyRoutes';
import type { PasskeyStore } from '../passkeys/passkeyStore';
import { relyingPartyFor } from '../passkeys/relyingParty';
import type { StaffStore } from '../staff/staffStore';
import type { HashQueue } from '../users/hashQueue';
import type { UserStore } from '../users/store';
import { refuseCrossSite } from '../sessions/sameSiteGuard';
import { sessionService } from '../sessions/sessionService';
import type { SessionStore } from '../sessions/store';
import { registerAccountDataRoutes } from './accountDataRoutes';
import type { AccountStore } from './accountStore';
import { registerEmailRoutes } from './emailRoutes';
import type { FailureCounter } from './failureCounter';
import type { LinkMails } from './linkMails';
import { passwordCheck } from './passwordCheck';
import { registerPasswordResetRoutes } from './passwordResetRoutes';
import type { AccountSettings } from './settings';
import { registerProfileRoutes } from './profileRoutes';
import { registerSessionRoutes } from './sessionRoutes';
import { signInThrottle } from './signInThrottle';
import { hashPassword, unmatchableHash, type ScryptCost } from '../users/password';

export interface AccountRoutesOptions {
  users: UserStore;
  sessions: SessionStore;
  failures: FailureCounter;
  hashQueue: HashQueue;
  settings: AccountSettings;
  /** Link tokens, verified addresses, the account mails' outbox. */
  accounts: AccountStore;
  links: LinkMails;
  /** A client's dashboards (GET /me/dashboards, server/dashboards). */
  dashboards: DashboardStore;
  /** The account's own passkeys (/me/passkeys, server/passkeys/meRoutes.ts) and the role and audit they follow. */
  passkeys: PasskeyStore;
  staff: StaffStore;
  /** The mail telling the account holder of an added or removed passkey. */
  passkeyNotices: PasskeyNotices;
  /** Asks the outbox worker to send now (a mail was queued). */
  kick: () => void;
  /** Password hashing (tests pass a cheap one). */
  hashPassword?: ((password: string) => Promise<string>) | undefined;
  /** The scrypt cost of new hashes and of an unknown address's check (default SCRYPT_PARAMS). */
  passwordCost?: ScryptCost | undefined;
}

/**
 * The account routes (sign-in sessions, the signed-in user, mail links, the account's data), in
 * a scope of their own inside the API's: cookies are parsed here only, form posts
 * (application/x-www-form-urlencoded) are read for the pages that work without JavaScript, and
 * every state-changing request must come from this site (../sessions/sameSiteGuard). No CORS
 * header is ever sent from here.
 */
export async function registerAccountRoutes(scope: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  await scope.register(cookie);
  await scope.register(formbody, { bodyLimit: 16 * 1024 });
  scope.addHook('onRequest', refuseCrossSite);
  const { settings } = options;
  const sessions = sessionService(options.sessions, { idleMs: settings.sessionIdleMs, absoluteMs: settings.sessionAbsoluteMs });
  const throttle = signInThrottle(options.failures, { account: settings.accountFailures, ip: settings.ipFailures });
  const shared = {
    users: options.users,
    sessions,
    throttle,
    hashQueue: options.hashQueue,
    accounts: options.accounts,
    links: options.links,
    kick: options.kick,
    hash: options.hashPassword ?? ((password: string) => hashPassword(password, options.passwordCost)),
    unknownAddressHash: unmatchableHash(options.passwordCost),
  };
  registerSessionRoutes(scope, shared);
  registerProfileRoutes(scope, shared);
  registerPasswordResetRoutes(scope, {
    ...shared,
    counter: options.failures,
    settings,
    passkeys: options.passkeys,
    passkeysPage: `${settings.siteUrl}${PASSKEYS_SECTION}`,
  });
  registerEmailRoutes(scope, {
    ...shared,
    counter: options.failures,
    settings,
    accountPage: `${settings.siteUrl}${PASSKEY_SIGNED_IN_PAGE}`,
  });
  registerAccountDataRoutes(scope, { ...shared, passkeys: options.passkeys, dashboards: options.dashboards });
  registerMyDashboardRoutes(scope, { sessions, dashboards: options.dashboards });
  registerMyPasskeyRoutes(scope, {
    users: options.users,
    accounts: options.accounts,
    sessions,
    passkeys: options.passkeys,
    staff: options.staff,
    ceremonies: passkeyCeremonies(options.passkeys, relyingPartyFor(settings.siteUrl)),
    notices: options.passkeyNotices,
    checkPassword: passwordCheck(shared),
    reauthMs: settings.passkeyReauthMs,
  });
}
