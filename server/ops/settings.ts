import { defaultHeapLimitBytes, type OverloadSettings } from './overload';

/**
 * Operations settings (graceful shutdown, readiness, metrics, overload), read from the
 * environment by ../config's loadConfig:
 *
 * - DC_SHUTDOWN_TIMEOUT_S (10): on SIGTERM/SIGINT the requests in flight may finish for this
 *   long; past it the process exits 1 (a second signal exits at once).
 * - DC_SHUTDOWN_DELAY_S (0): after the signal the listener refuses new connections at once
 *   (./shutdown), and the connections already open are served for this long (answers with
 *   `Connection: close`, /readyz 503) before the idle ones are closed. Behind the generated nginx
 *   config at least 3: its upstream keepalive_timeout is 2 s, so by then nginx has let go of every
 *   idle connection, and closing them cuts none that nginx is sending a request on.
 * - DC_READY_OUTBOX_MAX_AGE_S (3600): /readyz answers 503 when the oldest contact request waiting for its
 *   mail was received longer ago than this (mail is not going out).
 * - METRICS_PORT (unset): see ./metrics. DC_OVERLOAD_*: see ./overload.
 */
export interface OpsSettings {
  shutdownTimeoutMs: number;
  shutdownDelayMs: number;
  readyOutboxMaxAgeMs: number;
  /** METRICS_PORT: /metrics without a token on 127.0.0.1:<port> (and not on the main port); null: main port, admin token. */
  metricsPort: number | null;
  /** DC_OVERLOAD_*: see ./overload. */
  overload: OverloadSettings;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got '${value}'`);
  return parsed;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback * 1000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`${name} must be a whole number of seconds from ${min}, got '${value}'`);
  return parsed * 1000;
}

export function opsSettings(env: NodeJS.ProcessEnv): OpsSettings {
  return {
    shutdownTimeoutMs: seconds(env, 'DC_SHUTDOWN_TIMEOUT_S', 10, 1),
    shutdownDelayMs: seconds(env, 'DC_SHUTDOWN_DELAY_S', 0, 0),
    readyOutboxMaxAgeMs: seconds(env, 'DC_READY_OUTBOX_MAX_AGE_S', 3600, 1),
    metricsPort: env.METRICS_PORT ? whole(env, 'METRICS_PORT', 0, 1, 65535) : null,
    overload: {
      eventLoopDelayMs: whole(env, 'DC_OVERLOAD_EVENT_LOOP_DELAY_MS', 1000, 1),
      heapUsedBytes: env.DC_OVERLOAD_HEAP_MB ? whole(env, 'DC_OVERLOAD_HEAP_MB', 0, 1) * 1024 * 1024 : defaultHeapLimitBytes(),
      rssBytes: whole(env, 'DC_OVERLOAD_RSS_MB', 0, 0) * 1024 * 1024,
      retryAfterS: whole(env, 'DC_OVERLOAD_RETRY_AFTER_S', 10, 1),
    },
  };
}
