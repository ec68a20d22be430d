import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createPgContactRequestStore } from '../contactRequests/pgStore';
import { openSqliteContactRequestStore } from '../contactRequests/sqliteStore';
import type { ContactRequestStore } from '../contactRequests/store';
import { pgFailureCounter, sqliteFailureCounter, type FailureCounter } from '../accounts/failureCounter';
import type { AccountStore } from '../accounts/accountStore';
import { pgAccountStore } from '../accounts/pgAccountStore';
import { sqliteAccountStore } from '../accounts/sqliteAccountStore';
import { createPgSessionStore } from '../sessions/pgStore';
import { openSqliteSessionStore } from '../sessions/sqliteStore';
import type { SessionStore } from '../sessions/store';
import { createPgUserStore } from '../users/pgStore';
import { openSqliteStore } from '../users/sqliteStore';
import type { UserStore } from '../users/store';
import { migratePostgres } from './migrate';
import { pgRateLimitStore } from './pgRateLimitStore';
import { pgPasskeyStore } from '../passkeys/pgPasskeyStore';
import type { PasskeyStore } from '../passkeys/passkeyStore';
import { sqlitePasskeyStore } from '../passkeys/sqlitePasskeyStore';
import type { DashboardStore } from '../dashboards/dashboardStore';
import { pgDashboardStore } from '../dashboards/pgDashboardStore';
import { sqliteDashboardStore } from '../dashboards/sqliteDashboardStore';
import { pgPressStore } from '../press/pgPressStore';
import type { PressStore } from '../press/pressStore';
import { sqlitePressStore } from '../press/sqlitePressStore';
import { pgStaffStore } from '../staff/pgStaffStore';
import { sqliteStaffStore } from '../staff/sqliteStaffStore';
import type { StaffStore } from '../staff/staffStore';
import { DATABASE_LOCK_WAIT_MS, retryWhenBusy, setWriteCheck, sqliteWriteCheck } from './busy';
import { isPostgresUrl, openPgPool, redactUrl } from './postgres';

/**
 * Chooses the database of an API instance: PostgreSQL when DATABASE_URL is a postgres:// URL
 * (migrated at start; several instances may share it), otherwise the SQLite file at
 * DATABASE_PATH (one process). Every store the API needs comes from here, with the same
 * interfaces on both databases.
 *
 * A lock held elsewhere (another process on the SQLite file, a long transaction in PostgreSQL)
 * makes a store call fail with DatabaseBusyError or SQLSTATE 55P03 after DATABASE_LOCK_WAIT_MS,
 * never holding the event loop (./busy).
 */
export interface Stores {
  kind: 'sqlite' | 'postgres';
  /** Where the data lives, for the start-up log (no password). */
  location: string;
  users: UserStore;
  /** Contact and consultation requests with their mail outbox. */
  contactRequests: ContactRequestStore;
  /** Sign-in sessions and the failed sign-in counters (server/sessions, server/accounts). */
  sessions: SessionStore;
  signInFailures: FailureCounter;
  /** Link tokens, verified addresses and the account mails' outbox (server/accounts/accountStore). */
  accounts: AccountStore;
  /** Roles, staff enrollment links and the audit log (server/staff/staffStore). */
  staff: StaffStore;
  /** WebAuthn credentials and ceremony challenges (server/passkeys/passkeyStore). */
  passkeys: PasskeyStore;
  /** A client's dashboards (server/dashboards/dashboardStore). */
  dashboards: DashboardStore;
  /** Press items staff store for /press (server/press/pressStore). */
  press: PressStore;
  /**
   * The @fastify/rate-limit store shared by all instances (PostgreSQL); undefined means the
   * plugin's in-process store, right for the single SQLite process.
   */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  close(): Promise<void>;
}

export interface StoresOptions {
  databasePath: string;
  databaseUrl: string | null;
  /** Domain of the contact requests' Message-IDs (the company's site). */
  messageIdDomain?: string;
}

export async function openStores(options: StoresOptions): Promise<Stores> {
  if (options.databaseUrl !== null && options.databaseUrl !== '') {
    if (!isPostgresUrl(options.databaseUrl)) {
      throw new Error(`DATABASE_URL must be a postgres:// URL (or unset for SQLite), got '${redactUrl(options.databaseUrl)}'`);
    }
    // Migrations wait as long as they must (for the advisory lock of an instance migrating at the
    // same time); requests wait for a lock at most DATABASE_LOCK_WAIT_MS, then answer 503.
    const migrating = openPgPool(options.databaseUrl, { max: 1 });
    try {
      await migratePostgres(migrating);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`PostgreSQL at ${redactUrl(options.databaseUrl)} could not be opened and migrated: ${reason}`, { cause: error });
    } finally {
      await migrating.end().catch(() => undefined);
    }
    const pool = openPgPool(options.databaseUrl, { lockTimeoutMs: DATABASE_LOCK_WAIT_MS });
    return {
      kind: 'postgres',
      location: redactUrl(options.databaseUrl),
      users: createPgUserStore(pool),
      contactRequests: createPgContactRequestStore(pool, { messageIdDomain: options.messageIdDomain }),
      sessions: createPgSessionStore(pool),
      signInFailures: pgFailureCounter(pool),
      accounts: pgAccountStore(pool, options.messageIdDomain),
      staff: pgStaffStore(pool, options.messageIdDomain),
      passkeys: pgPasskeyStore(pool),
      dashboards: pgDashboardStore(pool),
      press: pgPressStore(pool),
      rateLimitStore: pgRateLimitStore(pool),
      close: () => pool.end(),
    };
  }
  const users = openSqliteStore(options.databasePath);
  const contactRequests = openSqliteContactRequestStore(options.databasePath, { messageIdDomain: options.messageIdDomain });
  const sessions = openSqliteSessionStore(options.databasePath);
  // Every store waits for SQLite's write lock between the event loop's turns (./busy); the
  // connection of the sessions serves the other stores too.
  const shared = sessions.db;
  const waitingContactRequests = retryWhenBusy(contactRequests.db, contactRequests);
  // /readyz asks the outbox whether the database takes writes (../ops/readiness).
  setWriteCheck(waitingContactRequests.outbox, sqliteWriteCheck(contactRequests.db));
  return {
    kind: 'sqlite',
    location: options.databasePath,
    users: retryWhenBusy(users.db, users),
    contactRequests: waitingContactRequests,
    // A session's last-seen time is refreshed by a later request when the database is locked now.
    sessions: retryWhenBusy(shared, sessions, { bestEffort: ['touch'] }),
    signInFailures: retryWhenBusy(shared, sqliteFailureCounter(shared)),
    accounts: retryWhenBusy(shared, sqliteAccountStore(shared, options.messageIdDomain)),
    staff: retryWhenBusy(shared, sqliteStaffStore(shared, options.messageIdDomain)),
    passkeys: retryWhenBusy(shared, sqlitePasskeyStore(shared)),
    dashboards: retryWhenBusy(shared, sqliteDashboardStore(shared)),
    press: retryWhenBusy(shared, sqlitePressStore(shared)),
    rateLimitStore: undefined,
    close: async () => {
      await sessions.close();
      await contactRequests.close();
      await users.close();
    },
  };
}
