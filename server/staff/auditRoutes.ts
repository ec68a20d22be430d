import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { STAFF_PAGE_MAX, STAFF_PAGE_SIZE } from '../../shared/staffContactRequests';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES } from '../api/routeSchemas';
import type { InputRules } from '../api/schemaErrors';
import type { StaffStore } from './staffStore';

/**
 * The audit log, read-only (prefix /dc_api/wa_v1/staff, behind ./guard):
 *
 *   GET /staff/audit ?limit= &offset=   200 { entries, total, limit, offset }, newest first
 */
const AuditEntrySchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorId: Type.Union([Type.String(), Type.Null()]),
  actorEmail: Type.String(),
  action: Type.String(),
  recordType: Type.String(),
  recordId: Type.String(),
  detail: Type.String(),
});

const AuditQuery = Type.Object(
  { limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })), offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })) },
  { additionalProperties: false },
);

const AUDIT_INPUT: InputRules = { messages: { limit: STAFF_MESSAGES.badLimit(STAFF_PAGE_MAX), offset: STAFF_MESSAGES.badOffset } };

export function registerAuditRoutes(scope: FastifyInstance, staff: StaffStore): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/staff/audit',
    {
      schema: {
        querystring: AuditQuery,
        response: { 200: Type.Object({ entries: Type.Array(AuditEntrySchema), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() }), ...ERROR_RESPONSES },
      },
      config: { input: { querystring: AUDIT_INPUT } },
    },
    async (request, reply) => {
      const limit = request.query.limit === undefined ? STAFF_PAGE_SIZE : Number(request.query.limit);
      const message = AUDIT_INPUT.messages!.limit!;
      if (limit < 1 || limit > STAFF_PAGE_MAX) return sendProblem(reply, 400, 'Invalid fields', message, { limit: message });
      const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
      const { entries, total } = await staff.auditLog({ limit, offset });
      return { entries, total, limit, offset };
    },
  );
}
