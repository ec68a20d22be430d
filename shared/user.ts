/**
 * The user shape of the API (SPEC 7), once: the server's stores and routes and the browser's
 * API client both import it from here.
 */
import type { SignUpValues } from './validation';

/** A user as the API returns it: never a password or its hash. */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  /** ISO 8601 timestamps. */
  createdAt: string;
  updatedAt: string;
}

/** POST /user/register payload: the sign-up form's fields (SPEC 7). */
export type RegisterBody = SignUpValues;

/** PATCH /user/{id} payload: the editable fields (the server ignores anything else). */
export type UserPatch = Partial<Pick<User, 'firstName' | 'lastName' | 'email'>>;
