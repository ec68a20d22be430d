/**
 * The Nu Html Checker (vnu-jar) over every built page: node scripts/validate-html.mjs [dir]
 *
 * One Java process checks all of dist/ (default) at once (about 10-20 s; starting Java per page
 * would take minutes). Every error is printed as `path:line:column: message`, and any error fails
 * the script (exit 1). Warnings are not reported. Needs Java (JAVA_HOME, /usr/bin/java or `java`
 * on PATH; scripts/ensure-test-deps.mjs installs default-jre-headless as root on Debian): without
 * it the script says so and skips (exit 0), like the other tests that need a system program.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? 'dist');
if (!existsSync(dir)) {
  console.error(`validate-html: ${dir} does not exist. Run 'npm run build' first.`);
  process.exit(1);
}

function findJava() {
  const candidates = [process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/java` : '', '/usr/bin/java'].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const onPath = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return onPath.status === 0 ? 'java' : null;
}

const java = findJava();
if (!java) {
  const why = 'no Java found (install the Debian package default-jre-headless, or set JAVA_HOME)';
  // Under CI the setup script installs Java, so a missing one fails the run instead of hiding the check.
  if (process.env.CI) {
    console.error(`validate-html: FAILED, ${why}; CI=true does not skip.`);
    process.exit(1);
  }
  console.warn(`validate-html: SKIPPED, ${why}.`);
  process.exit(0);
}

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
const pages = readdirSync(dir, { recursive: true }).filter((name) => /\.html?$/.test(String(name))).length;
const started = Date.now();
const result = spawnSync(
  java,
  ['-Xss2m', '-jar', vnuJar, '--errors-only', '--skip-non-html', '--format', 'json', dir],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (result.error) {
  console.error(`validate-html: could not run ${java}: ${result.error.message}`);
  process.exit(1);
}

/** @type {Array<{ type: string, subType?: string, url: string, lastLine?: number, firstColumn?: number, lastColumn?: number, message: string }>} */
let messages;
try {
  messages = JSON.parse(result.stderr || result.stdout || '{"messages":[]}').messages;
} catch {
  console.error(`validate-html: unreadable output of vnu (exit ${result.status}):\n${result.stderr}`);
  process.exit(1);
}

const errors = messages.filter((message) => message.type === 'error' || message.subType === 'fatal');
for (const error of errors) {
  const file = relative(process.cwd(), decodeURIComponent(new URL(error.url).pathname));
  console.error(`${file}:${error.lastLine ?? 0}:${error.firstColumn ?? error.lastColumn ?? 0}: ${error.message}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (errors.length > 0) {
  console.error(`validate-html: ${errors.length} error(s) in ${new Set(errors.map((e) => e.url)).size} of ${pages} pages (${seconds} s).`);
  process.exit(1);
}
if (result.status !== 0) {
  console.error(`validate-html: vnu exited with ${result.status}:\n${result.stderr}`);
  process.exit(1);
}
console.log(`validate-html: the pages under ${relative(process.cwd(), dir) || '.'} are valid HTML: ${pages} pages (${seconds} s).`);
