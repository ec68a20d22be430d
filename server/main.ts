import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';

/** npm run serve: serves an existing dist/ and the API; stops cleanly on SIGTERM/SIGINT. */
const config = loadConfig();
if (!existsSync(join(config.distDir, 'index.html'))) {
  console.error(`No built site in ${config.distDir}. Run 'npm run build' first (or 'npm start').`);
  process.exit(1);
}

const app = await buildApp(config);
let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
