import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTACT_ENDPOINT,
  SEND_FAILURE,
  THANK_YOU_PATHS,
  isLeadVariant,
  readLeadInput,
  validateLead,
  type LeadReceipt,
  type LeadVariant,
} from '../../shared/contactLead';
import { httpUrl } from '../../shared/httpUrl';
import { hasErrors } from '../../shared/validation';
import { leadsCsv } from '../leads/csv';
import type { FormPageRenderer } from '../leads/formPage';
import { isLeadStatus, type Lead, type LeadQuery, type LeadStore } from '../leads/store';
import type { AdminGuard } from './adminAuth';
import { sendApiError } from './errors';
import { sendProblem } from './problem';
import { routeRateLimit } from './routeRateLimit';

/**
 * Contact and consultation requests (prefix /dc_api/wa_v1 added by ./index):
 *
 *   POST    /contact        public, any origin (CORS), rate-limited per IP
 *                           JSON → 201 {id, receivedAt} | 400 problem naming each field | 413 | 415 | 429
 *                           form post (no JavaScript) → 303 to the thank-you page | 400/413/429 HTML page
 *   OPTIONS /contact        CORS preflight → 204
 *   GET     /contact        admin: newest first, paged, ?status= ?handled= ; CSV with Accept: text/csv or ?format=csv
 *   GET     /contact/{id}   admin: one lead with its delivery attempts
 *   PATCH   /contact/{id}   admin: marks handled (no body, or {"handled": true|false})
 *   DELETE  /contact/{id}   admin: erases the lead (right to erasure) → 204
 *
 * 201 (and 303) are sent only after the store committed the lead and its outbox entry. A filled
 * honeypot gets the same answer as a person, and the lead is kept as 'spam' and never mailed.
 */

export interface ContactRateLimit {
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_CONTACT_RATE_LIMIT: ContactRateLimit = { max: 5, timeWindowMs: 10 * 60_000 };

export const CONTACT_MESSAGES = {
  bodyNotObject: 'The request body must be a JSON object with name, email, phone, message and variant.',
  notFound: 'No lead with this id.',
  badStatus: 'status must be one of pending, sent, failed, spam.',
  badHandled: 'handled must be true or false.',
  badLimit: 'limit must be a whole number from 1 to 200.',
  badOffset: 'offset must be a whole number from 0.',
  badPatch: 'Send no body to mark the lead handled, or {"handled": true} / {"handled": false}.',
  notFormOrJson: 'Send the request as JSON (application/json) or as a form post (application/x-www-form-urlencoded).',
} as const;

export interface ContactRoutesOptions {
  store: LeadStore;
  /** The API's administrator guard (./adminAuth), shared with the user routes. */
  adminOnly: AdminGuard;
  rateLimit?: ContactRateLimit | undefined;
  forms: FormPageRenderer;
  /** Called after a lead that must be mailed was stored (starts the delivery at once). */
  onQueued?: (() => void) | undefined;
  now?: (() => Date) | undefined;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** Where a request came from: a page of ours (origin + path) or a partner's page; never a query string. */
export function leadSource(page: string, origin: string | undefined, referer: string | undefined): string {
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

/** The admin view of a lead (every stored field). */
const leadSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    variant: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    message: { type: 'string' },
    source: { type: 'string' },
    receivedAt: { type: 'string' },
    status: { type: 'string' },
    deliveredAt: { type: ['string', 'null'] },
    handledAt: { type: ['string', 'null'] },
    attempts: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
  },
} as const;

function wholeNumber(value: unknown, min: number, max: number): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function wantsCsv(request: FastifyRequest, format: unknown): boolean {
  if (format === 'csv') return true;
  if (format === 'json') return false;
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/csv\b/i.test(accept) && !/(^|,)\s*application\/json\b/i.test(accept);
}

export async function registerContactRoutes(api: FastifyInstance, options: ContactRoutesOptions): Promise<void> {
  const { store, forms } = options;
  const now = options.now ?? (() => new Date());
  const limit = options.rateLimit ?? DEFAULT_CONTACT_RATE_LIMIT;
  const { adminOnly } = options;

  // The no-JavaScript form posts application/x-www-form-urlencoded: parsed here only.
  await api.register(formbody, { bodyLimit: 16 * 1024 });

  const formVariant = (request: FastifyRequest): LeadVariant => {
    const body = request.body as Record<string, unknown> | undefined;
    const variant = typeof body?.variant === 'string' ? body.variant.trim().toLowerCase() : '';
    return isLeadVariant(variant) ? variant : 'contact';
  };

  const htmlNotice = (reply: FastifyReply, status: number, variant: LeadVariant, message: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(forms.notice(variant, message));

  // A form post gets HTML whatever goes wrong (never JSON); an API client gets problem JSON.
  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, 415, 'Unsupported Media Type', CONTACT_MESSAGES.notFormOrJson);
    }
    if (!isFormPost(request) || request.method !== 'POST') return sendApiError(error, request, reply);
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return htmlNotice(reply, 413, 'contact', SEND_FAILURE.tooLarge);
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

  api.options('/contact', async (_request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key')
      .header('Access-Control-Max-Age', '86400')
      .send(),
  );

  api.post(
    '/contact',
    {
      config: {
        rateLimit: routeRateLimit(limit, SEND_FAILURE.rateLimited),
      },
    },
    async (request, reply) => {
      const form = isFormPost(request);
      const body = request.body;
      if (!form && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        return sendProblem(reply, 400, 'Bad Request', CONTACT_MESSAGES.bodyNotObject);
      }
      const input = readLeadInput(body);
      const errors = validateLead(input);
      if (hasErrors(errors)) {
        const fieldErrors = errors as Record<string, string>;
        if (form) {
          const variant = isLeadVariant(input.variant) ? input.variant : 'contact';
          return reply.code(400).type('text/html; charset=utf-8').send(forms.invalid(variant, input.values, errors));
        }
        return sendProblem(reply, 400, 'Invalid fields', Object.values(fieldErrors)[0]!, fieldErrors);
      }
      const variant = input.variant as LeadVariant;
      const key = request.headers['idempotency-key'];
      const spam = input.honeypot.trim() !== '';
      const { lead, created } = await store.create(
        {
          variant,
          ...input.values,
          source: leadSource(input.page, request.headers.origin, request.headers.referer),
          spam,
          idempotencyKey: typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? key : null,
        },
        now(),
      );
      if (created && !spam) {
        request.log.info({ leadId: lead.id, variant }, 'lead stored');
        options.onQueued?.();
      } else if (spam) {
        request.log.info({ leadId: lead.id }, 'lead kept as spam (honeypot filled)');
      }
      if (form) return reply.redirect(THANK_YOU_PATHS[variant], 303);
      const receipt: LeadReceipt = { id: lead.id, receivedAt: lead.receivedAt };
      return reply.code(201).header('Location', `${CONTACT_ENDPOINT}/${lead.id}`).send(receipt);
    },
  );

  api.get<{ Querystring: Record<string, string | undefined> }>('/contact', { onRequest: adminOnly }, async (request, reply) => {
    const q = request.query;
    const query: LeadQuery = {};
    if (q.status !== undefined && q.status !== '') {
      if (!isLeadStatus(q.status)) return sendProblem(reply, 400, 'Bad Request', CONTACT_MESSAGES.badStatus, { status: CONTACT_MESSAGES.badStatus });
      query.status = q.status;
    }
    if (q.handled !== undefined && q.handled !== '') {
      if (q.handled !== 'true' && q.handled !== 'false') {
        return sendProblem(reply, 400, 'Bad Request', CONTACT_MESSAGES.badHandled, { handled: CONTACT_MESSAGES.badHandled });
      }
      query.handled = q.handled === 'true';
    }
    const csv = wantsCsv(request, q.format);
    const pageSize = q.limit === undefined ? (csv ? undefined : 50) : wholeNumber(q.limit, 1, csv ? 100_000 : 200);
    if (pageSize === null) return sendProblem(reply, 400, 'Bad Request', CONTACT_MESSAGES.badLimit, { limit: CONTACT_MESSAGES.badLimit });
    const offset = q.offset === undefined ? 0 : wholeNumber(q.offset, 0, 1e9);
    if (offset === null) return sendProblem(reply, 400, 'Bad Request', CONTACT_MESSAGES.badOffset, { offset: CONTACT_MESSAGES.badOffset });
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
        .send(leadsCsv(page.leads));
    }
    return { leads: page.leads, total: page.total, limit: pageSize ?? page.total, offset };
  });

  const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

  api.get<{ Params: { id: string } }>('/contact/:id', { onRequest: adminOnly, schema: { params: idParams } }, async (request, reply) => {
    const lead = await store.get(request.params.id);
    if (!lead) return sendProblem(reply, 404, 'Not Found', CONTACT_MESSAGES.notFound);
    return { ...lead, deliveryAttempts: await store.attempts(lead.id) };
  });

  api.patch<{ Params: { id: string } }>(
    '/contact/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: leadSchema } } },
    async (request, reply) => {
      const body = request.body;
      let handled = true;
      if (body !== undefined) {
        const value = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { handled?: unknown }).handled : undefined;
        const keys = typeof body === 'object' && body !== null ? Object.keys(body) : [];
        if (typeof value !== 'boolean' || keys.length !== 1) {
          return sendProblem(reply, 400, 'Bad Request', CONTACT_MESSAGES.badPatch, { handled: CONTACT_MESSAGES.badPatch });
        }
        handled = value;
      }
      const lead: Lead | null = await store.setHandled(request.params.id, handled, now());
      return lead ?? sendProblem(reply, 404, 'Not Found', CONTACT_MESSAGES.notFound);
    },
  );

  api.delete<{ Params: { id: string } }>('/contact/:id', { onRequest: adminOnly, schema: { params: idParams } }, async (request, reply) => {
    const erased = await store.delete(request.params.id);
    if (!erased) return sendProblem(reply, 404, 'Not Found', CONTACT_MESSAGES.notFound);
    request.log.info({ leadId: request.params.id }, 'lead erased');
    return reply.code(204).send();
  });
}
