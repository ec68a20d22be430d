import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../shared/escapeHtml';
import { requireSession } from '../accounts/sessionRoutes';
import type { SessionService } from '../sessions/sessionService';
import type { ClientDashboard, DashboardStore } from './dashboardStore';

/**
 * The signed-in client's own dashboards (prefix /dc_api/wa_v1), for `<dc-dashboard-gallery src>`
 * on /account:
 *
 *   GET /me/dashboards   200 { reports }: the session's user's reports only, in their order, in the
 *                        gallery's `reports` format (widgets/dashboard-gallery/README.md) | 401
 *
 * The user comes from the session alone (no id in the request), so no one reads another's list.
 * Each report's iframeHtml is built here from the checked address (never pasted HTML); the gallery
 * checks it again.
 */
export function galleryReport(dashboard: ClientDashboard) {
  return {
    id: dashboard.id,
    title: dashboard.title,
    ...(dashboard.category ? { category: dashboard.category } : {}),
    lastUpdated: dashboard.createdAt.slice(0, 10),
    iframeHtml: `<iframe title="${escapeHtml(dashboard.title)}" src="${escapeHtml(dashboard.src)}" allowfullscreen="true"></iframe>`,
  };
}

export function registerMyDashboardRoutes(scope: FastifyInstance, options: { sessions: SessionService; dashboards: DashboardStore }): void {
  scope.get('/me/dashboards', { onRequest: requireSession(options.sessions) }, async (request) => ({
    reports: (await options.dashboards.list(request.currentSession!.session.userId)).map(galleryReport),
  }));
}
