import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { sendProblem } from '../api/problem';
import type { SessionService } from '../sessions/sessionService';
import type { UserStore } from '../users/store';
import type { StaffStore } from './staffStore';

/** The staff member a request acts as (set by the guard). */
export interface StaffActor {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    staffActor?: StaffActor;
  }
}

/**
 * The guard of every /dc_api/wa_v1/staff/… route, run on each request (onRequest of the staff
 * scope), on the server's own records, never on anything the browser says:
 * - no live session → 401;
 * - a session whose user is not staff (a client, verified or not) → 403;
 * - a staff member's session that was not proven with a passkey (a password sign-in) → 403.
 * The answers carry a message only: nothing of the console's data.
 */
export function requireStaff(sessions: SessionService, users: UserStore, staff: StaffStore) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const current = await sessions.read(request, reply);
    if (!current) return sendProblem(reply, 401, 'Unauthorized', STAFF_MESSAGES.signedOut);
    const userId = current.session.userId;
    if ((await staff.roleOf(userId)) !== 'staff') return sendProblem(reply, 403, 'Forbidden', STAFF_MESSAGES.notStaff);
    if (!current.session.passkeyVerified) return sendProblem(reply, 403, 'Forbidden', STAFF_MESSAGES.passkeyRequired);
    const user = await users.get(userId);
    if (!user) return sendProblem(reply, 401, 'Unauthorized', STAFF_MESSAGES.signedOut);
    request.currentSession = current;
    request.staffActor = { id: user._id, email: user.email };
  };
}
