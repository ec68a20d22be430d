import { existsSync } from 'node:fs';

/** Flags that keep Chromium quiet and working on a closed network, as root, without a GPU. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The Chromium to test with: CHROME_PATH if set, else Playwright's own
 * download if present, else the system's. undefined lets Playwright decide.
 */
export function findChromium(playwrightExecutable?: string): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (playwrightExecutable && existsSync(playwrightExecutable)) return playwrightExecutable;
  return SYSTEM_CHROMIUM.find((path) => existsSync(path));
}
