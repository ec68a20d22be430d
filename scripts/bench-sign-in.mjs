/**
 * Benchmark (not a test): sign-ins per second and static latency while SIGN_INS (default 50)
 * sign-ins run at once, and the time of a sign-in for an unknown address next to a known one.
 *
 *   node scripts/bench-sign-in.mjs               # starts the server itself (needs a built dist/)
 *   BASE_URL=http://127.0.0.1:8080 node scripts/bench-sign-in.mjs
 *
 * The server it starts uses PORT (default 8152), a temporary database and sign-in/sign-up limits
 * high enough not to hide the load. Every sign-in checks one scrypt hash (N = 2^17) through the
 * hash queue the sign-ups use; past the queue the answer is 503 with Retry-After.
 * Then ROUNDS (default 10) sign-ins one after another, alternating a known address with a wrong
 * password, an unknown address, and the right password: median and spread of each.
 */
import { call as probeCall, percentile, readStatic, readStaticUnderLoad, statusCounts, summary } from './benchProbe.mjs';
import { runAgainstServer } from './benchServer.mjs';

const SIGN_INS = Number(process.env.SIGN_INS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 20);
const STATIC_PATHS = /** @type {const} */ (['/about', '/widgets/dc-theme-toggle.js']);
const API = '/dc_api/wa_v1';
const PASSWORD = 'Mannheim#2025';

/** @param {number[]} samples */
function median(samples) {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

/** @param {string} base */
async function main(base) {
  /**
   * Every call names this site as its Origin: the account routes refuse a request without one.
   * @param {string} method
   * @param {string} url
   * @param {unknown} [body]
   */
  const call = (method, url, body) => probeCall(method, url, body, { origin: base });

  const email = `bench.${Date.now().toString(36)}@example.com`;
  const registered = await call('POST', `${base}${API}/user/register`, {
    firstName: 'Bench',
    lastName: 'Mark',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsAccepted: true,
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  for (let i = 0; i < 20; i++) for (const path of STATIC_PATHS) await call('GET', base + path);

  // Unknown and known addresses, one at a time, alternating.
  /** @type {Record<'known address, wrong password' | 'unknown address' | 'known address, right password', number[]>} */
  const times = { 'known address, wrong password': [], 'unknown address': [], 'known address, right password': [] };
  for (let round = 0; round < ROUNDS; round++) {
    /** @type {Array<[keyof typeof times, { email: string, password: string }, number]>} */
    const tries = [
      ['known address, wrong password', { email, password: 'Wrong#Password1' }, 401],
      ['unknown address', { email: `nobody.${round}.${Date.now()}@example.com`, password: 'Wrong#Password1' }, 401],
      ['known address, right password', { email, password: PASSWORD }, 200],
    ];
    for (const [label, body, expected] of tries) {
      const answer = await call('POST', `${base}${API}/session`, body);
      if (answer.status !== expected) throw new Error(`${label}: ${answer.status}, expected ${expected}`);
      times[label].push(answer.ms);
    }
  }

  // 50 at once, with the static probe.
  const quietUntil = Date.now() + 2000;
  const quiet = await readStatic(base, STATIC_PATHS, INTERVAL_MS, () => Date.now() > quietUntil);
  const {
    probe: flood,
    answers,
    ms,
  } = await readStaticUnderLoad(base, STATIC_PATHS, INTERVAL_MS, SIGN_INS, () =>
    call('POST', `${base}${API}/session`, { email, password: PASSWORD }),
  );
  const floodS = ms / 1000;
  const ok = answers.filter((answer) => answer.status === 200);

  console.log(`server ${base}: ${ROUNDS} rounds one at a time, then ${SIGN_INS} sign-ins at once`);
  for (const [label, samples] of Object.entries(times)) {
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(
      `${`sign-in, ${label}`.padEnd(46)} median ${median(samples).toFixed(0).padStart(5)} ms  min ${(sorted[0] ?? NaN).toFixed(0).padStart(5)}  max ${(sorted.at(-1) ?? NaN).toFixed(0).padStart(5)}`,
    );
  }
  for (const path of STATIC_PATHS) console.log(summary(`GET ${path} (alone)`, quiet.samples[path]));
  const all = STATIC_PATHS.flatMap((path) => flood.samples[path]);
  console.log(summary('GET static, all (during sign-ins)', all));
  console.log(
    summary(
      'POST /session answered 200',
      ok.map((answer) => answer.ms),
    ),
  );
  console.log(`sign-in answers: ${statusCounts(answers)}; ${floodS.toFixed(1)} s`);
  console.log(`sign-ins per second: ${(ok.length / floodS).toFixed(2)}`);
  const errors = [...quiet.errors, ...flood.errors];
  if (errors.length > 0) console.log(`static errors: ${errors.slice(0, 10).join('; ')}`);
  return 0;
}

await runAgainstServer(
  {
    defaultPort: 8152,
    args: ['server-dist/main.mjs'],
    env: { DC_REGISTER_RATE_MAX: '10000', DC_SIGN_IN_ACCOUNT_RATE_MAX: '100000', DC_SIGN_IN_IP_RATE_MAX: '100000' },
  },
  main,
);
