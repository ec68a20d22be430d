import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_BUSY_RETRY_AFTER_S, isDatabaseBusy } from '../db/busy';
import { OVERLOAD_MESSAGE } from '../ops/overload';
import { sendProblem } from './problem';
import { schemaProblem, sendSchemaProblem, type RouteInput } from './schemaErrors';

/** Messages of the transport-level errors, each once. */
export const API_MESSAGES = {
  badJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  notJson: 'Send the request body as JSON (Content-Type: application/json).',
  badRequest: 'The request could not be read.',
  internal: 'Something went wrong on our side. Please try again later.',
} as const;

/** A JSON syntax error of the API's body parser. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'DC_INVALID_JSON';
}

/**
 * A JSON body that is `null`. Refused by the parser, so that at validation `null` means "no body"
 * only (Fastify validates an absent body as `null`): a route whose body is optional declares
 * `Type.Union([Type.Null(), …])` and tells the two apart without looking at the raw request.
 */
export class NullBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'DC_NULL_BODY';
}

function routeInput(request: FastifyRequest): RouteInput {
  return request.routeOptions.config.input ?? {};
}

/**
 * The database stayed locked (../db/busy): a 503 with Retry-After, as when the server is
 * overloaded (../ops/overload), so the client tries again instead of reporting a fault.
 */
function sendDatabaseBusy(error: Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.warn({ err: error }, 'database locked: answered 503');
  reply.header('Retry-After', String(DATABASE_BUSY_RETRY_AFTER_S)).header('Cache-Control', 'no-store');
  return sendProblem(reply, 503, 'Service Unavailable', OVERLOAD_MESSAGE);
}

/**
 * The API's error answer: every error, from the framework or the routes, as an RFC 9457 problem
 * with a `message`; bad input is never a 500.
 */
export function sendApiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (error.validation) {
    const part = error.validationContext;
    const input = part === 'querystring' ? request.query : part === 'params' ? request.params : request.body;
    const rules = part === 'querystring' || part === 'body' ? routeInput(request)[part] : undefined;
    return sendSchemaProblem(reply, schemaProblem(error.validation, input, rules));
  }
  switch (error.code) {
    case 'DC_NULL_BODY':
      return sendSchemaProblem(reply, schemaProblem([], null, routeInput(request).body));
    case 'DC_INVALID_JSON':
      return sendProblem(reply, 400, 'Bad Request', API_MESSAGES.badJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendProblem(reply, 413, 'Content Too Large', API_MESSAGES.tooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendProblem(reply, 415, 'Unsupported Media Type', API_MESSAGES.notJson);
  }
  if (status === 429) {
    return sendProblem(reply, 429, 'Too Many Requests', error.message);
  }
  if (isDatabaseBusy(error)) return sendDatabaseBusy(error, request, reply);
  if (status >= 400 && status < 500) {
    return sendProblem(reply, status, STATUS_CODES[status] ?? 'Bad Request', API_MESSAGES.badRequest);
  }
  request.log.error({ err: error }, 'API error');
  return sendProblem(reply, 500, 'Internal Server Error', API_MESSAGES.internal);
}
