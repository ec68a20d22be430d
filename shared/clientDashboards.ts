/**
 * A client's dashboards (issue 32): the limits and messages of the staff API that gives a client
 * the Power BI reports built for them (server/dashboards) and of the console's form
 * (widgets/staff-console/DashboardsPanel.tsx), once. A snippet is checked by shared/embed.ts and
 * refused with its words (embedRefusal).
 */
export const DASHBOARD_TITLE_MAX = 120;
export const DASHBOARD_CATEGORY_MAX = 60;
/** Reports one client can hold: a portal, not a store. */
export const DASHBOARDS_PER_CLIENT_MAX = 50;

export const DASHBOARD_MESSAGES = {
  titleRequired: 'Give the report a title: it names its tab.',
  titleTooLong: `The title must be at most ${DASHBOARD_TITLE_MAX} characters.`,
  categoryTooLong: `The category must be at most ${DASHBOARD_CATEGORY_MAX} characters.`,
  snippetRequired: 'Paste the embed code (or the link) Power BI gives under File › Embed report.',
  /** POST with a body that is not { title, category, snippet }. */
  badBody: 'Send title, category and snippet (text).',
  /** PATCH with a body that is not { position }. */
  badPosition: 'Send position: a whole number from 0.',
  tooMany: `A client can hold at most ${DASHBOARDS_PER_CLIENT_MAX} dashboards.`,
  notFound: 'This client has no dashboard with this id (it may have been removed).',
} as const;
