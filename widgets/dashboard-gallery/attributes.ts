// Written by build/elementAttributes.mjs from widgets/dashboard-gallery/api.json (npm run build). Do not edit: edit api.json.

/** The properties r2wc reads from <dc-dashboard-gallery>'s attributes, and the type each arrives in. */
export const PROPS = {
  src: 'string',
  allowedHosts: 'string',
  selected: 'string',
  label: 'string',
  headingLevel: 'string',
} as const;

/** What the component of <dc-dashboard-gallery> receives from its attributes, as written on the element (it checks the values itself). */
export interface DcDashboardGalleryAttributes {
  /** `src`: URL of a `reports` JSON document, used when the element has no inline `<script type="application/json">` child. Must be CORS-readable from your page (ours is). */
  src?: string;
  /** `allowed-hosts`: Comma- or space-separated hosts whose reports may be embedded. Narrows the default list of Power BI hosts; other hosts are ignored with a warning, so it can never be widened. Default: all Power BI hosts. */
  allowedHosts?: string;
  /** `selected`: `id` of the report selected initially. An unknown id selects the first (the default). */
  selected?: string;
  /** `label`, default `Reports`: Accessible name of the tab list. */
  label?: string;
  /** `heading-level`, default `3`: Heading level (1–6) of the report title above the frame. */
  headingLevel?: string;
}
