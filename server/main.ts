import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { closeOnSignals } from './ops/shutdown';

/** npm run serve: serves an existing dist/ and the API; stops cleanly on SIGTERM/SIGINT (./ops/shutdown). */
const config = loadConfig();
if (!existsSync(join(config.distDir, 'index.html'))) {
  console.error(`No built site in ${config.distDir}. Run 'npm run build' first (or 'npm start').`);
  process.exit(1);
}

const app = await buildApp(config);
closeOnSignals(app, { timeoutMs: config.ops.shutdownTimeoutMs, delayMs: config.ops.shutdownDelayMs });

await app.listen({ port: config.port, host: config.host });
