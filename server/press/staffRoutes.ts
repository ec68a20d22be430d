import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PRESS_FIELDS, PRESS_ITEMS_MAX, PRESS_MESSAGES, validatePressForm, type PressFormValues } from '../../shared/pressItems';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import type { InputRules } from '../api/schemaErrors';
import { AUDIT_ACTIONS, type Auditor } from '../staff/audit';
import type { PressStore } from './pressStore';

/**
 * Press items in the staff console and on /press's staff form (prefix /dc_api/wa_v1, registered
 * from server/staff/index.ts, so behind the staff guard and the same-site check like every
 * console route):
 *
 *   GET    /staff/press          200 { items }: every stored item, newest added first, with who added
 *                                and last changed it and when
 *   POST   /staff/press  { title, url, source?, outlet_type?, date?, excerpt? }
 *                                201 the item | 400 the press form's messages per field | 409 the store is full
 *   PATCH  /staff/press/{id}  { any of the fields }
 *                                200 the item (the fields sent replace the stored ones; the whole item is
 *                                checked again) | 400 | 404
 *   DELETE /staff/press/{id}     204 | 404
 *
 * Every field is checked by the press form's own rule (shared/pressItems.ts validatePressForm) and
 * refused with its words; every change writes an audit entry.
 */
const StoredItemSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url: Type.String(),
  source: Type.String(),
  outlet_type: Type.String(),
  date: Type.String(),
  excerpt: Type.String(),
  createdAt: Type.String(),
  createdBy: Type.String(),
  updatedAt: Type.String(),
  updatedBy: Type.String(),
});
const ListSchema = Type.Object({ items: Type.Array(StoredItemSchema) });

const PressBody = Type.Object(
  {
    title: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    source: Type.Optional(Type.String()),
    outlet_type: Type.Optional(Type.String()),
    date: Type.Optional(Type.String()),
    excerpt: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const fieldsOf = (input: Record<string, unknown>): PressFormValues =>
  Object.fromEntries(PRESS_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]));

const PRESS_INPUT: InputRules = {
  notObject: PRESS_MESSAGES.badBody,
  unknownKey: () => PRESS_MESSAGES.badBody,
  check: (input) => validatePressForm(fieldsOf(input)).errors,
  messages: { outlet_type: PRESS_MESSAGES.outletInvalid, date: PRESS_MESSAGES.dateInvalid, source: PRESS_MESSAGES.badBody, excerpt: PRESS_MESSAGES.badBody },
};

/** A PATCH is checked as the whole item it makes: the stored fields with the sent ones over them. */
const PATCH_INPUT: InputRules = { ...PRESS_INPUT, check: () => ({}) };

export function registerStaffPressRoutes(scope: FastifyInstance, options: { press: PressStore; audit: Auditor }): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { press, audit } = options;
  const refuse = (reply: Parameters<typeof sendProblem>[0], errors: Record<string, string>) =>
    sendProblem(reply, 400, 'Invalid fields', Object.values(errors)[0]!, errors);

  api.get('/staff/press', { schema: { response: { 200: ListSchema, ...ERROR_RESPONSES } } }, async () => ({
    items: await press.list(),
  }));

  api.post(
    '/staff/press',
    { schema: { body: PressBody, response: { 201: StoredItemSchema, ...ERROR_RESPONSES } }, config: { input: { body: PRESS_INPUT } } },
    async (request, reply) => {
      const result = validatePressForm(fieldsOf(request.body));
      if (!result.ok) return refuse(reply, result.errors);
      if ((await press.list()).length >= PRESS_ITEMS_MAX) return sendProblem(reply, 409, 'Conflict', PRESS_MESSAGES.tooMany);
      const added = await press.add(result.item, request.staffActor!.email, new Date());
      await audit(request, AUDIT_ACTIONS.pressAdded, 'press item', added.id, added.title.slice(0, 80));
      return reply.code(201).send(added);
    },
  );

  api.patch(
    '/staff/press/:id',
    {
      schema: { params: IdParams, body: PressBody, response: { 200: StoredItemSchema, ...ERROR_RESPONSES } },
      config: { input: { body: PATCH_INPUT } },
    },
    async (request, reply) => {
      const stored = await press.get(request.params.id);
      if (!stored) return sendProblem(reply, 404, 'Not Found', PRESS_MESSAGES.notFound);
      const result = validatePressForm({ ...stored, ...fieldsOf(request.body) });
      if (!result.ok) return refuse(reply, result.errors);
      const updated = await press.update(stored.id, result.item, request.staffActor!.email, new Date());
      if (!updated) return sendProblem(reply, 404, 'Not Found', PRESS_MESSAGES.notFound);
      const changed = PRESS_FIELDS.filter((field) => stored[field] !== updated[field]);
      await audit(request, AUDIT_ACTIONS.pressEdited, 'press item', updated.id, changed.length > 0 ? changed.join(', ') : 'no change');
      return updated;
    },
  );

  api.delete('/staff/press/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const stored = await press.get(request.params.id);
    if (!stored || !(await press.remove(stored.id))) return sendProblem(reply, 404, 'Not Found', PRESS_MESSAGES.notFound);
    await audit(request, AUDIT_ACTIONS.pressRemoved, 'press item', stored.id, stored.title.slice(0, 80));
    return reply.code(204).send();
  });
}
