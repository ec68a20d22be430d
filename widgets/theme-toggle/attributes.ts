// Written by build/elementAttributes.mjs from widgets/theme-toggle/api.json (npm run build). Do not edit: edit api.json.

/** The properties r2wc reads from <dc-theme-toggle>'s attributes, and the type each arrives in. */
export const PROPS = {
  label: 'string',
} as const;

/** What the component of <dc-theme-toggle> receives from its attributes, as written on the element (it checks the values itself). */
export interface DcThemeToggleAttributes {
  /** `label`, default `Dark theme`: Accessible name of the button (a toggle button: `aria-pressed` says whether dark is on). */
  label?: string;
}
