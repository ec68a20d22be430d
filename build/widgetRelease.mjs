import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listElements } from './elements.mjs';

/**
 * @typedef {import('../widgets/lib/widgetSnippet').WidgetFile} WidgetFile
 * @typedef {{ version: string, major: number, elements: Record<string, WidgetFile & { bytes: number }> }} WidgetRelease
 */

const widgetsDir = new URL('../widgets/', import.meta.url).pathname;

/** The widgets' release version (semver), kept in widgets/manifest.json and matched by widgets/CHANGELOG.md. */
/** @returns {string} */
export function widgetVersion() {
  const { version } = JSON.parse(readFileSync(join(widgetsDir, 'manifest.json'), 'utf8'));
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`widgets/manifest.json: "version" must be MAJOR.MINOR.PATCH, got ${JSON.stringify(version)}`);
  }
  return version;
}

/**
 * Subresource Integrity value of a file's bytes: sha384, base64 (what `integrity` takes).
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function integrityOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * The content hash in a pinned file name: the first 16 hex digits of the file's SHA-384.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function contentHashOf(bytes) {
  return createHash('sha384').update(bytes).digest('hex').slice(0, 16);
}

/**
 * Publishes the standalone widgets built by Rollup (dist/widgets/dc-<name>.js) as a release:
 *
 * - /widgets/v{major}/dc-<name>.js            the latest build of this major version (short cache);
 * - /widgets/v{major}/dc-<name>.<hash>.js     pinned: named by its content hash, never changes
 *                                             (served immutable for a year);
 * - /widgets/release.json                     version, and per element both URLs and the pinned
 *                                             file's SRI hash (read by the /embed page and the docs).
 *
 * The unversioned /widgets/dc-<name>.js stay as they are. Returns the release record.
 * @param {{ distDir?: string }} [options]
 * @returns {WidgetRelease}
 */
export function writeWidgetRelease({ distDir = 'dist' } = {}) {
  const version = widgetVersion();
  const major = Number(version.split('.')[0]);
  const outDir = join(distDir, 'widgets', `v${major}`);
  mkdirSync(outDir, { recursive: true });
  /** @type {WidgetRelease['elements']} */
  const elements = {};
  for (const element of listElements().filter((candidate) => candidate.public)) {
    const source = join(distDir, 'widgets', `${element.tag}.js`);
    if (!existsSync(source)) throw new Error(`widget release: ${source} is missing (did Rollup run?)`);
    const bytes = readFileSync(source);
    const hash = contentHashOf(bytes);
    copyFileSync(source, join(outDir, `${element.tag}.js`));
    copyFileSync(source, join(outDir, `${element.tag}.${hash}.js`));
    elements[element.tag] = {
      latest: `/widgets/v${major}/${element.tag}.js`,
      pinned: `/widgets/v${major}/${element.tag}.${hash}.js`,
      integrity: integrityOf(bytes),
      bytes: bytes.length,
    };
  }
  const release = { version, major, elements };
  // Written whole under another name, then renamed: the page build may be waiting for this file
  // (scripts/build.mjs runs the pages next to the release) and must never read half of it.
  const releaseFile = join(distDir, 'widgets', 'release.json');
  writeFileSync(`${releaseFile}.part`, `${JSON.stringify(release, null, 2)}\n`);
  renameSync(`${releaseFile}.part`, releaseFile);
  return release;
}
