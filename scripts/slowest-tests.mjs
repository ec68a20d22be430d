/**
 * Where the end-to-end suite's time goes: reads the JSON report of the last `npm run test:e2e`
 * (test-results/e2e-report.json, written by playwright.config.ts) and prints the slowest tests and
 * each file's total.
 *
 *   npm run test:slowest [-- --top 20] [-- path/to/report.json]
 */
import { readFileSync } from 'node:fs';

/**
 * @typedef {import('@playwright/test/reporter').JSONReport} JSONReport
 * @typedef {import('@playwright/test/reporter').JSONReportSuite} JSONReportSuite
 * @typedef {{ ms: number, file: string, title: string, project: string, status: string }} TestTime
 */

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const topValue = topIndex >= 0 ? args[topIndex + 1] : '20';
if (topValue === undefined) {
  console.error('test:slowest: --top needs a number.');
  process.exit(1);
}
const top = Number(topValue);
const file = args.find((arg, index) => !arg.startsWith('--') && (topIndex < 0 || index !== topIndex + 1)) ?? 'test-results/e2e-report.json';

/** @type {JSONReport} */
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`test:slowest: cannot read ${file} (${error instanceof Error ? error.message : String(error)}); run npm run test:e2e first.`);
  process.exit(1);
}

/** @type {TestTime[]} */
const tests = [];
/** @param {JSONReportSuite} suite */
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
      tests.push({ ms, file: spec.file, title: spec.title, project: test.projectName, status: test.status });
    }
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of report.suites) walk(suite);

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
const total = tests.reduce((sum, test) => sum + test.ms, 0);
console.log(`${tests.length} tests, ${seconds(total).trim()} of test time, ${seconds(report.stats?.duration ?? 0).trim()} wall time\n`);
console.log(`The ${Math.min(top, tests.length)} slowest:`);
for (const test of [...tests].sort((a, b) => b.ms - a.ms).slice(0, top)) console.log(`${seconds(test.ms)}  ${test.file}: ${test.title}`);

/** @type {Map<string, { ms: number, count: number }>} */
const byFile = new Map();
for (const test of tests) {
  const entry = byFile.get(test.file) ?? { ms: 0, count: 0 };
  entry.ms += test.ms;
  entry.count += 1;
  byFile.set(test.file, entry);
}
console.log('\nBy file:');
for (const [name, entry] of [...byFile].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${seconds(entry.ms)}  ${String(entry.count).padStart(4)} tests  ${name}`);
