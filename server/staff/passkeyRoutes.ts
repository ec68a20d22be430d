import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PASSKEY_MESSAGES } from '../../shared/passkeys';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import type { PasskeyCeremonies } from '../passkeys/ceremonies';
import { refuseName, refuseRegistration } from '../passkeys/passkeyRoutes';
import type { Passkey, PasskeyStore } from '../passkeys/passkeyStore';
import type { UserStore } from '../users/store';
import { AUDIT_ACTIONS, type Auditor } from './audit';

/**
 * A staff member's own passkeys (prefix /dc_api/wa_v1/staff, behind ./guard: a passkey-verified
 * staff session; state changes from this site only):
 *
 *   GET    /staff/passkeys                        200 { passkeys } oldest first: id, name, created, last used
 *   POST   /staff/passkeys/options                200 creation options for one more (the ones held are excluded)
 *   POST   /staff/passkeys   { name, response }   201 the new passkey | 400 | 409 registered already
 *   PATCH  /staff/passkeys/{id}  { name }         200 renamed | 400 | 404
 *   DELETE /staff/passkeys/{id}                   204 | 404 | 409 the account's last passkey (kept)
 */
const PasskeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});

const shown = (passkey: Passkey) => ({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt });

export function registerStaffPasskeyRoutes(
  scope: FastifyInstance,
  options: { users: UserStore; passkeys: PasskeyStore; ceremonies: PasskeyCeremonies; audit: Auditor },
): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { users, passkeys, ceremonies, audit } = options;

  api.get('/staff/passkeys', { schema: { response: { 200: Type.Object({ passkeys: Type.Array(PasskeySchema) }), ...ERROR_RESPONSES } } }, async (request) => ({
    passkeys: (await passkeys.listForUser(request.staffActor!.id)).map(shown),
  }));

  api.post('/staff/passkeys/options', async (request, reply) => {
    const user = await users.get(request.staffActor!.id);
    if (!user) return sendProblem(reply, 401, 'Unauthorized', PASSKEY_MESSAGES.failed);
    return ceremonies.registrationOptions({ id: user._id, email: user.email, displayName: `${user.firstName} ${user.lastName}`.trim() });
  });

  api.post('/staff/passkeys', { schema: { response: { 201: PasskeySchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const badName = refuseName(reply, body.name);
    if (badName) return badName;
    const result = await ceremonies.verifyRegistration(body.response);
    if (!result.ok) return refuseRegistration(reply, result);
    // The challenge was made for the account that asked; another account's answer is refused.
    if (result.userId !== request.staffActor!.id) return refuseRegistration(reply, { ok: false, reason: 'challenge' });
    const at = new Date();
    if (!(await passkeys.add({ ...result.credential, userId: result.userId, name: (body.name as string).trim() }, at))) {
      return sendProblem(reply, 409, 'Conflict', PASSKEY_MESSAGES.alreadyRegistered);
    }
    await audit(request, AUDIT_ACTIONS.passkeyAdded, 'user', result.userId);
    const added = await passkeys.get(result.credential.id);
    return reply.code(201).send(shown(added!));
  });

  api.patch('/staff/passkeys/:id', { schema: { params: IdParams, response: { 200: PasskeySchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const badName = refuseName(reply, body.name);
    if (badName) return badName;
    const userId = request.staffActor!.id;
    if (!(await passkeys.rename(userId, request.params.id, (body.name as string).trim()))) {
      return sendProblem(reply, 404, 'Not Found', PASSKEY_MESSAGES.passkeyNotFound);
    }
    await audit(request, AUDIT_ACTIONS.passkeyRenamed, 'user', userId);
    return shown((await passkeys.get(request.params.id))!);
  });

  api.delete('/staff/passkeys/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const userId = request.staffActor!.id;
    const outcome = await passkeys.removeUnlessLast(userId, request.params.id);
    if (outcome === 'unknown') return sendProblem(reply, 404, 'Not Found', PASSKEY_MESSAGES.passkeyNotFound);
    if (outcome === 'last') return sendProblem(reply, 409, 'Conflict', PASSKEY_MESSAGES.lastPasskey);
    await audit(request, AUDIT_ACTIONS.passkeyRemoved, 'user', userId);
    return reply.code(204).send();
  });
}
