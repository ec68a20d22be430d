import type { ReactNode } from 'react';
import { searchField, type FilterFieldSpec } from './filterField';

export interface SearchFieldProps {
  field: FilterFieldSpec;
  value: string;
  onInput: (value: string) => void;
  disabled?: boolean;
  /** Shown first inside the wrapper (e.g. a search icon). */
  before?: ReactNode;
}

/**
 * A filter toolbar's search field: label and input type=search, the markup of
 * site/_includes/partials/filter-fields.njk's searchField (filterField.ts decides the attributes).
 */
export function SearchField({ field: spec, value, onInput, disabled, before }: SearchFieldProps) {
  const field = searchField(spec);
  const content = (
    <>
      {before}
      <label className={field.labelClass || undefined} htmlFor={field.id}>
        {field.label}
      </label>
      <input
        id={field.id}
        className={field.controlClass}
        type="search"
        placeholder={field.placeholder || undefined}
        autoComplete="off"
        disabled={disabled}
        value={value}
        onInput={(event) => onInput((event.target as HTMLInputElement).value)}
      />
    </>
  );
  return field.fieldClass ? <div className={field.fieldClass}>{content}</div> : content;
}
