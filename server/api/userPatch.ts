import { EDITABLE_FIELDS, type EditableField, type UserPatch, type UserPatchBody } from '../../shared/user';
import { firstNameError, lastNameError, signUpEmailError } from '../../shared/validation';
import { SCHEMA_MESSAGES, type InputRules } from './schemaErrors';

/**
 * What the schema of `PATCH /user/{id}` (shared/user.ts: UserPatchBodySchema) cannot say about an
 * administrator's edit:
 *
 * - the editable fields (firstName, lastName, email) must each pass their sign-up rule
 *   (shared/validation, SPEC 8 messages); absent ones keep their value;
 * - the read-only fields of a user (`_id`, `active`, `createdAt`, `updatedAt`) are accepted and
 *   never written, so a client may send back the whole user object it read;
 * - any other key (`password`, `confirmPassword`, `passwordHash`…) is refused by the schema with a
 *   400 naming it (`fieldNotEditable`): a password is never changed through this route;
 * - a JSON object without any editable field is refused too (most likely a mistake: deactivating
 *   is the bare request without a body, not `{}`).
 */

export const PATCH_NOT_OBJECT = 'The request body must be a JSON object.';
export const PATCH_NOTHING_TO_CHANGE =
  'Nothing to change: send firstName, lastName and/or email to edit a user, or send no body at all to deactivate it.';

/** The message of a field of the wrong type (the schema's plain message for `type`). */
export function fieldNotString(field: string): string {
  return SCHEMA_MESSAGES.type(field, 'string');
}

export function fieldNotEditable(field: string): string {
  return `${field} cannot be changed with this request`;
}

const RULES: Record<EditableField, (value: string) => string> = {
  firstName: firstNameError,
  lastName: lastNameError,
  email: signUpEmailError,
};

/** The sign-up rules' messages for the editable fields given as strings (others are the schema's business). */
export function userPatchErrors(body: Record<string, unknown>): Partial<Record<EditableField, string>> {
  const errors: Partial<Record<EditableField, string>> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = body[field];
    if (typeof value !== 'string') continue;
    const error = RULES[field](value);
    if (error !== '') errors[field] = error;
  }
  return errors;
}

/** The change an edit asks for: its editable fields (after {@link userPatchErrors} found none bad). */
export function userPatchOf(body: UserPatchBody): UserPatch {
  const patch: UserPatch = {};
  for (const field of EDITABLE_FIELDS) if (body[field] !== undefined) patch[field] = body[field];
  return patch;
}

/** How the route reads the body beyond its schema (./schemaErrors). */
export const USER_PATCH_INPUT: InputRules = {
  notObject: PATCH_NOT_OBJECT,
  unknownKey: fieldNotEditable,
  check: userPatchErrors,
};
