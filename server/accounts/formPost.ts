import type { FastifyRequest } from 'fastify';
import type { RouteRateLimit } from '../api/routeRateLimit';
import type { FailureCounter } from './failureCounter';

/** A form post of a page that works without JavaScript (answered with 303, never JSON). */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** The body as fields, or null when it is not an object (JSON) or a form. */
export function bodyFields(request: FastifyRequest): Record<string, unknown> | null {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** A string field cut one past `max` (so the length rule still sees it is too long), '' otherwise. */
export function textField(fields: Record<string, unknown>, key: string, max: number): string {
  const value = fields[key];
  return typeof value === 'string' ? value.slice(0, max + 1) : '';
}

/**
 * A limit on events (reset links asked for, verification links re-sent), counted in the
 * database's windowed counters (./failureCounter), so every instance shares them: seconds to
 * wait when `key` has used its window up, else 0 after counting this one.
 */
export async function takeFromLimit(counter: FailureCounter, key: string, limit: RouteRateLimit): Promise<number> {
  const wait = await counter.blockedFor(key, limit.max);
  if (wait > 0) return wait;
  await counter.fail(key, limit.timeWindowMs);
  return 0;
}

/** The same over several keys: refused when any is used up (then none is counted), else each counts one. */
export async function takeFromLimits(counter: FailureCounter, limits: Array<[string, RouteRateLimit]>): Promise<number> {
  const waits = await Promise.all(limits.map(([key, limit]) => counter.blockedFor(key, limit.max)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) return wait;
  for (const [key, limit] of limits) await counter.fail(key, limit.timeWindowMs);
  return 0;
}
