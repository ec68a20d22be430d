/**
 * Benchmark: does a flood of sign-ups starve the static site?
 *
 *   node scripts/bench-signup-flood.mjs            # starts the server itself (needs a built dist/)
 *   BASE_URL=http://127.0.0.1:8080 node scripts/bench-signup-flood.mjs   # against a running server
 *
 * Each sign-up costs one scrypt hash (N = 2^17, ~128 MiB, a few hundred ms) in libuv's thread
 * pool, which static file reads share. The script measures GET latency of a page and a widget
 * file alone, then again while SIGNUPS (default 50) sign-ups are in flight at once, and prints
 * p50 / p99 / max of each, and what the sign-ups were answered (201, 503 + Retry-After, 429).
 *
 * When it starts the server it uses PORT (default 8151), a temporary database and a register
 * limit high enough that the per-IP limit does not hide the flood (DC_REGISTER_RATE_MAX=10000).
 * Only Node's own http client is used (no keep-alive: each GET opens a connection, as a new
 * visitor would). Set SIGNUPS, INTERVAL_MS, PORT to vary it.
 */
import { call, percentile, readStatic, readStaticUnderLoad, statusCounts, summary } from './benchProbe.mjs';
import { runAgainstServer } from './benchServer.mjs';

const SIGNUPS = Number(process.env.SIGNUPS ?? 50);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 20);
const STATIC_PATHS = /** @type {const} */ (['/about', '/widgets/dc-theme-toggle.js']);
const REGISTER = '/dc_api/wa_v1/user/register';

/** @param {string} base */
async function main(base) {
  // Warm up (first reads open files, JIT).
  for (let i = 0; i < 20; i++) for (const path of STATIC_PATHS) await call('GET', base + path);

  // Alone: 2 s of reads.
  const quietUntil = Date.now() + 2000;
  const quiet = await readStatic(base, STATIC_PATHS, INTERVAL_MS, () => Date.now() > quietUntil);

  // Under the flood.
  const stamp = Date.now().toString(36);
  const { probe: flood, answers, ms: floodMs } = await readStaticUnderLoad(base, STATIC_PATHS, INTERVAL_MS, SIGNUPS, (n) =>
    call('POST', base + REGISTER, {
      firstName: 'Bench',
      lastName: 'Mark',
      email: `bench.${stamp}.${n}@example.com`,
      password: 'Mannheim#2025',
      confirmPassword: 'Mannheim#2025',
      termsAccepted: true,
    }),
  );

  const retryAfter = answers.find((answer) => answer.status === 503)?.headers['retry-after'];
  const signupMs = answers.filter((answer) => answer.status === 201).map((answer) => answer.ms);

  console.log(`server ${base}: a static GET every ${INTERVAL_MS} ms, alone for 2 s, then while ${SIGNUPS} sign-ups run at once`);
  for (const path of STATIC_PATHS) console.log(summary(`GET ${path} (alone)`, quiet.samples[path]));
  for (const path of STATIC_PATHS) console.log(summary(`GET ${path} (during sign-ups)`, flood.samples[path]));
  const all = STATIC_PATHS.flatMap((path) => flood.samples[path]);
  console.log(summary('GET static, all (during sign-ups)', all));
  console.log(summary('POST register answered 201', signupMs));
  console.log(
    `sign-up answers: ${statusCounts(answers)}` +
      (retryAfter ? ` (503 Retry-After: ${retryAfter} s)` : '') +
      `; flood lasted ${(floodMs / 1000).toFixed(1)} s`,
  );
  if (flood.errors.length + quiet.errors.length > 0) {
    console.log(`static errors: ${[...quiet.errors, ...flood.errors].slice(0, 10).join('; ')}`);
  }
  if (flood.slow.length > 0) console.log(`GETs over 100 ms during the flood started at: ${flood.slow.join(', ')}`);
  const p99 = percentile([...all].sort((a, b) => a - b), 99);
  console.log(`static p99 during the flood: ${p99.toFixed(1)} ms (${p99 < 100 ? 'under' : 'OVER'} 100 ms)`);
  return p99 < 100 ? 0 : 1;
}

await runAgainstServer(
  {
    defaultPort: 8151,
    args: ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'],
    env: {
      DC_REGISTER_RATE_MAX: '10000',
      DC_MAX_CONNECTIONS_PER_IP: '512', // every client is 127.0.0.1
      DC_REGISTER_GLOBAL_RATE_MAX: process.env.DC_REGISTER_GLOBAL_RATE_MAX ?? '10000',
    },
  },
  main,
);
