import { Type, type TSchema } from 'typebox';
import { ProblemSchema } from './problem';

/**
 * The schema parts every API route shares (TypeBox; the shapes of the API's own data live with
 * that data: shared/user.ts, server/contactRequests/store.ts).
 */

/** `/{id}` of a user or a contact request. */
export const IdParams = Type.Object({ id: Type.String() }, { additionalProperties: false });

/** Every error answer is a problem (./problem); declared so the serialiser writes exactly its fields. */
export const ERROR_RESPONSES = { '4xx': ProblemSchema, '5xx': ProblemSchema } as const;

/**
 * A body that may be left out: Fastify validates an absent body as `null` (a JSON `null` is
 * refused before, by the API's parser), so `request.body === null` means "no body".
 */
export function OptionalBody<T extends TSchema>(schema: T) {
  return Type.Union([Type.Null({ description: 'no body' }), schema]);
}
