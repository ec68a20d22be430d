import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CONTACT_REQUEST_VARIANTS } from '../../shared/contactRequest';
import {
  STAFF_EXPORT_MAX,
  STAFF_CONTACT_REQUEST_STATUS_NAMES,
  STAFF_CONTACT_REQUEST_STATUSES,
  STAFF_NOTE_MAX,
  STAFF_PAGE_MAX,
  STAFF_PAGE_SIZE,
  STAFF_SEARCH_MAX,
  staffContactRequestStatus,
  type StaffContactRequestStatus,
} from '../../shared/staffContactRequests';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import type { InputRules } from '../api/schemaErrors';
import { contactRequestsCsv } from '../contactRequests/csv';
import { StaffContactRequestSchema } from '../../shared/contactRequestSchema';
import { DeliveryAttemptSchema, type ContactRequest } from '../../shared/contactRequestSchema';
import { type ContactRequestQuery, type ContactRequestStore } from '../contactRequests/store';
import { AUDIT_ACTIONS, type Auditor } from './audit';

/**
 * The staff console's contact requests inbox (prefix /dc_api/wa_v1/staff, behind ./guard):
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
export interface StaffContactRequestRoutesOptions {
  contactRequests: ContactRequestStore;
  audit: Auditor;
  /** Asks the delivery worker to send now; null when no mailer is configured. */
  kick: (() => void) | null;
  now?: () => Date;
}

const StaffContactRequestPageSchema = Type.Object({ leads: Type.Array(StaffContactRequestSchema), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() });
const StaffContactRequestDetailSchema = Type.Object({ lead: StaffContactRequestSchema, note: Type.String(), deliveryAttempts: Type.Array(DeliveryAttemptSchema) });

const InboxQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(['', ...STAFF_CONTACT_REQUEST_STATUS_NAMES])),
    variant: Type.Optional(Type.Enum(['', ...CONTACT_REQUEST_VARIANTS])),
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

const ContactRequestPatchBody = Type.Object(
  { handled: Type.Optional(Type.Boolean()), note: Type.Optional(Type.String({ maxLength: STAFF_NOTE_MAX })) },
  { additionalProperties: false, minProperties: 1 },
);

const CONTACT_REQUEST_PATCH_INPUT: InputRules = {
  notObject: STAFF_MESSAGES.contactRequestPatch,
  unknownKey: () => STAFF_MESSAGES.contactRequestPatch,
  messages: { handled: STAFF_MESSAGES.contactRequestPatch, note: STAFF_MESSAGES.noteTooLong(STAFF_NOTE_MAX) },
};

/** A contact request as the console shows it (delivery states named by shared/staffContactRequests). */
export function staffContactRequest(contactRequest: ContactRequest) {
  return { ...contactRequest, status: staffContactRequestStatus(contactRequest.status) };
}

interface InboxFilters {
  status?: string | undefined;
  variant?: string | undefined;
  handled?: string | undefined;
  q?: string | undefined;
}

/** The store's query for the inbox's filters (empty values: no filter). */
export function inboxQuery(filters: InboxFilters): ContactRequestQuery {
  const query: ContactRequestQuery = {};
  if (filters.status) query.status = STAFF_CONTACT_REQUEST_STATUSES[filters.status as StaffContactRequestStatus];
  if (filters.variant) query.variant = filters.variant as ContactRequestQuery['variant'];
  if (filters.handled) query.handled = filters.handled === 'true';
  const search = filters.q?.trim() ?? '';
  if (search !== '') query.search = search;
  return query;
}

export function registerStaffContactRequestRoutes(scope: FastifyInstance, options: StaffContactRequestRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { contactRequests, audit } = options;
  const now = options.now ?? (() => new Date());

  const detail = async (id: string) => {
    const contactRequest = await contactRequests.get(id);
    if (!contactRequest) return null;
    return { lead: staffContactRequest(contactRequest), note: (await contactRequests.noteOf(id)) ?? '', deliveryAttempts: await contactRequests.attempts(id) };
  };

  api.get(
    '/staff/leads',
    {
      schema: { querystring: InboxQuery, response: { 200: StaffContactRequestPageSchema, ...ERROR_RESPONSES } },
      config: { input: { querystring: INBOX_INPUT } },
    },
    async (request, reply) => {
      const q = request.query;
      const limit = q.limit === undefined ? STAFF_PAGE_SIZE : Number(q.limit);
      if (limit < 1 || limit > STAFF_PAGE_MAX) return sendProblem(reply, 400, 'Invalid fields', INBOX_INPUT.messages!.limit!, { limit: INBOX_INPUT.messages!.limit! });
      const offset = q.offset === undefined ? 0 : Number(q.offset);
      const page = await contactRequests.list({ ...inboxQuery(q), limit, offset });
      return { leads: page.contactRequests.map(staffContactRequest), total: page.total, limit, offset };
    },
  );

  api.get(
    '/staff/leads.csv',
    {
      schema: { querystring: Type.Omit(InboxQuery, ['limit', 'offset']), response: { 200: Type.String(), ...ERROR_RESPONSES } },
      config: { input: { querystring: INBOX_INPUT } },
    },
    async (request, reply) => {
      const page = await contactRequests.list({ ...inboxQuery(request.query), limit: STAFF_EXPORT_MAX, offset: 0 });
      await audit(request, AUDIT_ACTIONS.contactRequestsExported, 'leads', 'export', `${page.contactRequests.length} of ${page.total}`);
      const day = now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
        .send(contactRequestsCsv(page.contactRequests));
    },
  );

  api.get('/staff/leads/:id', { schema: { params: IdParams, response: { 200: StaffContactRequestDetailSchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    return (await detail(request.params.id)) ?? sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.contactRequestNotFound);
  });

  api.patch(
    '/staff/leads/:id',
    {
      schema: { params: IdParams, body: ContactRequestPatchBody, response: { 200: StaffContactRequestDetailSchema, ...ERROR_RESPONSES } },
      config: { input: { body: CONTACT_REQUEST_PATCH_INPUT } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await contactRequests.get(id);
      if (!before) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.contactRequestNotFound);
      const { handled, note } = request.body;
      if (handled !== undefined && handled !== (before.handledAt !== null)) {
        await contactRequests.setHandled(id, handled, now());
        await audit(request, handled ? AUDIT_ACTIONS.contactRequestHandled : AUDIT_ACTIONS.contactRequestReopened, 'lead', id);
      }
      if (note !== undefined && note !== (await contactRequests.noteOf(id))) {
        await contactRequests.setNote(id, note);
        await audit(request, AUDIT_ACTIONS.contactRequestNoted, 'lead', id);
      }
      return (await detail(id)) ?? sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.contactRequestNotFound);
    },
  );

  api.post(
    '/staff/leads/:id/retry',
    { schema: { params: IdParams, response: { 202: StaffContactRequestDetailSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const { id } = request.params;
      const contactRequest = await contactRequests.get(id);
      if (!contactRequest) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.contactRequestNotFound);
      if (!options.kick) return sendProblem(reply, 503, 'Service Unavailable', STAFF_MESSAGES.noMailer);
      if (!(await contactRequests.retryNow(id, now()))) return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.notFailed);
      await audit(request, AUDIT_ACTIONS.contactRequestRetried, 'lead', id);
      options.kick();
      const after = await detail(id);
      return after ? reply.code(202).send(after) : sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.contactRequestNotFound);
    },
  );

  api.delete('/staff/leads/:id', { schema: { params: IdParams, response: { 204: Type.Null(), ...ERROR_RESPONSES } } }, async (request, reply) => {
    const { id } = request.params;
    if (!(await contactRequests.delete(id))) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.contactRequestNotFound);
    // The record is gone; the entry keeps its id only (nothing personal).
    await audit(request, AUDIT_ACTIONS.contactRequestDeleted, 'lead', id);
    return reply.code(204).send(null);
  });
}
