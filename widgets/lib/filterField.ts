/**
 * The fields of a list's filter toolbar (careers, press, FAQ; the blog can use them too), written
 * once for both renderings: the island's components (SearchField.tsx, SelectField.tsx) and the
 * page's static HTML (site/_includes/partials/filter-fields.njk, fed by the page's data file), so
 * the served toolbar and the upgraded one are the same markup and nothing moves on upgrade.
 * No DOM, no framework: the page build loads it too (site/_pageData/rules.js).
 */

/** What a page says about one field; the classes have the site's defaults. */
export interface FilterFieldSpec {
  id: string;
  label: string;
  /** The label is for screen readers only (class sr-only): the placeholder or the layout shows what the field is. */
  labelHidden?: boolean;
  /** Placeholder of a search field. */
  placeholder?: string;
  /**
   * Class of the wrapper around label and control (default 'form-field'); '' for no wrapper, when
   * label and control sit directly in the toolbar's own layout.
   */
  fieldClass?: string;
  /** Class of the input or select (default: the site's search input, or its select). */
  controlClass?: string;
}

/** A field with every attribute decided: what both renderings print. */
export interface FilterField {
  id: string;
  label: string;
  /** 'sr-only' or '' (no class attribute). */
  labelClass: string;
  placeholder: string;
  fieldClass: string;
  controlClass: string;
}

/** One entry of a select: value '' is "no filter". */
export interface FilterOption {
  value: string;
  label: string;
}

export const FIELD_CLASS = 'form-field';
export const SEARCH_INPUT_CLASS = 'form-input form-input-search';
export const SELECT_CLASS = 'form-input form-select';

function resolve(spec: FilterFieldSpec, controlClass: string): FilterField {
  return {
    id: spec.id,
    label: spec.label,
    labelClass: spec.labelHidden ? 'sr-only' : '',
    placeholder: spec.placeholder ?? '',
    fieldClass: spec.fieldClass ?? FIELD_CLASS,
    controlClass: spec.controlClass ?? controlClass,
  };
}

/** A search field (input type=search) with its defaults filled in. */
export function searchField(spec: FilterFieldSpec): FilterField {
  return resolve(spec, SEARCH_INPUT_CLASS);
}

/** A select with its defaults filled in. */
export function selectField(spec: FilterFieldSpec): FilterField {
  return resolve(spec, SELECT_CLASS);
}
