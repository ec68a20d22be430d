import type { FastifyReply } from 'fastify';

/** RFC 9457 problem details; `message` is what clients show (sign-up reads data.message). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  errors?: Record<string, string>;
}

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
