import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { AccountSettings } from '../accounts/settings';
import type { RouteRateLimit } from '../api/routeRateLimit';
import { refuseCrossSite } from '../sessions/sameSiteGuard';
import { sessionService } from '../sessions/sessionService';
import type { SessionStore } from '../sessions/store';
import type { StaffStore } from '../staff/staffStore';
import type { UserStore } from '../users/store';
import { passkeyCeremonies } from './ceremonies';
import type { PasskeyStore } from './passkeyStore';
import { registerPasskeyRoutes, type PasskeyNotices } from './passkeyRoutes';
import { relyingPartyFor } from './relyingParty';

export interface PasskeyScopeOptions {
  users: UserStore;
  sessions: SessionStore;
  staff: StaffStore;
  passkeys: PasskeyStore;
  settings: AccountSettings;
  /** The mail of a passkey an enrollment link adds to an account that had one. */
  passkeyNotices: PasskeyNotices;
  optionsRateLimit?: RouteRateLimit | undefined;
}

/**
 * The passkey enrollment and sign-in routes (./passkeyRoutes) in a scope of their own: cookies
 * parsed here, every request (all are POSTs) from this site only (../sessions/sameSiteGuard).
 * The relying party is SITE_URL's (./relyingParty).
 */
export async function registerPasskeyScope(scope: FastifyInstance, options: PasskeyScopeOptions): Promise<void> {
  await scope.register(cookie);
  scope.addHook('onRequest', refuseCrossSite);
  const { settings } = options;
  registerPasskeyRoutes(scope, {
    users: options.users,
    staff: options.staff,
    passkeys: options.passkeys,
    ceremonies: passkeyCeremonies(options.passkeys, relyingPartyFor(settings.siteUrl)),
    sessions: sessionService(options.sessions, { idleMs: settings.sessionIdleMs, absoluteMs: settings.sessionAbsoluteMs }),
    notices: options.passkeyNotices,
    optionsRateLimit: options.optionsRateLimit,
  });
}
