import type { UserPatch } from '../users/store';
import { firstNameError, lastNameError, signUpEmailError } from '../../shared/validation';

/**
 * Reading the body of `PATCH /user/{id}` (an administrator's edit), with the same rules as the
 * sign-up form for the fields it may change.
 *
 * - Editable: firstName, lastName, email. Each one present must be a string that passes its
 *   sign-up rule; absent ones keep their value.
 * - Ignored: the read-only fields of a user (`_id`, `active`, `createdAt`, `updatedAt`), so a
 *   client may send back the whole user object it read. They are never written.
 * - Refused (400, naming the field): anything else, notably `password`, `confirmPassword` and
 *   `passwordHash`: a password is never changed through this route.
 * - A JSON object without any editable field is refused too (it is most likely a mistake, and
 *   deactivating is the bare request without a body, not `{}`).
 */

export const EDITABLE_FIELDS = ['firstName', 'lastName', 'email'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** Fields of the user object that are accepted in a PATCH body and ignored. */
export const READ_ONLY_FIELDS = ['_id', 'active', 'createdAt', 'updatedAt'] as const;

export const PATCH_NOT_OBJECT = 'The request body must be a JSON object.';
export const PATCH_NOTHING_TO_CHANGE =
  'Nothing to change: send firstName, lastName and/or email to edit a user, or send no body at all to deactivate it.';

export function fieldNotString(field: string): string {
  return `${field} must be a string`;
}

export function fieldNotEditable(field: string): string {
  return `${field} cannot be changed with this request`;
}

export type PatchReadResult =
  | { ok: true; patch: UserPatch }
  | { ok: false; message: string; errors?: Record<string, string> };

const RULES: Record<EditableField, (value: string) => string> = {
  firstName: firstNameError,
  lastName: lastNameError,
  email: signUpEmailError,
};

function isEditable(key: string): key is EditableField {
  return (EDITABLE_FIELDS as readonly string[]).includes(key);
}

/** Validates an already-parsed JSON body (not undefined: that is the deactivate request). */
export function readUserPatch(body: unknown): PatchReadResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: PATCH_NOT_OBJECT };
  }
  const source = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const patch: UserPatch = {};
  for (const key of Object.keys(source)) {
    if ((READ_ONLY_FIELDS as readonly string[]).includes(key)) continue;
    if (!isEditable(key)) {
      errors[key] = fieldNotEditable(key);
      continue;
    }
    const value = source[key];
    if (typeof value !== 'string') {
      errors[key] = fieldNotString(key);
      continue;
    }
    const error = RULES[key](value);
    if (error !== '') errors[key] = error;
    else patch[key] = value;
  }
  const messages = Object.values(errors);
  if (messages.length > 0) return { ok: false, message: messages[0]!, errors };
  if (Object.keys(patch).length === 0) return { ok: false, message: PATCH_NOTHING_TO_CHANGE };
  return { ok: true, patch };
}
