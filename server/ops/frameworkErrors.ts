import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { API_MESSAGES, sendApiError } from '../api/errors';
import { problem, sendProblem } from '../api/problem';
import { pathHeaders, type HeaderList } from '../hosting/siteRules';

/**
 * The answers Fastify and Node write themselves, made like every other answer: the site's
 * security headers (CSP, HSTS, nosniff, Referrer-Policy, CORP…), `Cache-Control: no-store` and
 * the API's RFC 9457 problem JSON (../api/problem), never Fastify's `{"code":"FST_ERR_…"}`.
 *
 * - `frameworkErrors`: the router's own refusals, before any route or hook runs: a URL whose %
 *   escapes do not decode (400), a path parameter over the router's length limit (414);
 * - `clientErrorHandler`: what Node's HTTP parser refuses before there is a request at all
 *   (a broken header line: 400; a head over the size limit: 431; a request too slow: 408);
 *   written on the socket, which is then closed;
 * - {@link registerFrameworkErrors}: the root error and not-found handlers (a method no route
 *   answers outside the API, an error outside the API's scope).
 */

export const FRAMEWORK_MESSAGES = {
  badUrl: 'The URL could not be read: it holds a malformed % escape.',
  tooLong: 'The URL is too long.',
  unreadable: 'The request could not be read.',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long to arrive.',
  noRoute: 'No such page or API route for this method.',
} as const;

function withSiteHeaders(reply: FastifyReply, headers: HeaderList): FastifyReply {
  for (const [name, value] of headers) reply.header(name, value);
  return reply.header('Cache-Control', 'no-store');
}

/** The Fastify options that route the framework's own errors through the site's answers. */
export function frameworkErrorOptions(
  siteWide: HeaderList,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  // An error answer is never a resource for another origin: the same-origin path headers (CORP, X-Frame-Options).
  const headers: HeaderList = [...siteWide, ...pathHeaders('/')];
  return {
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
      withSiteHeaders(reply, headers);
      if (error.code === 'FST_ERR_BAD_URL') {
        sendProblem(reply, 400, 'Bad Request', FRAMEWORK_MESSAGES.badUrl);
      } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        sendProblem(reply, 414, 'URI Too Long', FRAMEWORK_MESSAGES.tooLong);
      } else {
        // FST_ERR_ASYNC_CONSTRAINT (no such route constraint here): a fault of ours.
        sendProblem(reply, 500, 'Internal Server Error', API_MESSAGES.internal);
      }
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, FRAMEWORK_MESSAGES.timeout]
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? [431, FRAMEWORK_MESSAGES.headersTooLarge]
            : [400, FRAMEWORK_MESSAGES.unreadable];
      const title = STATUS_CODES[status] ?? 'Bad Request';
      const body = JSON.stringify(problem(status, title, message));
      const lines = [
        `HTTP/1.1 ${status} ${title}`,
        'Content-Type: application/problem+json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'Connection: close',
        ...headers.map(([name, value]) => `${name}: ${value}`),
      ];
      if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
      socket.destroySoon();
    },
  };
}

/** Root handlers: errors and unrouted methods outside the API scope answer problem JSON too. */
export function registerFrameworkErrors(app: FastifyInstance): void {
  app.setErrorHandler(sendApiError);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply.header('Cache-Control', 'no-store'), 404, 'Not Found', FRAMEWORK_MESSAGES.noRoute),
  );
}
