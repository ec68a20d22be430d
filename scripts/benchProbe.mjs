/**
 * What the load benchmarks (bench-signup-flood.mjs, bench-sign-in.mjs; the percentile also
 * bench-contact-requests.mjs and bench-inbox.ts) share: one HTTP call on a
 * connection of its own (no keep-alive: each opens a connection, as a new visitor would), waiting
 * for a server's /healthz, percentiles, the static-latency probe that runs beside the load, and
 * the load itself (requests sent at once, their answers counted by status).
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * @typedef {{ status: number | undefined, headers: import('node:http').IncomingHttpHeaders, ms: number }} ProbeAnswer
 */

/**
 * One request; a JSON body when `body` is given. Resolves with the status, headers and time taken.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @param {import('node:http').OutgoingHttpHeaders} [headers]
 * @returns {Promise<ProbeAnswer>}
 */
export function call(method, url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } : headers,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * @param {string} url
 * @param {number} [timeoutMs]
 */
export async function waitForHealth(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await call('GET', `${url}/healthz`)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not answer /healthz within ${timeoutMs / 1000} s`);
}

/**
 * The p-th percentile (0..100) of samples sorted in ascending order, NaN for none.
 * @param {number[]} sorted
 * @param {number} p
 * @returns {number}
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * @param {string} label
 * @param {number[]} samples
 */
export function summary(label, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  /** @param {number} n */
  const f = (n) => n.toFixed(1).padStart(8);
  return `${label.padEnd(50)} n=${String(sorted.length).padStart(5)}  p50 ${f(percentile(sorted, 50))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? NaN)} ms`;
}

/**
 * GETs of `paths` on `base` started at a fixed rate (one every `intervalMs`, whether or not the
 * earlier ones have answered, so a stalled server cannot hide its stall by slowing the probe
 * down) until `done()` says stop; latencies per path.
 * @template {string} Path
 * @param {string} base
 * @param {readonly Path[]} paths
 * @param {number} intervalMs
 * @param {() => boolean} done
 * @returns {Promise<{ samples: Record<Path, number[]>, errors: string[], slow: string[] }>}
 */
export async function readStatic(base, paths, intervalMs, done) {
  // An entry for every one of `paths`, so samples[path] is there for each.
  const samples = /** @type {Record<Path, number[]>} */ (Object.fromEntries(paths.map((path) => [path, /** @type {number[]} */ ([])])));
  /** @type {string[]} */
  const errors = [];
  /** @type {Promise<unknown>[]} */
  const inFlight = [];
  /** @type {string[]} */
  const slow = [];
  const begin = performance.now();
  let i = 0;
  while (!done()) {
    const path = paths[i++ % paths.length];
    if (path === undefined) throw new Error('readStatic: no paths to read');
    inFlight.push(
      call('GET', base + path).then(
        (result) => {
          if (result.status !== 200) errors.push(`${path}: ${result.status}`);
          samples[path].push(result.ms);
          if (result.ms > 100) slow.push(`${((performance.now() - result.ms - begin) / 1000).toFixed(1)} s`);
        },
        (error) => errors.push(`${path}: ${error.message}`),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  await Promise.all(inFlight);
  return { samples, errors, slow };
}

/**
 * @typedef {{ status: number | string | undefined, headers: import('node:http').IncomingHttpHeaders, ms: number }} LoadAnswer
 *   a ProbeAnswer, or for a request that failed `error <code>` and the time until it failed
 */

/**
 * `count` requests sent at once (`send(n)` sends the n-th) while readStatic reads `paths` beside
 * them until the last request has answered or failed.
 * @template {string} Path
 * @param {string} base
 * @param {readonly Path[]} paths
 * @param {number} intervalMs
 * @param {number} count
 * @param {(n: number) => Promise<ProbeAnswer>} send
 * @returns {Promise<{ probe: Awaited<ReturnType<typeof readStatic<Path>>>, answers: LoadAnswer[], ms: number }>}
 */
export async function readStaticUnderLoad(base, paths, intervalMs, count, send) {
  let pending = count;
  const started = performance.now();
  const requests = Array.from({ length: count }, (_, n) =>
    send(n)
      .catch((error) => ({ status: `error ${error.code ?? error.message}`, headers: {}, ms: performance.now() - started }))
      .finally(() => pending--),
  );
  const [probe, answers] = await Promise.all([readStatic(base, paths, intervalMs, () => pending === 0), Promise.all(requests)]);
  return { probe, answers, ms: performance.now() - started };
}

/**
 * How many answers had each status: `45 x 201, 5 x 503`.
 * @param {LoadAnswer[]} answers
 */
export function statusCounts(answers) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const answer of answers) counts[String(answer.status)] = (counts[String(answer.status)] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ');
}
