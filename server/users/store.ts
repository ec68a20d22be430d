import type { User, UserPatch } from '../../shared/user';

export type { User, UserPatch };

/**
 * Persistence of user accounts, independent of the database. The SQLite implementation is
 * ./sqliteStore; a PostgreSQL one implements the same interface (the API is stateless over it).
 *
 * Invariants every implementation keeps:
 * - ids are UUID v4 strings;
 * - emails are stored trimmed and lower-cased, and are unique (compared that way);
 * - first and last names are stored trimmed;
 * - returned {@link User} objects never contain the password hash;
 * - `createdAt` / `updatedAt` are ISO 8601 strings (UTC).
 * Input is expected to be validated already (shared/validation); the store only normalises.
 */
export interface UserStore {
  /** Creates an active user. Throws {@link DuplicateEmailError} when the email is taken. */
  create(input: NewUser): Promise<User>;
  /** Every user, oldest first. */
  list(): Promise<User[]>;
  /** One user, or null when there is none with this id. */
  get(id: string): Promise<User | null>;
  /**
   * Changes firstName, lastName and/or email (other keys are ignored) and bumps updatedAt.
   * Returns the updated user, or null when there is none with this id. Throws
   * {@link DuplicateEmailError} when the new email belongs to another user.
   */
  update(id: string, patch: UserPatch): Promise<User | null>;
  /** Marks the user inactive (idempotent); returns it, or null when there is none with this id. */
  deactivate(id: string): Promise<User | null>;
  /** The stored password hash and state for an email (for a future sign-in), or null. */
  credentials(email: string): Promise<UserCredentials | null>;
  /** The stored password hash of a user by id (a password change checks the current one), or null. */
  passwordHashOf(id: string): Promise<string | null>;
  /** Replaces a user's password hash and bumps updatedAt; false when there is no such user. */
  setPasswordHash(id: string, passwordHash: string): Promise<boolean>;
  /** Releases the database; further calls fail. Safe to call twice. */
  close(): Promise<void>;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  /** Output of hashPassword (./password): the store never sees the password itself. */
  passwordHash: string;
}

export interface UserCredentials {
  id: string;
  passwordHash: string;
  active: boolean;
}

/** Base class of the store's own errors; `code` is stable for the API layer to map. */
export class UserStoreError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'UserStoreError';
    this.code = code;
  }
}

/** The email is already registered (compared trimmed and case-insensitively). */
export class DuplicateEmailError extends UserStoreError {
  readonly field = 'email';
  /** The normalised email that is taken. */
  readonly email: string;
  constructor(email: string) {
    super('DUPLICATE_EMAIL', 'An account with this email address already exists.');
    this.name = 'DuplicateEmailError';
    this.email = email;
  }
}

export function isDuplicateEmailError(error: unknown): error is DuplicateEmailError {
  return error instanceof DuplicateEmailError;
}

/** The one normal form of an email in every store: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
