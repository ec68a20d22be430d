import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { LEAD_VARIANTS } from '../../shared/contactRequest';
import {
  STAFF_EXPORT_MAX,
  STAFF_LEAD_STATUS_NAMES,
  STAFF_LEAD_STATUSES,
  STAFF_NOTE_MAX,
  STAFF_PAGE_MAX,
  STAFF_PAGE_SIZE,
  STAFF_SEARCH_MAX,
  staffLeadStatus,
  type StaffLeadStatus,
} from '../../shared/staffContactRequests';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import type { InputRules } from '../api/schemaErrors';
import { leadsCsv } from '../contactRequests/csv';
import { DeliveryAttemptSchema, LeadSchema, type Lead, type LeadQuery, type LeadStore } from '../contactRequests/store';
import { AUDIT_ACTIONS, type Auditor } from './audit';

/**
 * The staff console's leads inbox (prefix /dc_api/wa_v1/staff, behind ./guard):
 *
 *   GET    /staff/leads            ?status=received|delivered|failed|spam &variant= &handled=true|false &q= &limit= &offset=
 *                                  200 { leads, total, limit, offset }, newest first
 *   GET    /staff/leads.csv        the same filters, every match (at most STAFF_EXPORT_MAX) as the safe CSV (../contactRequests/csv)
 *   GET    /staff/leads/{id}       200 { lead, note, deliveryAttempts } | 404
 *   PATCH  /staff/leads/{id}       { handled?, note? }  200 as GET | 400 | 404
 *   POST   /staff/leads/{id}/retry 202 as GET: a failed delivery is queued again and tried now | 404 | 409 not failed | 503 no mailer
 *   DELETE /staff/leads/{id}       204: erased with its outbox entry and attempt log | 404
 *
 * Every change writes an audit entry (./audit). The console names delivery states by
 * shared/staffContactRequests (received, delivered, failed, spam).
 */
export interface StaffLeadRoutesOptions {
  leads: LeadStore;
  audit: Auditor;
  /** Asks the delivery worker to send now; null when no mailer is configured. */
  kick: (() => void) | null;
  now?: () => Date;
}

export const StaffLeadSchema = Type.Object({ ...LeadSchema.properties, status: Type.Enum(STAFF_LEAD_STATUS_NAMES) });
const StaffLeadPageSchema = Type.Object({ leads: Type.Array(StaffLeadSchema), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() });
const StaffLeadDetailSchema = Type.Object({ lead: StaffLeadSchema, note: Type.String(), deliveryAttempts: Type.Array(DeliveryAttemptSchema) });

const InboxQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(['', ...STAFF_LEAD_STATUS_NAMES])),
    variant: Type.Optional(Type.Enum(['', ...LEAD_VARIANTS])),
    handled: Type.Optional(Type.Enum(['', 'true', 'false'])),
    q: Type.Optional(Type.String({ maxLength: STAFF_SEARCH_MAX })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  },
  { additionalProperties: false },
);

const INBOX_INPUT: InputRules = {
  messages: {
    status: STAFF_MESSAGES.badStatus,
    variant: STAFF_MESSAGES.badVariant,
    handled: STAFF_MESSAGES.badHandled,
    q: STAFF_MESSAGES.badSearch(STAFF_SEARCH_MAX),
    limit: STAFF_MESSAGES.badLimit(STAFF_PAGE_MAX),
    offset: STAFF_MESSAGES.badOffset,
  },
};

const LeadPatchBody = Type.Object(
  { handled: Type.Optional(Type.Boolean()), note: Type.Optional(Type.String({ maxLength: STAFF_NOTE_MAX })) },
  { additionalProperties: false, minProperties: 1 },
);

const LEAD_PATCH_INPUT: InputRules = {
  notObject: STAFF_MESSAGES.leadPatch,
  unknownKey: () => STAFF_MESSAGES.leadPatch,
  messages: { handled: STAFF_MESSAGES.leadPatch, note: STAFF_MESSAGES.noteTooLong(STAFF_NOTE_MAX) },
};

/** A lead as the console shows it (delivery states named by shared/staffContactRequests). */
export function staffLead(lead: Lead) {
  return { ...lead, status: staffLeadStatus(lead.status) };
}

interface InboxFilters {
  status?: string | undefined;
  variant?: string | undefined;
  handled?: string | undefined;
  q?: string | undefined;
}

/** The store's query for the inbox's filters (empty values: no filter). */
export function inboxQuery(filters: InboxFilters): LeadQuery {
  const query: LeadQuery = {};
  if (filters.status) query.status = STAFF_LEAD_STATUSES[filters.status as StaffLeadStatus];
  if (filters.variant) query.variant = filters.variant as LeadQuery['variant'];
  if (filters.handled) query.handled = filters.handled === 'true';
  const search = filters.q?.trim() ?? '';
  if (search !== '') query.search = search;
  return query;
}

export function registerStaffLeadRoutes(scope: FastifyInstance, options: StaffLeadRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { leads, audit } = options;
  const now = options.now ?? (() => new Date());

  const detail = async (id: string) => {
    const lead = await leads.get(id);
    if (!lead) return null;
    return { lead: staffLead(lead), note: (await leads.noteOf(id)) ?? '', deliveryAttempts: await leads.attempts(id) };
  };

  api.get(
    '/staff/leads',
    {
      schema: { querystring: InboxQuery, response: { 200: StaffLeadPageSchema, ...ERROR_RESPONSES } },
      config: { input: { querystring: INBOX_INPUT } },
    },
    async (request, reply) => {
      const q = request.query;
      const limit = q.limit === undefined ? STAFF_PAGE_SIZE : Number(q.limit);
      if (limit < 1 || limit > STAFF_PAGE_MAX) return sendProblem(reply, 400, 'Invalid fields', INBOX_INPUT.messages!.limit!, { limit: INBOX_INPUT.messages!.limit! });
      const offset = q.offset === undefined ? 0 : Number(q.offset);
      const page = await leads.list({ ...inboxQuery(q), limit, offset });
      return { leads: page.leads.map(staffLead), total: page.total, limit, offset };
    },
  );

  api.get(
    '/staff/leads.csv',
    {
      schema: { querystring: Type.Omit(InboxQuery, ['limit', 'offset']), response: { 200: Type.String(), ...ERROR_RESPONSES } },
      config: { input: { querystring: INBOX_INPUT } },
    },
    async (request, reply) => {
      const page = await leads.list({ ...inboxQuery(request.query), limit: STAFF_EXPORT_MAX, offset: 0 });
      await audit(request, AUDIT_ACTIONS.leadsExported, 'leads', 'export', `${page.leads.length} of ${page.total}`);
      const day = now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
        .send(leadsCsv(page.leads));
    },
  );

  api.get('/staff/leads/:id', { schema: { params: IdParams, response: { 200: StaffLeadDetailSchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    return (await detail(request.params.id)) ?? sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.leadNotFound);
  });

  api.patch(
    '/staff/leads/:id',
    {
      schema: { params: IdParams, body: LeadPatchBody, response: { 200: StaffLeadDetailSchema, ...ERROR_RESPONSES } },
      config: { input: { body: LEAD_PATCH_INPUT } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await leads.get(id);
      if (!before) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.leadNotFound);
      const { handled, note } = request.body;
      if (handled !== undefined && handled !== (before.handledAt !== null)) {
        await leads.setHandled(id, handled, now());
        await audit(request, handled ? AUDIT_ACTIONS.leadHandled : AUDIT_ACTIONS.leadReopened, 'lead', id);
      }
      if (note !== undefined && note !== (await leads.noteOf(id))) {
        await leads.setNote(id, note);
        await audit(request, AUDIT_ACTIONS.leadNoted, 'lead', id);
      }
      return (await detail(id)) ?? sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.leadNotFound);
    },
  );

  api.post(
    '/staff/leads/:id/retry',
    { schema: { params: IdParams, response: { 202: StaffLeadDetailSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const { id } = request.params;
      const lead = await leads.get(id);
      if (!lead) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.leadNotFound);
      if (!options.kick) return sendProblem(reply, 503, 'Service Unavailable', STAFF_MESSAGES.noMailer);
      if (!(await leads.retryNow(id, now()))) return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.notFailed);
      await audit(request, AUDIT_ACTIONS.leadRetried, 'lead', id);
      options.kick();
      const after = await detail(id);
      return after ? reply.code(202).send(after) : sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.leadNotFound);
    },
  );

  api.delete('/staff/leads/:id', { schema: { params: IdParams, response: { 204: Type.Null(), ...ERROR_RESPONSES } } }, async (request, reply) => {
    const { id } = request.params;
    if (!(await leads.delete(id))) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.leadNotFound);
    // The record is gone; the entry keeps its id only (nothing personal).
    await audit(request, AUDIT_ACTIONS.leadDeleted, 'lead', id);
    return reply.code(204).send(null);
  });
}
