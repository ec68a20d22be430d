import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DASHBOARD_CATEGORY_MAX, DASHBOARD_MESSAGES, DASHBOARD_TITLE_MAX, DASHBOARDS_PER_CLIENT_MAX } from '../../shared/clientDashboards';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import type { InputRules } from '../api/schemaErrors';
import { AUDIT_ACTIONS, type Auditor } from '../staff/audit';
import type { StaffStore } from '../staff/staffStore';
import type { ClientDashboard, DashboardStore } from './dashboardStore';
import { checkSnippet } from './snippet';

/**
 * A client's dashboards in the staff console (prefix /dc_api/wa_v1, registered from
 * server/staff/index.ts, so behind the staff guard like every console route):
 *
 *   GET    /staff/users/{id}/dashboards                  200 { dashboards } in the client's order | 404
 *   POST   /staff/users/{id}/dashboards  { title, category?, snippet }
 *                                                        201 the dashboard | 400 (a bad snippet: the gallery's
 *                                                        message) | 404 | 409 too many
 *   PATCH  /staff/users/{id}/dashboards/{dashboardId}  { position }   200 { dashboards } | 400 | 404
 *   DELETE /staff/users/{id}/dashboards/{dashboardId}   204 | 404
 *
 * The snippet (the pasted embed code or "Publish to web" link) is checked by the rule /embed's
 * gallery form uses (./snippet); only its checked address is kept. Every change writes an audit entry.
 */
const DashboardSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  src: Type.String(),
  position: Type.Integer(),
  createdAt: Type.String(),
});
const ListSchema = Type.Object({ dashboards: Type.Array(DashboardSchema) });

const DashboardParams = Type.Object({ id: Type.String(), dashboardId: Type.String() }, { additionalProperties: false });

const lenient = (value: unknown) => (typeof value === 'string' ? value : '');

/** Each field's message, in the form's order (title, category, snippet). */
export function dashboardErrors(input: Record<string, unknown>): Partial<Record<'title' | 'category' | 'snippet', string>> {
  const errors: Partial<Record<'title' | 'category' | 'snippet', string>> = {};
  const title = lenient(input.title).trim();
  if (title === '') errors.title = DASHBOARD_MESSAGES.titleRequired;
  else if ([...title].length > DASHBOARD_TITLE_MAX) errors.title = DASHBOARD_MESSAGES.titleTooLong;
  if ([...lenient(input.category).trim()].length > DASHBOARD_CATEGORY_MAX) errors.category = DASHBOARD_MESSAGES.categoryTooLong;
  const snippet = checkSnippet(input.snippet);
  if (!snippet.ok) errors.snippet = snippet.message;
  return errors;
}

const NewDashboardBody = Type.Object(
  { title: Type.String(), category: Type.Optional(Type.String()), snippet: Type.String() },
  { additionalProperties: false },
);
const NEW_DASHBOARD_INPUT: InputRules = {
  notObject: DASHBOARD_MESSAGES.badBody,
  unknownKey: () => DASHBOARD_MESSAGES.badBody,
  check: dashboardErrors,
};

const MoveBody = Type.Object({ position: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
const MOVE_INPUT: InputRules = {
  notObject: DASHBOARD_MESSAGES.badPosition,
  unknownKey: () => DASHBOARD_MESSAGES.badPosition,
  messages: { position: DASHBOARD_MESSAGES.badPosition },
};

const shown = ({ id, title, category, src, position, createdAt }: ClientDashboard) => ({ id, title, category, src, position, createdAt });

export function registerStaffDashboardRoutes(
  scope: FastifyInstance,
  options: { staff: StaffStore; dashboards: DashboardStore; audit: Auditor },
): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { staff, dashboards, audit } = options;
  const exists = async (userId: string) => (await staff.account(userId)) !== null;

  api.get(
    '/staff/users/:id/dashboards',
    { schema: { params: IdParams, response: { 200: ListSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await exists(id))) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      return { dashboards: (await dashboards.list(id)).map(shown) };
    },
  );

  api.post(
    '/staff/users/:id/dashboards',
    {
      schema: { params: IdParams, body: NewDashboardBody, response: { 201: DashboardSchema, ...ERROR_RESPONSES } },
      config: { input: { body: NEW_DASHBOARD_INPUT } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await exists(id))) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      const errors = dashboardErrors(request.body);
      const first = Object.values(errors)[0];
      if (first) return sendProblem(reply, 400, 'Invalid fields', first, errors);
      if ((await dashboards.list(id)).length >= DASHBOARDS_PER_CLIENT_MAX)
        return sendProblem(reply, 409, 'Conflict', DASHBOARD_MESSAGES.tooMany);
      const snippet = checkSnippet(request.body.snippet);
      const added = await dashboards.add(
        id,
        { title: request.body.title.trim(), category: (request.body.category ?? '').trim(), src: snippet.ok ? snippet.src : '' },
        new Date(),
      );
      await audit(request, AUDIT_ACTIONS.dashboardAdded, 'dashboard', added.id, `user ${id}`);
      return reply.code(201).send(shown(added));
    },
  );

  api.patch(
    '/staff/users/:id/dashboards/:dashboardId',
    {
      schema: { params: DashboardParams, body: MoveBody, response: { 200: ListSchema, ...ERROR_RESPONSES } },
      config: { input: { body: MOVE_INPUT } },
    },
    async (request, reply) => {
      const { id, dashboardId } = request.params;
      const list = await dashboards.move(id, dashboardId, request.body.position);
      if (!list) return sendProblem(reply, 404, 'Not Found', DASHBOARD_MESSAGES.notFound);
      const position = list.findIndex((dashboard) => dashboard.id === dashboardId);
      await audit(request, AUDIT_ACTIONS.dashboardMoved, 'dashboard', dashboardId, `user ${id}, position ${position}`);
      return { dashboards: list.map(shown) };
    },
  );

  api.delete('/staff/users/:id/dashboards/:dashboardId', { schema: { params: DashboardParams } }, async (request, reply) => {
    const { id, dashboardId } = request.params;
    if (!(await dashboards.remove(id, dashboardId))) return sendProblem(reply, 404, 'Not Found', DASHBOARD_MESSAGES.notFound);
    await audit(request, AUDIT_ACTIONS.dashboardRemoved, 'dashboard', dashboardId, `user ${id}`);
    return reply.code(204).send();
  });
}
