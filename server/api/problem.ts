import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';

/**
 * RFC 9457 problem details, the body of every error of the API; `message` is what clients show
 * (sign-up reads data.message), `errors` maps each bad field to its message. Declared as the
 * 4xx/5xx response schema of every route (./routeSchemas), so the shape is written once.
 */
export const ProblemSchema = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type Problem = Static<typeof ProblemSchema>;

export function problem(status: number, title: string, message: string, errors?: Record<string, string>): Problem {
  return { type: 'about:blank', title, status, detail: message, message, ...(errors ? { errors } : {}) };
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  errors?: Record<string, string>,
): FastifyReply {
  return reply.code(status).type('application/problem+json; charset=utf-8').send(problem(status, title, message, errors));
}
