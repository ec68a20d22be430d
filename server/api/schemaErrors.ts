import type { FastifyReply, FastifySchemaValidationError } from 'fastify';
import { sendProblem } from './problem';

/**
 * The API's schema-error formatter: turns a failed route schema (TypeBox, checked by
 * TypeBoxValidatorCompiler in ./index) into the problem a client can show, with the same
 * field-named messages as the field rules of shared/validation (SPEC 8).
 *
 * A route says, next to its schema, how its input is read (`config.input`, {@link InputRules});
 * for a body that fails its schema the answer is built like this:
 * - not a JSON object (no body, `null`, an array, a string…) → 400 with `notObject`;
 * - otherwise every bad field is named in `errors`, in this order:
 *   1. the route's field rules (`check`) run on the body read leniently (a missing or non-string
 *      value reads as '') — so a missing email, or `email: 42`, gets exactly the message the form
 *      shows for an empty email, and the other fields' rules are reported at once too;
 *   2. a field the schema refused and no rule has a message for gets the route's fixed message
 *      for it (`messages`) or a plain one naming the field and the constraint
 *      (`firstName must be a string`, `email must be at most 254 characters`);
 *   3. a key the schema does not know gets `unknownKey(key)` (a 400 naming the key).
 * `message` (what clients show) is the first of them.
 */

/** How a route reads one part of its request (body or querystring) beyond the schema. */
export interface InputRules {
  /** The message for a body that is not a JSON object. */
  notObject?: string;
  /** The message for a key the schema does not declare. */
  unknownKey?: (key: string) => string;
  /**
   * The field rules' messages for an object read leniently (missing or wrong-typed values as
   * ''), only the fields with an error, in the order a form shows them. The route runs the same
   * rules on a body that passed the schema.
   */
  check?: (input: Record<string, unknown>) => Partial<Record<string, string>>;
  /** A fixed message per field for any schema failure of that field. */
  messages?: Readonly<Record<string, string>>;
}

/** The request parts a route may describe; Fastify names them so in `validationContext`. */
export interface RouteInput {
  body?: InputRules;
  querystring?: InputRules;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's input is read beyond its schema (see ./schemaErrors). */
    input?: RouteInput;
  }
}

export const SCHEMA_MESSAGES = {
  notObject: 'The request body must be a JSON object.',
  unknownKey: (key: string) => `${key} is not a field of this request`,
  required: (field: string) => `${field} is required`,
  type: (field: string, type: string) => `${field} must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`,
  maxLength: (field: string, limit: number) => `${field} must be at most ${limit} characters`,
  minLength: (field: string, limit: number) => `${field} must be at least ${limit} characters`,
  invalid: (field: string) => `${field} is not valid`,
} as const;

/** The outcome of a failed schema: the message to show and, unless the input was not an object, each field's message. */
export interface SchemaProblem {
  message: string;
  errors?: Record<string, string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The top-level key a JSON pointer (`/email`, `/a~1b/0`) points into. */
function topKey(pointer: string): string {
  const first = pointer.split('/')[1] ?? '';
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

function plainMessage(field: string, error: FastifySchemaValidationError): string {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return SCHEMA_MESSAGES.required(field);
    case 'type':
      return SCHEMA_MESSAGES.type(field, String(params.type));
    case 'maxLength':
      return SCHEMA_MESSAGES.maxLength(field, Number(params.limit));
    case 'minLength':
      return SCHEMA_MESSAGES.minLength(field, Number(params.limit));
    default:
      return SCHEMA_MESSAGES.invalid(field);
  }
}

function listParam(error: FastifySchemaValidationError, name: string): string[] {
  const value = error.params[name];
  return Array.isArray(value) ? value.map(String) : [];
}

/** Builds the answer to `input` failing its schema with `failures`, by the route's `rules`. */
export function schemaProblem(failures: readonly FastifySchemaValidationError[], input: unknown, rules: InputRules = {}): SchemaProblem {
  if (!isObject(input)) return { message: rules.notObject ?? SCHEMA_MESSAGES.notObject };
  const unknownKeys = new Set<string>();
  const refused = new Map<string, FastifySchemaValidationError>();
  for (const failure of failures) {
    if (failure.keyword === 'additionalProperties') {
      for (const key of listParam(failure, 'additionalProperties')) unknownKeys.add(key);
    } else if (failure.keyword === 'required') {
      for (const key of listParam(failure, 'requiredProperties')) if (!refused.has(key)) refused.set(key, failure);
    } else if (failure.instancePath !== '') {
      const key = topKey(failure.instancePath);
      // An unknown key is also reported as "schema is false" at its own path: named once, below.
      if (!refused.has(key) && failure.schemaPath.split('/').at(-1) !== 'additionalProperties') refused.set(key, failure);
    }
  }
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(rules.check?.(input) ?? {})) {
    if (message) errors[field] = message;
  }
  for (const [field, failure] of refused) {
    if (unknownKeys.has(field) || errors[field]) continue;
    errors[field] = rules.messages?.[field] ?? plainMessage(field, failure);
  }
  for (const key of unknownKeys) errors[key] = (rules.unknownKey ?? SCHEMA_MESSAGES.unknownKey)(key);
  const first = Object.values(errors)[0];
  // A schema failure always names a field or the root; the fallback only guards an unforeseen keyword.
  return first === undefined ? { message: rules.notObject ?? SCHEMA_MESSAGES.notObject } : { message: first, errors };
}

/** 400 naming each bad field; `message` is the first one. */
export function sendInvalidFields(reply: FastifyReply, errors: Partial<Record<string, string>>): FastifyReply {
  const fieldErrors = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]));
  return sendProblem(reply, 400, 'Invalid fields', Object.values(fieldErrors)[0] ?? SCHEMA_MESSAGES.notObject, fieldErrors);
}

/** Answers a schema failure (or a `null` body) as problem JSON, by the route's rules for that part. */
export function sendSchemaProblem(reply: FastifyReply, outcome: SchemaProblem): FastifyReply {
  return outcome.errors
    ? sendInvalidFields(reply, outcome.errors)
    : sendProblem(reply, 400, 'Bad Request', outcome.message);
}
