/**
 * npm run restore -- <file> [--force]: restores a backup of npm run backup into DATABASE_PATH
 * (a new or empty file) or DATABASE_URL (an empty database); --force replaces existing data
 * (stop every server first). See server/ops/backup.ts.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { restorePostgres, restoreSqlite } from '../server/ops/backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <file> [--force]   (into DATABASE_PATH or DATABASE_URL as for the server)');
  process.exit(2);
}
const config = loadConfig();
try {
  if (config.databaseUrl) {
    restorePostgres(resolve(file), config.databaseUrl, force);
    console.log('restore: done (PostgreSQL)');
  } else {
    const rows = restoreSqlite(resolve(file), config.databasePath, force);
    console.log(`restore: ${config.databasePath} now holds ${rows.leads} leads and ${rows.users} users`);
  }
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
