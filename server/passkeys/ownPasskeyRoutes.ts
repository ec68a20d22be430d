import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PASSKEY_MESSAGES } from '../../shared/passkeys';
import { sendProblem } from '../api/problem';
import { routeRateLimit } from '../api/routeRateLimit';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import type { User, UserStore } from '../users/store';
import type { PasskeyCeremonies } from './ceremonies';
import { PASSKEY_OPTIONS_RATE_LIMIT, queuePasskeyNotice, refuseName, refuseRegistration, type PasskeyNotices } from './passkeyRoutes';
import type { Passkey, PasskeyStore } from './passkeyStore';

/**
 * A signed-in person's own passkeys, once, under a prefix (/staff/passkeys for the console,
 * /me/passkeys for anyone's account page); what differs between the two is in {@link OwnPasskeyRules}:
 *
 *   GET    {prefix}                       200 { passkeys, passwordNeeded? } oldest first: id, name, created, last used
 *   POST   {prefix}/options               200 creation options for one more (the ones held are excluded) | the rules' refusal |
 *                                         429 (PASSKEY_OPTIONS_RATE_LIMIT per client address)
 *   POST   {prefix}   { name, response }  201 the new passkey | 400 | 409 registered already
 *   PATCH  {prefix}/{id}  { name }        200 renamed | 400 | 404
 *   DELETE {prefix}/{id}                  204 | 404 | 409 the account's last passkey when the rules keep it
 *
 * The account is the request's own (set by a guard before the route); a passkey of another
 * account is "not found" (404), never touched. The registration's challenge is bound to the
 * account that asked for it (./ceremonies), so another account's answer is refused.
 *
 * Adding and removing one mails the account's address a notice naming the passkey ('passkey-added',
 * 'passkey-removed': ./passkeyRoutes queuePasskeyNotice), here for staff and clients alike; a rename
 * mails nothing.
 */
export type PasskeyChange = 'added' | 'renamed' | 'removed';

export interface OwnPasskeyRules {
  /** Runs before every route (a session guard); none when the scope guards already. */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** The account the request acts for. */
  owner(request: FastifyRequest): string;
  /**
   * Before any change (options, add, rename, remove): true once it refused (it answered), else false.
   * A boolean, never the reply: a FastifyReply is a thenable, which `await` would unwrap to undefined.
   */
  mayChange(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /**
   * Before a passkey is added (its options and its registration): true once it refused (it
   * answered), else false. Absent: always allowed.
   */
  mayAdd?(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<boolean>;
  /** Before creation options are given (re-authentication): true once it refused (it answered), else false. */
  mayRegister(request: FastifyRequest, reply: FastifyReply, user: User): Promise<boolean>;
  /** Whether the account must keep one passkey (staff sign in with nothing else). */
  keepsLast(request: FastifyRequest): Promise<boolean>;
  /** After a change: the audit entry of a staff action, the log line of a client's. */
  changed(request: FastifyRequest, change: PasskeyChange, userId: string): Promise<void>;
  /** Whether adding one would ask for the password now (GET's `passwordNeeded`; absent when never). */
  passwordNeeded?(request: FastifyRequest): Promise<boolean>;
}

export const PasskeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});

const ListSchema = Type.Object({ passkeys: Type.Array(PasskeySchema), passwordNeeded: Type.Optional(Type.Boolean()) });

const shown = (passkey: Passkey) => ({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt });

function fieldsOf(body: unknown): Record<string, unknown> {
  return (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
}

export function registerOwnPasskeyRoutes(
  scope: FastifyInstance,
  prefix: string,
  options: { users: UserStore; passkeys: PasskeyStore; ceremonies: PasskeyCeremonies; rules: OwnPasskeyRules; notices: PasskeyNotices },
): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { users, passkeys, ceremonies, rules, notices } = options;
  /** The notice to the account's address, after the change. */
  const notify = async (owner: string, change: 'added' | 'removed', passkeyName: string, at: Date) => {
    const user = await users.get(owner);
    if (user) await queuePasskeyNotice(notices, user, change, passkeyName, at);
  };
  const guarded = rules.onRequest ? { onRequest: rules.onRequest } : {};

  api.get(prefix, { ...guarded, schema: { response: { 200: ListSchema, ...ERROR_RESPONSES } } }, async (request) => ({
    passkeys: (await passkeys.listForUser(rules.owner(request))).map(shown),
    ...(rules.passwordNeeded ? { passwordNeeded: await rules.passwordNeeded(request) } : {}),
  }));

  // Each call writes a challenge: limited per client address as the sign-in's options are.
  const limited = { config: { rateLimit: routeRateLimit(PASSKEY_OPTIONS_RATE_LIMIT, PASSKEY_MESSAGES.failed) } };
  api.post(`${prefix}/options`, { ...guarded, ...limited }, async (request, reply) => {
    if (await rules.mayChange(request, reply)) return reply;
    const user = await users.get(rules.owner(request));
    if (!user) return sendProblem(reply, 401, 'Unauthorized', PASSKEY_MESSAGES.failed);
    if (rules.mayAdd && (await rules.mayAdd(request, reply, user._id))) return reply;
    if (await rules.mayRegister(request, reply, user)) return reply;
    return ceremonies.registrationOptions({ id: user._id, email: user.email, displayName: `${user.firstName} ${user.lastName}`.trim() });
  });

  api.post(prefix, { ...guarded, schema: { response: { 201: PasskeySchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    if (await rules.mayChange(request, reply)) return reply;
    if (rules.mayAdd && (await rules.mayAdd(request, reply, rules.owner(request)))) return reply;
    const body = fieldsOf(request.body);
    const badName = refuseName(reply, body.name);
    if (badName) return badName;
    const result = await ceremonies.verifyRegistration(body.response);
    if (!result.ok) return refuseRegistration(reply, result);
    // The challenge was made for the account that asked; another account's answer is refused.
    const owner = rules.owner(request);
    if (result.userId !== owner) return refuseRegistration(reply, { ok: false, reason: 'challenge' });
    const name = (body.name as string).trim();
    const now = new Date();
    if (!(await passkeys.add({ ...result.credential, userId: owner, name }, now))) {
      return sendProblem(reply, 409, 'Conflict', PASSKEY_MESSAGES.alreadyRegistered);
    }
    await rules.changed(request, 'added', owner);
    await notify(owner, 'added', name, now);
    const added = await passkeys.get(result.credential.id);
    return reply.code(201).send(shown(added!));
  });

  api.patch(`${prefix}/:id`, { ...guarded, schema: { params: IdParams, response: { 200: PasskeySchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    if (await rules.mayChange(request, reply)) return reply;
    const body = fieldsOf(request.body);
    const badName = refuseName(reply, body.name);
    if (badName) return badName;
    const owner = rules.owner(request);
    if (!(await passkeys.rename(owner, request.params.id, (body.name as string).trim()))) {
      return sendProblem(reply, 404, 'Not Found', PASSKEY_MESSAGES.passkeyNotFound);
    }
    await rules.changed(request, 'renamed', owner);
    return shown((await passkeys.get(request.params.id))!);
  });

  api.delete(`${prefix}/:id`, { ...guarded, schema: { params: IdParams } }, async (request, reply) => {
    if (await rules.mayChange(request, reply)) return reply;
    const owner = rules.owner(request);
    // Its name for the notice, read before it goes (another account's is not found below either way).
    const held = await passkeys.get(request.params.id);
    if (await rules.keepsLast(request)) {
      const outcome = await passkeys.removeUnlessLast(owner, request.params.id);
      if (outcome === 'unknown') return sendProblem(reply, 404, 'Not Found', PASSKEY_MESSAGES.passkeyNotFound);
      if (outcome === 'last') return sendProblem(reply, 409, 'Conflict', PASSKEY_MESSAGES.lastPasskey);
    } else if (!(await passkeys.remove(owner, request.params.id))) {
      return sendProblem(reply, 404, 'Not Found', PASSKEY_MESSAGES.passkeyNotFound);
    }
    await rules.changed(request, 'removed', owner);
    if (held?.userId === owner) await notify(owner, 'removed', held.name, new Date());
    return reply.code(204).send();
  });
}
