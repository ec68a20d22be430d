import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { redactUrl } from '../db/postgres';

/**
 * Backups that restore (npm run backup / npm run restore, scripts/backup.ts and scripts/restore.ts).
 *
 * SQLite: SQLite's online backup API (better-sqlite3 `db.backup`), all pages in one step: one
 * read transaction, so the copy is one consistent snapshot while the server keeps writing (WAL
 * mode), then checked with `PRAGMA integrity_check`. Not page by page between the event loop's
 * turns (the library's default, 100 pages a step): a write from another connection between two
 * steps restarts the copy, so under steady writes a database of more than 100 pages was never
 * copied (tests/unit/backup.test.ts, 5,000 rows by 10 writers: no end). Never a file copy: the
 * WAL file holds committed transactions a copy of the main file lacks.
 *
 * PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (a consistent snapshot of a running
 * database); restored with `pg_restore`. Without the client programs the error says which
 * command to run.
 */

/** The most pages better-sqlite3 copies in one backup step: all of them. */
const ALL_PAGES = 0x7fffffff;

export interface BackupSummary {
  file: string;
  bytes: number;
  /** Rows of the main tables in the copy (SQLite), for the log and a quick check. */
  rows?: { users: number; leads: number };
}

function countRows(db: Database.Database): { users: number; leads: number } {
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { users: count('users'), leads: count('leads') };
}

/** Checks a SQLite backup: readable, integrity_check ok, the main tables there. */
export function verifySqliteBackup(file: string): { users: number; leads: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${file} is damaged: integrity_check says ${String(result)}`);
    return countRows(db);
  } finally {
    db.close();
  }
}

export async function backupSqlite(databasePath: string, target: string): Promise<BackupSummary> {
  if (!existsSync(databasePath)) throw new Error(`No database at ${databasePath} (DATABASE_PATH).`);
  if (existsSync(target)) throw new Error(`${target} exists already: choose a new file name (a backup never overwrites one).`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  const rows = verifySqliteBackup(partial);
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, rows };
}

const run = promisify(execFile);

function postgresProgram(name: 'pg_dump' | 'pg_restore' | 'psql'): string | null {
  const dirs = [process.env.PG_BIN, '/usr/bin', '/usr/local/bin'].filter((dir): dir is string => Boolean(dir));
  for (const dir of dirs) if (existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  return null;
}

export async function backupPostgres(databaseUrl: string, target: string): Promise<BackupSummary> {
  if (existsSync(target)) throw new Error(`${target} exists already: choose a new file name (a backup never overwrites one).`);
  const pgDump = postgresProgram('pg_dump');
  if (!pgDump) {
    throw new Error(
      `pg_dump is not installed here (Debian: apt-get install postgresql-client). Run on a machine that has it:\n  pg_dump --format=custom --file=${target} '${redactUrl(databaseUrl)}'`,
    );
  }
  // Asynchronous: the server (or the test's writers) in this process keep running meanwhile.
  try {
    await run(pgDump, ['--format=custom', `--file=${target}.partial`, databaseUrl]);
  } catch (error) {
    rmSync(`${target}.partial`, { force: true });
    throw new Error(`pg_dump failed: ${(error as { stderr?: string }).stderr?.trim() ?? String(error)}`, { cause: error });
  }
  renameSync(`${target}.partial`, target);
  return { file: target, bytes: statSync(target).size };
}

/** Restores a SQLite backup to `databasePath`: only into a new or empty file unless `force` (server stopped). */
export function restoreSqlite(backupFile: string, databasePath: string, force: boolean): { users: number; leads: number } {
  const rows = verifySqliteBackup(backupFile);
  if (existsSync(databasePath) && statSync(databasePath).size > 0 && !force) {
    throw new Error(
      `${databasePath} exists and holds data: restore into a new file (DATABASE_PATH=…) or stop the server and add --force to replace it.`,
    );
  }
  const staging = `${databasePath}.restoring`;
  rmSync(staging, { force: true });
  const source = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    // VACUUM INTO writes a clean, self-contained copy (no -wal file needed beside it).
    source.prepare('VACUUM INTO ?').run(staging);
  } finally {
    source.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${databasePath}${suffix}`, { force: true });
  renameSync(staging, databasePath);
  return rows;
}

/** Restores a pg_dump file: only into a database without the site's tables unless `force` (then --clean). */
export function restorePostgres(backupFile: string, databaseUrl: string, force: boolean): void {
  const pgRestore = postgresProgram('pg_restore');
  const psql = postgresProgram('psql');
  if (!pgRestore || !psql) {
    throw new Error(
      `pg_restore is not installed here (Debian: apt-get install postgresql-client). Run on a machine that has it:\n  pg_restore --no-owner --dbname='${redactUrl(databaseUrl)}' ${backupFile}`,
    );
  }
  const check = spawnSync(psql, ['--tuples-only', '--no-align', '--command', "SELECT to_regclass('public.leads') IS NOT NULL", databaseUrl], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`The database could not be reached: ${check.stderr.trim()}`);
  if (check.stdout.trim() === 't' && !force) {
    throw new Error('The database already holds the site\'s tables: restore into an empty database, or stop every instance and add --force to replace them.');
  }
  const args = ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, ...(force ? ['--clean', '--if-exists'] : []), backupFile];
  const result = spawnSync(pgRestore, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pg_restore failed: ${result.stderr.trim()}`);
}
