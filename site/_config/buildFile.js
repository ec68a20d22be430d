import { existsSync } from 'node:fs';

/**
 * A file of the widget build that the page build reads (dist/assets/js/manifest.json,
 * dist/widgets/release.json). `npm run build` starts the pages next to the widgets
 * (scripts/build.mjs) and sets DC_BUILD_WAIT_MS: then this waits up to that long for the file,
 * which the widget build writes whole and renames into place, so it is never read half written.
 * Without the variable (a page build on its own) the file must be there already. Resolves to
 * whether it exists.
 * @param {string} path
 * @returns {Promise<boolean>}
 */
export async function buildFileReady(path) {
  const deadline = Date.now() + Number(process.env.DC_BUILD_WAIT_MS ?? 0);
  while (!existsSync(path) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return existsSync(path);
}
