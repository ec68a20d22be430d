/**
 * npm test: every check, in the order that fails fastest, and the time each phase took.
 *
 *   set-up       node scripts/ensure-test-deps.mjs (finds or installs Chromium, Java, nginx, PostgreSQL)
 *   checks       npm run typecheck and npm run lint, side by side (each is one single-threaded
 *                process, so on two cores they take the time of the longer one)
 *   then, side by side:
 *     unit       npm run test:unit (its output is printed whole when it ends)
 *     build      npm run build, then
 *     HTML check npm run validate:html
 *   browser      npm run test:e2e
 *
 * The unit tests mostly wait (PostgreSQL, sockets, the hash worker: about 1.5 of 2 cores busy), so
 * the build and the HTML check use the rest instead of waiting for them. The browser tests keep
 * both cores busy on their own: run beside the unit tests, they starved the low-priority password
 * hashes of a unit test past its timeout (a run on a loaded machine), so they start after them.
 * A phase that fails stops the other side (its process group is ended) and npm test exits 1 with
 * the table of the phases that ran.
 */
import { spawn } from 'node:child_process';

/**
 * @typedef {{ ok: boolean, code: number | string | null, output: string }} RunResult
 * @typedef {{ collect?: boolean }} RunOptions
 */

/** @type {Set<import('node:child_process').ChildProcess>} The commands running now (ended when a side fails). */
const running = new Set();

/**
 * A command line, run with inherited output, or with its output collected to print at once.
 * @param {string} command
 * @param {string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<RunResult>}
 */
function run(command, args, { collect = false } = {}) {
  return new Promise((resolve) => {
    // Its own process group (detached), so stopAll() ends npm and everything it started.
    const child = spawn(command, args, { stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true });
    running.add(child);
    /** @type {Buffer[]} */
    const chunks = [];
    if (collect) {
      child.stdout?.on('data', (chunk) => chunks.push(chunk));
      child.stderr?.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ ok: code === 0, code: code ?? signal, output: Buffer.concat(chunks).toString() });
    });
  });
}

let stopped = false;
/** Ends every command still running (the other side of a phase that failed). */
function stopAll() {
  stopped = true;
  for (const child of running) {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
// Ctrl-C, or CI ending the job, ends the process groups too (they are detached from ours).
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    stopAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
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
 * Runs a phase and records its time; a failure stops everything else running.
 * @param {string} name
 * @param {() => Promise<boolean>} phase
 */
async function timed(name, phase) {
  if (failed || stopped) return false;
  const phaseStart = Date.now();
  const ok = await phase();
  if (stopped && !ok) return false; // ended by the other side's failure: not a result of its own
  times.push([name, Date.now() - phaseStart, ok]);
  if (!ok) {
    failed ??= name;
    stopAll();
  }
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

const unit = async () => {
  const result = await npmRun('test:unit', { collect: true });
  if (!stopped || !result.ok) process.stdout.write(`\n> npm run test:unit${result.ok ? '' : `  (failed: ${result.code})`}\n${result.output}`);
  return result.ok;
};

/** @param {number} ms */
const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
};

const started = Date.now();
if ((await timed('set-up', async () => (await run('node', ['scripts/ensure-test-deps.mjs'])).ok)) && (await timed('type check + lint', checks))) {
  const sides = await Promise.all([
    timed('unit', unit),
    (async () => (await timed('build', async () => (await npmRun('build')).ok)) && (await timed('HTML check', async () => (await npmRun('validate:html')).ok)))(),
  ]);
  if (sides.every(Boolean)) await timed('browser', async () => (await npmRun('test:e2e')).ok);
}
console.log('\nnpm test, phase by phase:');
for (const [name, ms, ok] of times) console.log(`  ${name.padEnd(18)} ${seconds(ms).padStart(10)}${ok ? '' : '  FAILED'}`);
console.log(`  ${'in all'.padEnd(18)} ${seconds(Date.now() - started).padStart(10)}`);
if (failed) {
  console.error(`\nnpm test failed in the phase "${failed}".`);
  process.exit(1);
}
