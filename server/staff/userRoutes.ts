import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { STAFF_PAGE_MAX, STAFF_PAGE_SIZE, STAFF_SEARCH_MAX } from '../../shared/staffLeads';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import type { InputRules } from '../api/schemaErrors';
import { AUDIT_ACTIONS, type Auditor } from './audit';
import { ROLES, type StaffStore } from './staffStore';

/**
 * The console's accounts (prefix /dc_api/wa_v1/staff, behind ./guard):
 *
 *   GET   /staff/users ?q= &limit= &offset=   200 { accounts, total, limit, offset }, newest first: name, email,
 *                                            role, verified, active, created, last sign-in
 *   PATCH /staff/users/{id}  { active }      200 the account: deactivated (every session ends) or reactivated | 400 | 404
 *                                            | 409 deactivating oneself
 */
const AccountSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES),
  emailVerified: Type.Boolean(),
  active: Type.Boolean(),
  createdAt: Type.String(),
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
});

const AccountsQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: STAFF_SEARCH_MAX })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  },
  { additionalProperties: false },
);

const ACCOUNTS_INPUT: InputRules = {
  messages: { q: STAFF_MESSAGES.badSearch(STAFF_SEARCH_MAX), limit: STAFF_MESSAGES.badLimit(STAFF_PAGE_MAX), offset: STAFF_MESSAGES.badOffset },
};

const AccountPatchBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });
const ACCOUNT_PATCH_INPUT: InputRules = {
  notObject: STAFF_MESSAGES.accountPatch,
  unknownKey: () => STAFF_MESSAGES.accountPatch,
  messages: { active: STAFF_MESSAGES.accountPatch },
};

export function registerStaffUserRoutes(scope: FastifyInstance, options: { staff: StaffStore; audit: Auditor }): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { staff, audit } = options;

  api.get(
    '/staff/users',
    {
      schema: {
        querystring: AccountsQuery,
        response: { 200: Type.Object({ accounts: Type.Array(AccountSchema), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() }), ...ERROR_RESPONSES },
      },
      config: { input: { querystring: ACCOUNTS_INPUT } },
    },
    async (request, reply) => {
      const q = request.query;
      const limit = q.limit === undefined ? STAFF_PAGE_SIZE : Number(q.limit);
      const message = ACCOUNTS_INPUT.messages!.limit!;
      if (limit < 1 || limit > STAFF_PAGE_MAX) return sendProblem(reply, 400, 'Invalid fields', message, { limit: message });
      const offset = q.offset === undefined ? 0 : Number(q.offset);
      const search = q.q?.trim() ?? '';
      const page = await staff.listAccounts({ ...(search !== '' ? { search } : {}), limit, offset });
      return { ...page, limit, offset };
    },
  );

  api.patch(
    '/staff/users/:id',
    {
      schema: { params: IdParams, body: AccountPatchBody, response: { 200: AccountSchema, ...ERROR_RESPONSES } },
      config: { input: { body: ACCOUNT_PATCH_INPUT } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await staff.account(id);
      if (!before) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      const { active } = request.body;
      if (!active && id === request.staffActor!.id) return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.notYourself);
      if (active !== before.active) {
        await staff.setActive(id, active);
        await audit(request, active ? AUDIT_ACTIONS.accountReactivated : AUDIT_ACTIONS.accountDeactivated, 'user', id);
      }
      return (await staff.account(id)) ?? sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
    },
  );
}
