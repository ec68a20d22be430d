import { inTransaction, type PgPool } from './postgres';
import { PG_MIGRATIONS, type PgMigration } from './pgMigrations';

/** Any fixed number: the advisory lock that serialises migrations of instances starting together. */
const MIGRATION_LOCK = 0x64635f6d; // 'dc_m'

/**
 * Brings the database to the latest schema. Safe when several instances start at once: the
 * first takes a transaction-scoped advisory lock and migrates, the others wait for it and find
 * nothing left to do. Each migration runs in that one transaction (PostgreSQL has transactional
 * DDL), so a failing step leaves the schema as it was. Refuses a database migrated by newer code.
 * Returns the versions applied now.
 */
export async function migratePostgres(pool: PgPool, migrations: readonly PgMigration[] = PG_MIGRATIONS): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    const current = rows[0]?.version ?? 0;
    if (current > migrations.length) {
      throw new Error(`Database schema version ${current} is newer than this server (${migrations.length}).`);
    }
    const applied: number[] = [];
    for (let version = current + 1; version <= migrations.length; version++) {
      const migration = migrations[version - 1]!;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, migration.name]);
      applied.push(version);
    }
    return applied;
  });
}
