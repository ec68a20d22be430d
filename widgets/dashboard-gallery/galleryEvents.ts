/** The events of <dc-dashboard-gallery> (all bubble and are composed; see README). */
export const GALLERY_EVENTS = {
  reportChange: 'dc-report-change',
  reportLoad: 'dc-report-load',
  reportError: 'dc-report-error',
  aspectChange: 'dc-aspect-change',
  linkCopy: 'dc-link-copy',
} as const;
