/**
 * The PostgreSQL schema, one migration per step, applied in order at start by ./migrate.
 * APPEND ONLY: a migration that has run anywhere is never edited; a change is a new entry.
 * A feature that stores something (users, rate limits, later leads and their outbox) adds its
 * tables here and its store in its own folder.
 */
export interface PgMigration {
  /** Short name, recorded in schema_migrations. */
  name: string;
  sql: string;
}

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    name: 'users',
    sql: `
      CREATE TABLE users (
        seq           BIGINT GENERATED ALWAYS AS IDENTITY,
        id            TEXT PRIMARY KEY,
        first_name    TEXT NOT NULL,
        last_name     TEXT NOT NULL,
        email         TEXT NOT NULL CONSTRAINT users_email_key UNIQUE,
        password_hash TEXT NOT NULL,
        active        BOOLEAN NOT NULL DEFAULT TRUE,
        created_at    TIMESTAMPTZ NOT NULL,
        updated_at    TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX users_created_at_idx ON users (created_at, seq);`,
  },
  {
    name: 'rate_limits',
    sql: `
      CREATE TABLE rate_limits (
        key         TEXT PRIMARY KEY,
        hits        INTEGER NOT NULL,
        window_ends TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX rate_limits_window_ends_idx ON rate_limits (window_ends);`,
  },
];

/** Latest schema version this code knows. */
export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;
