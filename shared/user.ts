/**
 * The user shape of the API (SPEC 7), once, as JSON schemas (TypeBox) with their TypeScript
 * types derived from them (`Static<>`). The server's routes declare these schemas (they check the
 * bodies and serialise the answers); the server's stores and the browser's API client use the
 * types. The browser imports TYPES only (`import type`), so TypeBox never reaches a widget bundle.
 *
 * The schemas say what the shape is: the keys, their types and the longest value the API
 * accepts (INPUT_MAX, counted in code points as the form rules count). What a valid name, email
 * or password is — and the SPEC 8 message when it is not — stays in ./validation, the one place
 * the forms and the server share.
 */
import { Type, type Static } from 'typebox';
import { INPUT_MAX } from './validation';

const Name = Type.String({ maxLength: INPUT_MAX.name });
const Email = Type.String({ maxLength: INPUT_MAX.email });
const Password = Type.String({ maxLength: INPUT_MAX.password });
/** An ISO 8601 UTC timestamp (`toISOString()`). */
const Timestamp = Type.String();

/** A user as the API returns it: never a password or its hash (the response schema lists these seven fields only). */
export const UserSchema = Type.Object({
  _id: Type.String(),
  firstName: Name,
  lastName: Name,
  email: Email,
  active: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = Static<typeof UserSchema>;

/** The signed-in user as GET /me returns it: the user and whether its address is verified (issue 31). */
export const AccountUserSchema = Type.Object({ ...UserSchema.properties, emailVerified: Type.Boolean() });
export type AccountUser = Static<typeof AccountUserSchema>;

/** POST /user/register payload: the sign-up form's fields (SPEC 7), nothing else. */
export const RegisterBodySchema = Type.Object(
  {
    firstName: Name,
    lastName: Name,
    email: Email,
    password: Password,
    confirmPassword: Password,
    termsAccepted: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBodySchema>;

/** The fields of a user an administrator may change. */
export const EDITABLE_FIELDS = ['firstName', 'lastName', 'email'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/**
 * PATCH /user/{id} payload: any of the user's fields, nothing else. Only firstName, lastName and
 * email are written; the read-only ones (`_id`, `active`, `createdAt`, `updatedAt`) are accepted
 * and ignored, so a client may send back the whole user object it read.
 */
export const UserPatchBodySchema = Type.Partial(UserSchema, { additionalProperties: false });
export type UserPatchBody = Static<typeof UserPatchBodySchema>;

/** What an edit changes: the editable fields present in the body. */
export type UserPatch = Partial<Pick<User, EditableField>>;
