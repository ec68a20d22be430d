/**
 * npm run backup -- <file>: a consistent copy of the database while the server runs
 * (server/ops/backup.ts). SQLite at DATABASE_PATH, or PostgreSQL with DATABASE_URL (pg_dump,
 * custom format). The file must not exist yet.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { backupPostgres, backupSqlite } from '../server/ops/backup';

const target = process.argv[2];
if (!target || target.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>   (DATABASE_PATH or DATABASE_URL as for the server)');
  process.exit(2);
}
const config = loadConfig();
try {
  const started = performance.now();
  const summary = config.databaseUrl ? await backupPostgres(config.databaseUrl, resolve(target)) : await backupSqlite(config.databasePath, resolve(target));
  const rows = summary.rows ? `, ${summary.rows.leads} leads, ${summary.rows.users} users, integrity ok` : '';
  console.log(`backup: ${summary.file} (${(summary.bytes / 1024).toFixed(0)} KiB${rows}) in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
