import type { FastifyInstance } from 'fastify';
import type { PasskeyCeremonies } from '../passkeys/ceremonies';
import { registerOwnPasskeyRoutes, type PasskeyChange } from '../passkeys/ownPasskeyRoutes';
import type { PasskeyNotices } from '../passkeys/passkeyRoutes';
import type { PasskeyStore } from '../passkeys/passkeyStore';
import type { UserStore } from '../users/store';
import { AUDIT_ACTIONS, type Auditor } from './audit';

/**
 * A staff member's own passkeys in the console (prefix /dc_api/wa_v1/staff, behind ./guard: a
 * passkey-verified staff session; state changes from this site only): the routes every account's
 * own passkeys have (../passkeys/ownPasskeyRoutes) under /staff/passkeys, with the staff rules:
 *
 *   GET    /staff/passkeys                        200 { passkeys } oldest first: id, name, created, last used
 *   POST   /staff/passkeys/options                200 creation options for one more (the ones held are excluded)
 *   POST   /staff/passkeys   { name, response }   201 the new passkey | 400 | 409 registered already
 *   PATCH  /staff/passkeys/{id}  { name }         200 renamed | 400 | 404
 *   DELETE /staff/passkeys/{id}                   204 | 404 | 409 the account's last passkey (kept)
 *
 * The guard's passkey-verified session is the re-authentication (staff have no password they
 * know); every change is audited, and an added or removed passkey mailed to the account's address.
 */
export const PASSKEY_AUDIT_ACTIONS = {
  added: AUDIT_ACTIONS.passkeyAdded,
  renamed: AUDIT_ACTIONS.passkeyRenamed,
  removed: AUDIT_ACTIONS.passkeyRemoved,
} as const satisfies Record<PasskeyChange, string>;

export function registerStaffPasskeyRoutes(
  scope: FastifyInstance,
  options: { users: UserStore; passkeys: PasskeyStore; ceremonies: PasskeyCeremonies; audit: Auditor; notices: PasskeyNotices },
): void {
  const { audit } = options;
  registerOwnPasskeyRoutes(scope, '/staff/passkeys', {
    ...options,
    rules: {
      owner: (request) => request.staffActor!.id,
      mayChange: async () => false,
      mayRegister: async () => false,
      keepsLast: async () => true,
      changed: async (request, change, userId) => {
        await audit(request, PASSKEY_AUDIT_ACTIONS[change], 'user', userId);
      },
    },
  });
}
