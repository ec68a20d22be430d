/**
 * What the instance is doing, shared by the shutdown (./shutdown) and the readiness check
 * (./readiness): once `draining` is set, /readyz answers 503 and every answer carries
 * `Connection: close`, so a load balancer or proxy stops sending and reusing connections while the
 * requests in flight finish.
 */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}
