import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The one SQLite database of the server (users and contact requests share the file): opening it with the
 * connection settings every store relies on, and the schema migrations.
 *
 * Settings: WAL journal (readers never block the writer), synchronous=FULL (a committed row
 * survives a power cut), foreign keys on, busy_timeout=5000 ms (a second connection or process
 * waits instead of failing: the migrations at start, the scripts and tests that open a store
 * themselves). The server's stores do not wait that way: SQLite's wait sleeps on the event loop,
 * so ./openStores sets busy_timeout 0 on them and waits for a lock between the loop's turns
 * instead (./busy).
 */

/** Migrations 1 to 10, as they were written; MIGRATIONS below goes on from them. */
const MIGRATIONS_TO_10: readonly string[] = [
  // 1: user accounts (SPEC 7).
  `CREATE TABLE users (
     id            TEXT PRIMARY KEY NOT NULL,
     first_name    TEXT NOT NULL,
     last_name     TEXT NOT NULL,
     email         TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     active        INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
     created_at    TEXT NOT NULL,
     updated_at    TEXT NOT NULL
   );`,
  // 2: contact and consultation requests, their mail outbox and the log of delivery attempts.
  `CREATE TABLE leads (
     id              TEXT PRIMARY KEY NOT NULL,
     variant         TEXT NOT NULL CHECK (variant IN ('contact', 'consultation')),
     name            TEXT NOT NULL,
     email           TEXT NOT NULL,
     phone           TEXT NOT NULL,
     message         TEXT NOT NULL,
     source          TEXT NOT NULL DEFAULT '',
     received_at     TEXT NOT NULL,
     status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'spam')),
     delivered_at    TEXT,
     handled_at      TEXT,
     idempotency_key TEXT UNIQUE
   );
   CREATE INDEX leads_by_time ON leads (received_at);
   CREATE INDEX leads_by_status ON leads (status, received_at);
   CREATE TABLE lead_outbox (
     lead_id         TEXT PRIMARY KEY NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     message_id      TEXT NOT NULL,
     attempts        INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     lease_token     TEXT,
     lease_until     TEXT,
     last_error      TEXT
   );
   CREATE INDEX lead_outbox_due ON lead_outbox (next_attempt_at);
   CREATE TABLE lead_delivery_attempts (
     lead_id     TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     attempt     INTEGER NOT NULL,
     started_at  TEXT NOT NULL,
     finished_at TEXT NOT NULL,
     error       TEXT,
     PRIMARY KEY (lead_id, attempt)
   );`,
  // 3: sign-in sessions (server/sessions: the token's SHA-256, never the token) and failed
  // sign-in counters (server/accounts/signInThrottle.ts). Deactivating a user ends its sessions.
  `CREATE TABLE sessions (
     token_hash   TEXT PRIMARY KEY NOT NULL,
     id           TEXT NOT NULL UNIQUE,
     user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     created_at   TEXT NOT NULL,
     last_seen_at TEXT NOT NULL,
     user_agent   TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX sessions_by_user ON sessions (user_id);
   CREATE TRIGGER sessions_end_on_deactivation AFTER UPDATE OF active ON users
     WHEN NEW.active = 0 AND OLD.active = 1
   BEGIN
     DELETE FROM sessions WHERE user_id = NEW.id;
   END;
   CREATE TABLE sign_in_failures (
     key         TEXT PRIMARY KEY NOT NULL,
     hits        INTEGER NOT NULL,
     window_ends TEXT NOT NULL
   );`,
  // 4: account mail (issue 31): whether and when a user's address was verified, single-use
  // tokens of mailed links (their SHA-256 only; one per user and purpose, so a new link replaces
  // the old one), and the outbox of the site's other mails, each with its kind (one outbox since migration 7).
  `ALTER TABLE users ADD COLUMN email_verified_at TEXT;
   CREATE TABLE account_tokens (
     token_hash TEXT PRIMARY KEY NOT NULL,
     user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     purpose    TEXT NOT NULL CHECK (purpose IN ('email-verification', 'password-reset', 'email-change')),
     email      TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     UNIQUE (user_id, purpose)
   );
   CREATE TABLE mail_outbox (
     id              TEXT PRIMARY KEY NOT NULL,
     kind            TEXT NOT NULL CHECK (kind IN ('email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice')),
     recipient       TEXT NOT NULL,
     subject         TEXT NOT NULL,
     body            TEXT NOT NULL,
     message_id      TEXT NOT NULL,
     created_at      TEXT NOT NULL,
     attempts        INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     lease_token     TEXT,
     lease_until     TEXT,
     last_error      TEXT
   );
   CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at);
   CREATE INDEX leads_by_email ON leads (lower(email));`,
  // 5: staff (issue 32): a role per user (never set by the public API: server/staff), whether a
  // session was proven with a passkey, single-use staff enrollment links (their SHA-256), the
  // audit log of staff actions, the internal note on a contact request and the indexes of the inbox filters.
  `ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'client' CHECK (role IN ('client', 'staff'));
   CREATE INDEX users_by_role ON users (role);
   ALTER TABLE users ADD COLUMN last_sign_in_at TEXT;
   ALTER TABLE sessions ADD COLUMN passkey_verified INTEGER NOT NULL DEFAULT 0 CHECK (passkey_verified IN (0, 1));
   CREATE TABLE staff_enrollments (
     token_hash TEXT PRIMARY KEY NOT NULL,
     user_id    TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );
   CREATE TABLE audit_log (
     id          TEXT PRIMARY KEY NOT NULL,
     at          TEXT NOT NULL,
     actor_id    TEXT,
     actor_email TEXT NOT NULL,
     action      TEXT NOT NULL,
     record_type TEXT NOT NULL,
     record_id   TEXT NOT NULL,
     detail      TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX audit_log_by_time ON audit_log (at);
   ALTER TABLE leads ADD COLUMN staff_note TEXT NOT NULL DEFAULT '';
   CREATE INDEX leads_by_variant ON leads (variant, received_at);
   CREATE INDEX leads_open ON leads (received_at) WHERE handled_at IS NULL;
   CREATE INDEX leads_open_by_variant ON leads (variant, received_at) WHERE handled_at IS NULL;`,
  // 6: passkeys (issue 32, server/passkeys): a user's WebAuthn credentials (the public key, never a
  // secret; the signature counter; a name the user gives it) and the challenges of ceremonies under
  // way (single use, short-lived; bound to a user for a registration, to nobody for a sign-in).
  `CREATE TABLE passkeys (
     id           TEXT PRIMARY KEY NOT NULL,
     user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     public_key   TEXT NOT NULL,
     counter      INTEGER NOT NULL DEFAULT 0,
     transports   TEXT NOT NULL DEFAULT '',
     name         TEXT NOT NULL,
     created_at   TEXT NOT NULL,
     last_used_at TEXT
   );
   CREATE INDEX passkeys_by_user ON passkeys (user_id, created_at);
   CREATE TABLE webauthn_challenges (
     challenge  TEXT PRIMARY KEY NOT NULL,
     purpose    TEXT NOT NULL CHECK (purpose IN ('registration', 'authentication')),
     user_id    TEXT REFERENCES users (id) ON DELETE CASCADE,
     expires_at TEXT NOT NULL
   );
   CREATE INDEX webauthn_challenges_by_expiry ON webauthn_challenges (expires_at);`,
  // 7: one mail outbox (issue 31): the contact request outbox and the account mails' outbox become one table
  // with a kind per message (server/contactRequests/mailOutbox.ts), sent by one worker. Every waiting entry
  // of both moves over with its Message-ID, attempt count, due time, lease and last error; a contact request's
  // entry keeps the contact request's id as its own and points at its contact request (erased with it); its queue time is
  // the contact request's receipt. The attempt log (lead_delivery_attempts) and the contact requests' statuses stay.
  `CREATE TABLE outbox (
     id              TEXT PRIMARY KEY NOT NULL,
     kind            TEXT NOT NULL CHECK (kind IN ('lead', 'email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice')),
     lead_id         TEXT UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
     recipient       TEXT,
     subject         TEXT,
     body            TEXT,
     message_id      TEXT NOT NULL,
     created_at      TEXT NOT NULL,
     attempts        INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     lease_token     TEXT,
     lease_until     TEXT,
     last_error      TEXT,
     CHECK (CASE WHEN kind = 'lead' THEN lead_id IS NOT NULL AND recipient IS NULL AND subject IS NULL AND body IS NULL
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
   CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id);
   CREATE INDEX mail_outbox_by_age ON mail_outbox (created_at);`,
  // 8: a client's dashboards (issue 32, server/dashboards): the Power BI reports staff give a
  // client, in the client's order; only the checked embed address is kept. Deleting the user
  // deletes them.
  `CREATE TABLE client_dashboards (
     id         TEXT PRIMARY KEY NOT NULL,
     user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     title      TEXT NOT NULL,
     category   TEXT NOT NULL DEFAULT '',
     src        TEXT NOT NULL,
     position   INTEGER NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE INDEX client_dashboards_by_user ON client_dashboards (user_id, position);`,
  // 9: press items staff store (issue 32, server/press): the press form's fields, who created and
  // last changed each item (the staff member's email, as the audit log names actors: no reference,
  // the item outlives its author's account) and when. The emails are for the console only, never
  // for the public list.
  `CREATE TABLE press_items (
     id          TEXT PRIMARY KEY NOT NULL,
     title       TEXT NOT NULL,
     url         TEXT NOT NULL,
     source      TEXT NOT NULL DEFAULT '',
     outlet_type TEXT NOT NULL,
     date        TEXT NOT NULL DEFAULT '',
     excerpt     TEXT NOT NULL DEFAULT '',
     created_at  TEXT NOT NULL,
     created_by  TEXT NOT NULL,
     updated_at  TEXT NOT NULL,
     updated_by  TEXT NOT NULL
   );
   CREATE INDEX press_items_by_creation ON press_items (created_at);`,
  // 10 (after 9, the press items): the outbox learns the kind 'staff-invitation' (issue 32: a
  // staff member invites a colleague from the console; the enrollment link is mailed). SQLite
  // cannot change a CHECK constraint, so the table is rebuilt as migration 7 made it, with every
  // waiting entry (a token-bearing mail included) moved over as it is.
  `CREATE TABLE mail_outbox_new (
     id              TEXT PRIMARY KEY NOT NULL,
     kind            TEXT NOT NULL CHECK (kind IN ('lead', 'email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice', 'staff-invitation')),
     lead_id         TEXT UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
     recipient       TEXT,
     subject         TEXT,
     body            TEXT,
     message_id      TEXT NOT NULL,
     created_at      TEXT NOT NULL,
     attempts        INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     lease_token     TEXT,
     lease_until     TEXT,
     last_error      TEXT,
     CHECK (CASE WHEN kind = 'lead' THEN lead_id IS NOT NULL AND recipient IS NULL AND subject IS NULL AND body IS NULL
                 ELSE lead_id IS NULL AND recipient IS NOT NULL AND subject IS NOT NULL AND body IS NOT NULL END)
   );
   INSERT INTO mail_outbox_new (id, kind, lead_id, recipient, subject, body, message_id, created_at, attempts, next_attempt_at, lease_token, lease_until, last_error)
     SELECT id, kind, lead_id, recipient, subject, body, message_id, created_at, attempts, next_attempt_at, lease_token, lease_until, last_error
     FROM mail_outbox;
   DROP TABLE mail_outbox;
   ALTER TABLE mail_outbox_new RENAME TO mail_outbox;
   CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id);
   CREATE INDEX mail_outbox_by_age ON mail_outbox (created_at);`,
];

/**
 * A migration made from an earlier one, `from` replaced by `to` once; it throws when `from` is not
 * in it exactly once, so the derived migration cannot silently be the earlier one again.
 */
function rewritten(migration: string | undefined, from: string, to: string): string {
  if (migration === undefined || migration.split(from).length !== 2) throw new Error(`The migration to rewrite does not hold ${from} once.`);
  return migration.replace(from, to);
}

/** Migrations in order; index + 1 is the schema version after applying one. Append only. */
export const MIGRATIONS: readonly string[] = [
  ...MIGRATIONS_TO_10,
  // 11 (after 10): the outbox learns the kinds 'passkey-added' and 'passkey-removed' (OWASP ASVS
  // 5.0 V6.3.7: the account holder is told when a passkey is added or removed). The same rebuild as
  // migration 10, word for word but for the two kinds added to its CHECK: every waiting entry moved
  // over as it is, the indexes made again.
  rewritten(MIGRATIONS_TO_10[9], "'staff-invitation')),", "'staff-invitation', 'passkey-added', 'passkey-removed')),"),
  // 12 (after 11): identity before privilege. The outbox learns the kinds 'email-verified' (what a
  // first proof of the address removed) and 'account-deleted' (the same rebuild as 10 and 11); the
  // devices that signed in to an account (server/accounts/trustedDevice.ts: the SHA-256 of a
  // device cookie's token), so failures from elsewhere do not lock their owner out.
  `${rewritten(MIGRATIONS_TO_10[9], "'staff-invitation')),", "'staff-invitation', 'passkey-added', 'passkey-removed', 'email-verified', 'account-deleted')),")}
   CREATE TABLE trusted_devices (
     token_hash TEXT PRIMARY KEY NOT NULL,
     user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );
   CREATE INDEX trusted_devices_by_user ON trusted_devices (user_id, created_at);
   CREATE INDEX trusted_devices_by_expiry ON trusted_devices (expires_at);`,
];

/** Latest schema version this code knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  db.transaction(() => {
    const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
    let version = row?.version ?? 0;
    if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
    if (version > SCHEMA_VERSION) {
      throw new Error(`Database schema version ${version} is newer than this server (${SCHEMA_VERSION}).`);
    }
    for (; version < SCHEMA_VERSION; version++) {
      db.exec(MIGRATIONS[version]!);
    }
    db.prepare('UPDATE schema_version SET version = ?').run(version);
  }).immediate();
}

/** Opens (creating the file and its folder if needed) and migrates the database; ':memory:' for a throwaway one. */
export function openSqliteDatabase(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
