/**
 * npm test: every check, in the order that fails fastest, and the time each phase took.
 *
 *   set-up       node scripts/ensure-test-deps.mjs (finds or installs Chromium, Java, nginx, PostgreSQL)
 *   checks       npm run typecheck and npm run lint, side by side (each is one single-threaded
 *                process, so on two cores they take the time of the longer one)
 *   unit         npm run test:unit
 *   build        npm run build
 *   HTML check   npm run validate:html
 *   browser      npm run test:e2e
 *
 * It stops at the first phase that fails (exit code 1) and prints the table of the phases that ran.
 * The unit tests do not run beside the build or the browser tests (tried on 2026-11-27): beside the
 * build the unit phase took 2 min 07 s instead of 1 min 32 s on two quiet cores, and on a busy
 * machine their password hashes, which run at nice 10 (server/users/scrypt-worker.mjs), were
 * starved past their 30 s timeout.
 */
import { spawn } from 'node:child_process';

/**
 * @typedef {{ ok: boolean, code: number | string | null, output: string }} RunResult
 * @typedef {{ collect?: boolean }} RunOptions
 */

/**
 * A command line, run with inherited output, or with its output collected to print at once.
 * @param {string} command
 * @param {string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<RunResult>}
 */
function run(command, args, { collect = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    /** @type {Buffer[]} */
    const chunks = [];
    if (collect) {
      child.stdout?.on('data', (chunk) => chunks.push(chunk));
      child.stderr?.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => resolve({ ok: code === 0, code: code ?? signal, output: Buffer.concat(chunks).toString() }));
  });
}

/**
 * @param {string} script
 * @param {RunOptions} [options]
 */
const npmRun = (script, options) => run('npm', ['run', '--silent', script], options);

/** @type {Array<[string, number, boolean]>} Each phase that ran: its name, time and result. */
const times = [];
/** @type {string | null} */
let failed = null;

/**
 * Runs a phase unless one has failed, and records its time and result.
 * @param {string} name
 * @param {() => Promise<boolean>} phase
 */
async function timed(name, phase) {
  if (failed) return false;
  const phaseStart = Date.now();
  const ok = await phase();
  times.push([name, Date.now() - phaseStart, ok]);
  if (!ok) failed ??= name;
  return ok;
}

const checks = async () => {
  const results = await Promise.all(
    ['typecheck', 'lint'].map(async (script) => {
      const result = await npmRun(script, { collect: true });
      process.stdout.write(`\n> npm run ${script}${result.ok ? '' : `  (failed: ${result.code})`}\n${result.output}`);
      return result.ok;
    }),
  );
  return results.every(Boolean);
};

const unit = async () => (await npmRun('test:unit')).ok;

/** @param {number} ms */
const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
};

const started = Date.now();
if ((await timed('set-up', async () => (await run('node', ['scripts/ensure-test-deps.mjs'])).ok)) && (await timed('type check + lint', checks))) {
  (await timed('unit', unit)) &&
    (await timed('build', async () => (await npmRun('build')).ok)) &&
    (await timed('HTML check', async () => (await npmRun('validate:html')).ok)) &&
    (await timed('browser', async () => (await npmRun('test:e2e')).ok));
}
console.log('\nnpm test, phase by phase:');
for (const [name, ms, ok] of times) console.log(`  ${name.padEnd(18)} ${seconds(ms).padStart(10)}${ok ? '' : '  FAILED'}`);
console.log(`  ${'in all'.padEnd(18)} ${seconds(Date.now() - started).padStart(10)}`);
if (failed) {
  console.error(`\nnpm test failed in the phase "${failed}".`);
  process.exit(1);
}
