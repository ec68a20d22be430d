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
 * The output of the side-by-side commands is printed whole, one after the other, when each ends.
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

/** @type {Array<[string, () => Promise<boolean>]>} The phases in order; each resolves to true when it passed. */
const phases = [
  ['set-up', async () => (await run('node', ['scripts/ensure-test-deps.mjs'])).ok],
  [
    'type check + lint',
    async () => {
      const results = await Promise.all(
        ['typecheck', 'lint'].map(async (script) => {
          const result = await npmRun(script, { collect: true });
          process.stdout.write(`\n> npm run ${script}${result.ok ? '' : `  (failed: ${result.code})`}\n${result.output}`);
          return result.ok;
        }),
      );
      return results.every(Boolean);
    },
  ],
  ['unit', async () => (await npmRun('test:unit')).ok],
  ['build', async () => (await npmRun('build')).ok],
  ['HTML check', async () => (await npmRun('validate:html')).ok],
  ['browser', async () => (await npmRun('test:e2e')).ok],
];

/** @param {number} ms */
const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
};

const started = Date.now();
/** @type {Array<[string, number, boolean]>} */
const times = [];
let failed = null;
for (const [name, phase] of phases) {
  const phaseStart = Date.now();
  const ok = await phase();
  times.push([name, Date.now() - phaseStart, ok]);
  if (!ok) {
    failed = name;
    break;
  }
}
console.log('\nnpm test, phase by phase:');
for (const [name, ms, ok] of times) console.log(`  ${name.padEnd(18)} ${seconds(ms).padStart(10)}${ok ? '' : '  FAILED'}`);
console.log(`  ${'in all'.padEnd(18)} ${seconds(Date.now() - started).padStart(10)}`);
if (failed) {
  console.error(`\nnpm test failed in the phase "${failed}".`);
  process.exit(1);
}
