/**
 * The PostgreSQL schema, one migration per step, applied in order at start by ./migrate.
 * APPEND ONLY: a migration that has run anywhere is never edited; a change is a new entry.
 * A feature that stores something (users, rate limits, contact requests and their outbox) adds its
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
  {
    // Contact and consultation requests, their mail outbox (leased claims) and the attempt log:
    // the same tables as SQLite's migration 2 (server/db/sqlite.ts), with PostgreSQL types.
    name: 'leads',
    sql: `
      CREATE TABLE leads (
        seq             BIGINT GENERATED ALWAYS AS IDENTITY,
        id              TEXT PRIMARY KEY,
        variant         TEXT NOT NULL CHECK (variant IN ('contact', 'consultation')),
        name            TEXT NOT NULL,
        email           TEXT NOT NULL,
        phone           TEXT NOT NULL,
        message         TEXT NOT NULL,
        source          TEXT NOT NULL DEFAULT '',
        received_at     TIMESTAMPTZ NOT NULL,
        status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'spam')),
        delivered_at    TIMESTAMPTZ,
        handled_at      TIMESTAMPTZ,
        idempotency_key TEXT CONSTRAINT leads_idempotency_key_key UNIQUE
      );
      CREATE INDEX leads_by_time ON leads (received_at, seq);
      CREATE INDEX leads_by_status ON leads (status, received_at);
      CREATE TABLE lead_outbox (
        lead_id         TEXT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        message_id      TEXT NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TIMESTAMPTZ NOT NULL,
        lease_token     TEXT,
        lease_until     TIMESTAMPTZ,
        last_error      TEXT
      );
      CREATE INDEX lead_outbox_due ON lead_outbox (next_attempt_at, lead_id);
      CREATE TABLE lead_delivery_attempts (
        lead_id     TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        attempt     INTEGER NOT NULL,
        started_at  TIMESTAMPTZ NOT NULL,
        finished_at TIMESTAMPTZ NOT NULL,
        error       TEXT,
        PRIMARY KEY (lead_id, attempt)
      );`,
  },
  {
    // Sign-in sessions and failed sign-in counters: the same tables as SQLite's migration 3.
    // Deactivating a user ends its sessions (trigger), deleting it too (cascade).
    name: 'sessions',
    sql: `
      CREATE TABLE sessions (
        token_hash   TEXT PRIMARY KEY,
        id           TEXT NOT NULL CONSTRAINT sessions_id_key UNIQUE,
        user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at   TIMESTAMPTZ NOT NULL,
        last_seen_at TIMESTAMPTZ NOT NULL,
        user_agent   TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX sessions_user_id_idx ON sessions (user_id);
      CREATE FUNCTION end_sessions_of_deactivated_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM sessions WHERE user_id = NEW.id;
        RETURN NEW;
      END $$;
      CREATE TRIGGER sessions_end_on_deactivation AFTER UPDATE OF active ON users
        FOR EACH ROW WHEN (OLD.active AND NOT NEW.active)
        EXECUTE FUNCTION end_sessions_of_deactivated_user();
      CREATE TABLE sign_in_failures (
        key         TEXT PRIMARY KEY,
        hits        INTEGER NOT NULL,
        window_ends TIMESTAMPTZ NOT NULL
      );`,
  },
  {
    // Account mail: the same as SQLite's migration 4 (verified addresses, single-use link
    // tokens by their SHA-256, the outbox of the site's other mails with a kind per message).
    name: 'account_mail',
    sql: `
      ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMPTZ;
      CREATE TABLE account_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose    TEXT NOT NULL CHECK (purpose IN ('email-verification', 'password-reset', 'email-change')),
        email      TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        CONSTRAINT account_tokens_user_purpose_key UNIQUE (user_id, purpose)
      );
      CREATE TABLE mail_outbox (
        seq             BIGINT GENERATED ALWAYS AS IDENTITY,
        id              TEXT PRIMARY KEY,
        kind            TEXT NOT NULL CHECK (kind IN ('email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice')),
        recipient       TEXT NOT NULL,
        subject         TEXT NOT NULL,
        body            TEXT NOT NULL,
        message_id      TEXT NOT NULL,
        created_at      TIMESTAMPTZ NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TIMESTAMPTZ NOT NULL,
        lease_token     TEXT,
        lease_until     TIMESTAMPTZ,
        last_error      TEXT
      );
      CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id);
      CREATE INDEX leads_by_email ON leads (lower(email));`,
  },
  {
    // Staff (issue 32): the same as SQLite's migration 5 (roles, passkey-verified sessions,
    // enrollment links by their SHA-256, the audit log, the contact request's internal note, the inbox's indexes).
    name: 'staff',
    sql: `
      ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'client' CHECK (role IN ('client', 'staff'));
      CREATE INDEX users_by_role ON users (role);
      ALTER TABLE users ADD COLUMN last_sign_in_at TIMESTAMPTZ;
      ALTER TABLE sessions ADD COLUMN passkey_verified BOOLEAN NOT NULL DEFAULT FALSE;
      CREATE TABLE staff_enrollments (
        token_hash TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL CONSTRAINT staff_enrollments_user_key UNIQUE REFERENCES users (id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE audit_log (
        seq         BIGINT GENERATED ALWAYS AS IDENTITY,
        id          TEXT PRIMARY KEY,
        at          TIMESTAMPTZ NOT NULL,
        actor_id    TEXT,
        actor_email TEXT NOT NULL,
        action      TEXT NOT NULL,
        record_type TEXT NOT NULL,
        record_id   TEXT NOT NULL,
        detail      TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX audit_log_by_time ON audit_log (at, seq);
      ALTER TABLE leads ADD COLUMN staff_note TEXT NOT NULL DEFAULT '';
      CREATE INDEX leads_by_variant ON leads (variant, received_at);
      CREATE INDEX leads_open ON leads (received_at) WHERE handled_at IS NULL;
      CREATE INDEX leads_open_by_variant ON leads (variant, received_at) WHERE handled_at IS NULL;
      -- The inbox's search (ILIKE '%text%' on name, email and message): trigrams make it an index
      -- lookup (pg_trgm ships with PostgreSQL and is a trusted extension: the database owner may create it).
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX leads_search ON leads USING gin ((name || ' ' || email || ' ' || message) gin_trgm_ops);`,
  },
  {
    // Passkeys (issue 32): the same as SQLite's migration 6 (WebAuthn credentials, ceremony challenges).
    name: 'passkeys',
    sql: `
      CREATE TABLE passkeys (
        seq          BIGINT GENERATED ALWAYS AS IDENTITY,
        id           TEXT PRIMARY KEY,
        user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        public_key   TEXT NOT NULL,
        counter      BIGINT NOT NULL DEFAULT 0,
        transports   TEXT NOT NULL DEFAULT '',
        name         TEXT NOT NULL,
        created_at   TIMESTAMPTZ NOT NULL,
        last_used_at TIMESTAMPTZ
      );
      CREATE INDEX passkeys_by_user ON passkeys (user_id, created_at, seq);
      CREATE TABLE webauthn_challenges (
        challenge  TEXT PRIMARY KEY,
        purpose    TEXT NOT NULL CHECK (purpose IN ('registration', 'authentication')),
        user_id    TEXT REFERENCES users (id) ON DELETE CASCADE,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX webauthn_challenges_by_expiry ON webauthn_challenges (expires_at);`,
  },
  {
    // One mail outbox (issue 31): the same as SQLite's migration 7. lead_outbox and mail_outbox
    // become one table with a kind per message; every waiting entry of both moves over with its
    // Message-ID, attempts, due time, lease and last error (a contact request's keeps the contact request's id and
    // points at its contact request); the attempt log and the contact requests' statuses stay.
    name: 'one_outbox',
    sql: `
      CREATE TABLE outbox (
        id              TEXT PRIMARY KEY,
        kind            TEXT NOT NULL CHECK (kind IN ('lead', 'email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice')),
        lead_id         TEXT UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
        recipient       TEXT,
        subject         TEXT,
        body            TEXT,
        message_id      TEXT NOT NULL,
        created_at      TIMESTAMPTZ NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TIMESTAMPTZ NOT NULL,
        lease_token     TEXT,
        lease_until     TIMESTAMPTZ,
        last_error      TEXT,
        CONSTRAINT mail_outbox_content_check CHECK (CASE WHEN kind = 'lead'
          THEN lead_id IS NOT NULL AND recipient IS NULL AND subject IS NULL AND body IS NULL
          ELSE lead_id IS NULL AND recipient IS NOT NULL AND subject IS NOT NULL AND body IS NOT NULL END)
      );
      INSERT INTO outbox (id, kind, lead_id, message_id, created_at, attempts, next_attempt_at, lease_token, lease_until, last_error)
        SELECT o.lead_id, 'lead', o.lead_id, o.message_id, l.received_at, o.attempts, o.next_attempt_at, o.lease_token, o.lease_until, o.last_error
        FROM lead_outbox o JOIN leads l ON l.id = o.lead_id;
      INSERT INTO outbox (id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at, lease_token, lease_until, last_error)
        SELECT id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at, lease_token, lease_until, last_error
        FROM mail_outbox;
      DROP TABLE lead_outbox;
      DROP TABLE mail_outbox;
      ALTER TABLE outbox RENAME TO mail_outbox;
      ALTER INDEX outbox_pkey RENAME TO mail_outbox_pkey;
      ALTER INDEX outbox_lead_id_key RENAME TO mail_outbox_lead_id_key;
      ALTER TABLE mail_outbox RENAME CONSTRAINT outbox_kind_check TO mail_outbox_kind_check;
      ALTER TABLE mail_outbox RENAME CONSTRAINT outbox_lead_id_fkey TO mail_outbox_lead_id_fkey;
      CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id);
      CREATE INDEX mail_outbox_by_age ON mail_outbox (created_at);`,
  },
  {
    // A client's dashboards (issue 32, server/dashboards): the same as SQLite's migration 8.
    name: 'client_dashboards',
    sql: `
      CREATE TABLE client_dashboards (
        seq        BIGINT GENERATED ALWAYS AS IDENTITY,
        id         TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        title      TEXT NOT NULL,
        category   TEXT NOT NULL DEFAULT '',
        src        TEXT NOT NULL,
        position   INTEGER NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX client_dashboards_by_user ON client_dashboards (user_id, position);`,
  },
  {
    // Press items staff store (issue 32, server/press): the same as SQLite's migration 9.
    name: 'press_items',
    sql: `
      CREATE TABLE press_items (
        seq         BIGINT GENERATED ALWAYS AS IDENTITY,
        id          TEXT PRIMARY KEY,
        title       TEXT NOT NULL,
        url         TEXT NOT NULL,
        source      TEXT NOT NULL DEFAULT '',
        outlet_type TEXT NOT NULL,
        date        TEXT NOT NULL DEFAULT '',
        excerpt     TEXT NOT NULL DEFAULT '',
        created_at  TIMESTAMPTZ NOT NULL,
        created_by  TEXT NOT NULL,
        updated_at  TIMESTAMPTZ NOT NULL,
        updated_by  TEXT NOT NULL
      );
      CREATE INDEX press_items_by_creation ON press_items (created_at, seq);`,
  },
  {
    // The outbox learns the kind 'staff-invitation' (issue 32: the console mails a colleague's
    // enrollment link): the same as SQLite's migration 10.
    name: 'staff_invitation_mail',
    sql: `
      ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
      ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
        CHECK (kind IN ('lead', 'email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice', 'staff-invitation'));`,
  },
  {
    // The outbox learns the kinds 'passkey-added' and 'passkey-removed' (OWASP ASVS 5.0 V6.3.7: the
    // account holder is told when a passkey is added or removed): the same as SQLite's migration 11.
    name: 'passkey_change_mail',
    sql: `
      ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
      ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
        CHECK (kind IN ('lead', 'email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice', 'staff-invitation',
                        'passkey-added', 'passkey-removed'));`,
  },
  {
    // Identity before privilege: the same as SQLite's migration 12 (two more mail kinds, the devices
    // that signed in to an account).
    name: 'trusted_devices',
    sql: `
      ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
      ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
        CHECK (kind IN ('lead', 'email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice', 'staff-invitation',
                        'passkey-added', 'passkey-removed', 'email-verified', 'account-deleted'));
      CREATE TABLE trusted_devices (
        token_hash TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX trusted_devices_by_user ON trusted_devices (user_id, created_at);
      CREATE INDEX trusted_devices_by_expiry ON trusted_devices (expires_at);`,
  },
];

/** Latest schema version this code knows. */
export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;
