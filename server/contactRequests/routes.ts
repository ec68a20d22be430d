import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  CONTACT_ENDPOINT,
  CONTACT_FIELDS,
  HONEYPOT_FIELD,
  SEND_FAILURE,
  THANK_YOU_PATHS,
  isContactRequestVariant,
  readContactRequestInput,
  validateContactRequest,
  type ContactRequestErrors,
  type ContactRequestBody,
  type ContactRequestVariant,
} from '../../shared/contactRequest';
import { httpUrl } from '../../shared/httpUrl';
import { INPUT_MAX, hasErrors } from '../../shared/validation';
import { contactRequestsCsv } from './csv';
import { sameContactRequest, scopedIdempotencyKey } from './idempotency';
import type { FormPageRenderer } from './formPage';
import { DeliveryAttemptSchema, CONTACT_REQUEST_STATUSES, ContactRequestSchema } from '../../shared/contactRequestSchema';
import { type ContactRequestQuery, type ContactRequestStore } from './store';
import type { AdminGuard } from '../api/adminAuth';
import { sendApiError } from '../api/errors';
import { DATABASE_BUSY_RETRY_AFTER_S, isDatabaseBusy } from '../db/busy';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams, OptionalBody } from '../api/routeSchemas';
import { routeRateLimit, type RouteRateLimit } from '../api/routeRateLimit';
import { schemaProblem, sendInvalidFields, type InputRules } from '../api/schemaErrors';

/**
 * Contact and consultation requests (prefix /dc_api/wa_v1 added by ./index):
 *
 *   POST    /contact        public, any origin (CORS), rate-limited per IP
 *                           JSON → 201 {id, receivedAt} | 400 problem naming each field | 413 | 415 | 422 (Idempotency-Key
 *                           reused with another body, ../contactRequests/idempotency) | 429
 *                           form post (no JavaScript) → 303 to the thank-you page | 400/413/429 HTML page
 *   OPTIONS /contact        CORS preflight → 204
 *   GET     /contact        admin: newest first, paged, ?status= ?handled= ; CSV with Accept: text/csv or ?format=csv
 *   GET     /contact/{id}   admin: one contact request with its delivery attempts
 *   PATCH   /contact/{id}   admin: marks handled (no body, or {"handled": true|false})
 *   DELETE  /contact/{id}   admin: erases the contact request (right to erasure) → 204
 *
 * 201 (and 303) are sent only after the store committed the contact request and its outbox entry. A filled
 * honeypot gets the same answer as a person, and the contact request is kept as 'spam' and never mailed.
 */

export const DEFAULT_CONTACT_RATE_LIMIT: RouteRateLimit = { max: 5, timeWindowMs: 10 * 60_000 };

export const CONTACT_MESSAGES = {
  bodyNotObject: 'The request body must be a JSON object with name, email, phone, message and variant.',
  notFound: 'No lead with this id.',
  badStatus: 'status must be one of pending, sent, failed, spam.',
  badHandled: 'handled must be true or false.',
  badLimit: 'limit must be a whole number from 1 to 200.',
  badOffset: 'offset must be a whole number from 0.',
  badPatch: 'Send no body to mark the lead handled, or {"handled": true} / {"handled": false}.',
  notFormOrJson: 'Send the request as JSON (application/json) or as a form post (application/x-www-form-urlencoded).',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
} as const;

export interface ContactRoutesOptions {
  store: ContactRequestStore;
  /** The API's administrator guard (./adminAuth), shared with the user routes. */
  adminOnly: AdminGuard;
  rateLimit?: RouteRateLimit | undefined;
  forms: FormPageRenderer;
  /** Called after a contact request that must be mailed was stored (starts the delivery at once). */
  onQueued?: (() => void) | undefined;
  now?: (() => Date) | undefined;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** Where a request came from: a page of ours (origin + path) or a partner's page; never a query string. */
export function contactRequestSource(page: string, origin: string | undefined, referer: string | undefined): string {
  const base = origin && origin !== 'null' ? origin : undefined;
  for (const candidate of [page, referer]) {
    if (!candidate) continue;
    const url = httpUrl(candidate, base);
    if (!url || (base && url.origin !== base)) continue;
    return `${url.origin}${url.pathname}`.slice(0, 500);
  }
  if (base) {
    try {
      return new URL(base).origin.slice(0, 500);
    } catch {
      return '';
    }
  }
  return '';
}

/**
 * `POST /contact`, JSON or form post: the contact request's fields, nothing else. The limits are the form
 * rules' (INPUT_MAX); the phone and the honeypot get a generous bound of their own, the page its
 * URL length. What a valid value is stays in shared/validation (see CONTACT_REQUEST_INPUT).
 */
export const ContactRequestBodySchema = Type.Object(
  {
    name: Type.String({ maxLength: INPUT_MAX.name }),
    email: Type.String({ maxLength: INPUT_MAX.email }),
    phone: Type.String({ maxLength: 64 }),
    message: Type.String({ maxLength: INPUT_MAX.message }),
    /** contact | consultation, any case, spaces ignored; absent: contact. */
    variant: Type.Optional(Type.String({ maxLength: 32 })),
    [HONEYPOT_FIELD]: Type.Optional(Type.String({ maxLength: 1000 })),
    page: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type ContactRequestSchemaBody = Static<typeof ContactRequestBodySchema>;

/** What <dc-contact-form> sends (shared/contactRequest) always fits the schema: checked by the compiler. */
export const elementBodyFits = (body: ContactRequestBody): ContactRequestSchemaBody => body;

/** How the contact request body is read beyond its schema: the element's rules and SPEC 8 messages (shared/contactRequest). */
const CONTACT_REQUEST_INPUT: InputRules = {
  notObject: CONTACT_MESSAGES.bodyNotObject,
  check: (input) => validateContactRequest(readContactRequestInput(input)),
};

/** `GET /contact` filters and paging; the page-size range depends on the format, so the handler checks it. */
const ContactRequestListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(['', ...CONTACT_REQUEST_STATUSES])),
    handled: Type.Optional(Type.Enum(['', 'true', 'false'])),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
    format: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);

const CONTACT_REQUEST_LIST_INPUT: InputRules = {
  messages: {
    status: CONTACT_MESSAGES.badStatus,
    handled: CONTACT_MESSAGES.badHandled,
    limit: CONTACT_MESSAGES.badLimit,
    offset: CONTACT_MESSAGES.badOffset,
  },
};

/** `PATCH /contact/{id}`: no body (handled), or exactly `{"handled": true|false}`. */
const ContactRequestPatchBody = OptionalBody(Type.Object({ handled: Type.Boolean() }, { additionalProperties: false }));

const CONTACT_REQUEST_PATCH_INPUT: InputRules = {
  notObject: CONTACT_MESSAGES.badPatch,
  unknownKey: () => CONTACT_MESSAGES.badPatch,
  messages: { handled: CONTACT_MESSAGES.badPatch },
};

const ContactRequestReceiptSchema = Type.Object({ id: Type.String(), receivedAt: Type.String() });
const ContactRequestPageSchema = Type.Object({ leads: Type.Array(ContactRequestSchema), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() });
const ContactRequestWithAttemptsSchema = Type.Object({ ...ContactRequestSchema.properties, deliveryAttempts: Type.Array(DeliveryAttemptSchema) });

/** A page size or offset the schema let through (digits only) in its range, or null. */
function inRange(value: string, min: number, max: number): number | null {
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function wantsCsv(request: FastifyRequest, format: unknown): boolean {
  if (format === 'csv') return true;
  if (format === 'json') return false;
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/csv\b/i.test(accept) && !/(^|,)\s*application\/json\b/i.test(accept);
}

export async function registerContactRoutes(scope: FastifyInstance, options: ContactRoutesOptions): Promise<void> {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { store, forms } = options;
  const now = options.now ?? (() => new Date());
  const limit = options.rateLimit ?? DEFAULT_CONTACT_RATE_LIMIT;
  const { adminOnly } = options;

  // The no-JavaScript form posts application/x-www-form-urlencoded: parsed here only.
  await api.register(formbody, { bodyLimit: 16 * 1024 });

  const formVariant = (request: FastifyRequest): ContactRequestVariant => {
    const variant = readContactRequestInput(request.body).variant;
    return isContactRequestVariant(variant) ? variant : 'contact';
  };

  const htmlNotice = (reply: FastifyReply, status: number, variant: ContactRequestVariant, message: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(forms.notice(variant, message));

  /** The form again with the typed values and each field's message (400). */
  const htmlInvalid = (reply: FastifyReply, body: unknown, errors: ContactRequestErrors) => {
    const input = readContactRequestInput(body);
    const variant = isContactRequestVariant(input.variant) ? input.variant : 'contact';
    return reply.code(400).type('text/html; charset=utf-8').send(forms.invalid(variant, input.values, errors));
  };

  // A form post gets HTML whatever goes wrong (never JSON); an API client gets problem JSON.
  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, 415, 'Unsupported Media Type', CONTACT_MESSAGES.notFormOrJson);
    }
    if (!isFormPost(request) || request.method !== 'POST') return sendApiError(error, request, reply);
    if (isDatabaseBusy(error)) {
      // Locked for now, not broken: the visitor is asked to send again in a moment.
      request.log.warn({ err: error }, 'database locked: contact form answered 503');
      return htmlNotice(reply.header('Retry-After', String(DATABASE_BUSY_RETRY_AFTER_S)), 503, formVariant(request), SEND_FAILURE.server);
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return htmlNotice(reply, 413, 'contact', SEND_FAILURE.tooLarge);
    if (error.validation) {
      // The schema's verdict in the form's words: a field of the form named → the form again.
      const errors = schemaProblem(error.validation, request.body, CONTACT_REQUEST_INPUT).errors ?? {};
      const formErrors: ContactRequestErrors = {};
      for (const field of [...CONTACT_FIELDS, 'variant'] as const) if (errors[field]) formErrors[field] = errors[field];
      if (hasErrors(formErrors)) return htmlInvalid(reply, request.body, formErrors);
    }
    if (status === 429) return htmlNotice(reply, 429, formVariant(request), SEND_FAILURE.rateLimited);
    if (status >= 400 && status < 500) return htmlNotice(reply, status, formVariant(request), SEND_FAILURE.rejected);
    request.log.error({ err: error }, 'contact form post failed');
    return htmlNotice(reply, 500, formVariant(request), SEND_FAILURE.server);
  });

  // CORS for partner pages: the public POST and its preflight, any origin, no credentials.
  api.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST' || request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Expose-Headers', 'Retry-After, Location');
      reply.header('Vary', 'Origin');
    }
  });

  api.options('/contact', { schema: { response: { 204: Type.Null(), ...ERROR_RESPONSES } } }, async (_request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key')
      .header('Access-Control-Max-Age', '86400')
      .send(null),
  );

  api.post(
    '/contact',
    {
      schema: { body: ContactRequestBodySchema, response: { 201: ContactRequestReceiptSchema, ...ERROR_RESPONSES } },
      config: {
        rateLimit: routeRateLimit(limit, SEND_FAILURE.rateLimited),
        input: { body: CONTACT_REQUEST_INPUT },
      },
    },
    async (request, reply) => {
      const form = isFormPost(request);
      const input = readContactRequestInput(request.body);
      const errors = validateContactRequest(input);
      if (hasErrors(errors)) return form ? htmlInvalid(reply, request.body, errors) : sendInvalidFields(reply, errors);
      const variant = input.variant as ContactRequestVariant;
      const key = request.headers['idempotency-key'];
      const spam = input.honeypot.trim() !== '';
      const newContactRequest = {
        variant,
        ...input.values,
        source: contactRequestSource(input.page, request.headers.origin, request.headers.referer),
        spam,
        idempotencyKey: typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? scopedIdempotencyKey(key, request.ip) : null,
      };
      const { contactRequest, created } = await store.create(newContactRequest, now());
      if (!created && !sameContactRequest(contactRequest, newContactRequest)) {
        return form
          ? htmlNotice(reply, 422, variant, SEND_FAILURE.rejected)
          : sendProblem(reply, 422, 'Unprocessable Content', CONTACT_MESSAGES.idempotencyKeyReused);
      }
      if (created && !spam) {
        request.log.info({ leadId: contactRequest.id, variant }, 'lead stored');
        options.onQueued?.();
      } else if (spam) {
        request.log.info({ leadId: contactRequest.id }, 'lead kept as spam (honeypot filled)');
      }
      if (form) return reply.redirect(THANK_YOU_PATHS[variant], 303);
      return reply.code(201).header('Location', `${CONTACT_ENDPOINT}/${contactRequest.id}`).send({ id: contactRequest.id, receivedAt: contactRequest.receivedAt });
    },
  );

  api.get(
    '/contact',
    {
      onRequest: adminOnly,
      schema: {
        querystring: ContactRequestListQuery,
        response: {
          200: { content: { 'application/json': { schema: ContactRequestPageSchema }, 'text/csv': { schema: Type.String() } } },
          ...ERROR_RESPONSES,
        },
      },
      config: { input: { querystring: CONTACT_REQUEST_LIST_INPUT } },
    },
    async (request, reply) => {
      const q = request.query;
      const query: ContactRequestQuery = {};
      if (q.status) query.status = q.status;
      if (q.handled) query.handled = q.handled === 'true';
      const csv = wantsCsv(request, q.format);
      const pageSize = q.limit === undefined ? (csv ? undefined : 50) : inRange(q.limit, 1, csv ? 100_000 : 200);
      if (pageSize === null) return sendInvalidFields(reply, { limit: CONTACT_MESSAGES.badLimit });
      const offset = q.offset === undefined ? 0 : Number(q.offset);
      if (pageSize !== undefined) {
        query.limit = pageSize;
        query.offset = offset;
      }
      const page = await store.list(query);
      if (csv) {
        const day = now().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8; header=present')
          .header('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
          .send(contactRequestsCsv(page.contactRequests));
      }
      return { leads: page.contactRequests, total: page.total, limit: pageSize ?? page.total, offset };
    },
  );

  api.get(
    '/contact/:id',
    { onRequest: adminOnly, schema: { params: IdParams, response: { 200: ContactRequestWithAttemptsSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const contactRequest = await store.get(request.params.id);
      if (!contactRequest) return sendProblem(reply, 404, 'Not Found', CONTACT_MESSAGES.notFound);
      return { ...contactRequest, deliveryAttempts: await store.attempts(contactRequest.id) };
    },
  );

  api.patch(
    '/contact/:id',
    {
      onRequest: adminOnly,
      schema: { params: IdParams, body: ContactRequestPatchBody, response: { 200: ContactRequestSchema, ...ERROR_RESPONSES } },
      config: { input: { body: CONTACT_REQUEST_PATCH_INPUT } },
    },
    async (request, reply) => {
      // No body: mark handled.
      const handled = request.body?.handled ?? true;
      const contactRequest = await store.setHandled(request.params.id, handled, now());
      return contactRequest ?? sendProblem(reply, 404, 'Not Found', CONTACT_MESSAGES.notFound);
    },
  );

  api.delete(
    '/contact/:id',
    { onRequest: adminOnly, schema: { params: IdParams, response: { 204: Type.Null(), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const erased = await store.delete(request.params.id);
      if (!erased) return sendProblem(reply, 404, 'Not Found', CONTACT_MESSAGES.notFound);
      request.log.info({ leadId: request.params.id }, 'lead erased');
      return reply.code(204).send(null);
    },
  );
}
