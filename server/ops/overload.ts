import { getHeapStatistics } from 'node:v8';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../shared/constants';
import { problem, type Problem } from '../api/problem';
import type { Counter } from 'prom-client';

/**
 * Overload protection (@fastify/under-pressure): while the event loop lags or memory is past its
 * limit, the API answers 503 with Retry-After (problem JSON) instead of queueing work until the
 * process falls over; static pages, /healthz and /readyz are still served (they cost next to
 * nothing, and a visitor still sees the site).
 *
 * - DC_OVERLOAD_EVENT_LOOP_DELAY_MS (1000): event-loop delay past which the API is refused;
 * - DC_OVERLOAD_HEAP_MB (default: 90 % of V8's heap limit) and DC_OVERLOAD_RSS_MB (default: off);
 * - DC_OVERLOAD_RETRY_AFTER_S (10): the Retry-After sent.
 */
export interface OverloadSettings {
  eventLoopDelayMs: number;
  heapUsedBytes: number;
  rssBytes: number;
  retryAfterS: number;
}

export const OVERLOAD_MESSAGE = 'The server is very busy right now. Please try again in a few seconds.';

export function defaultHeapLimitBytes(): number {
  return Math.floor(getHeapStatistics().heap_size_limit * 0.9);
}

export async function registerOverload(app: FastifyInstance, settings: OverloadSettings, rejections?: Counter): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: settings.eventLoopDelayMs,
    maxHeapUsedBytes: settings.heapUsedBytes,
    maxRssBytes: settings.rssBytes,
    retryAfter: settings.retryAfterS,
    // At run time the plugin sends what the handler returns, and lets the request go on when it
    // returns nothing; its type says void, hence the cast.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined): Problem | undefined => {
      if (!request.url.startsWith(API_BASE)) return undefined; // static pages, /healthz, /readyz go on
      // The plugin reports an interval without a single event-loop sample as an infinite delay:
      // that is start-up (modules, migrations), over by the time this request runs.
      if (type === 'eventLoopDelay' && !Number.isFinite(value)) return undefined;
      rejections?.inc({ reason: String(type) });
      reply
        .code(503)
        .header('Retry-After', String(settings.retryAfterS))
        .header('Cache-Control', 'no-store')
        .type('application/problem+json; charset=utf-8');
      return problem(503, 'Service Unavailable', OVERLOAD_MESSAGE);
    }) as unknown as NonNullable<FastifyUnderPressureOptions['pressureHandler']>,
  });
}
