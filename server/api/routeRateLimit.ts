/** A rate limit of the API: at most `max` requests (or failures) per `timeWindowMs`, per client unless said otherwise. */
export interface RouteRateLimit {
  max: number;
  timeWindowMs: number;
}

/**
 * The @fastify/rate-limit route config of a limited API route: past the limit, a 429 whose
 * problem `message` is the route's own text, with Retry-After (./errors turns it into the
 * problem JSON). Used by the register and contact routes.
 */
export function routeRateLimit(limit: RouteRateLimit, message: string) {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    errorResponseBuilder: (_request: unknown, context: { after: string }) => ({
      statusCode: 429,
      message,
      retryAfter: context.after,
    }),
  };
}
