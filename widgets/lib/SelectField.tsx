import { selectField, type FilterFieldSpec, type FilterOption } from './filterField';

export interface SelectFieldProps {
  field: FilterFieldSpec;
  options: readonly FilterOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * A filter toolbar's dropdown: label and select, the markup of
 * site/_includes/partials/filter-fields.njk's selectField (filterField.ts decides the attributes).
 */
export function SelectField({ field: spec, options, value, onChange, disabled }: SelectFieldProps) {
  const field = selectField(spec);
  const content = (
    <>
      <label className={field.labelClass || undefined} htmlFor={field.id}>
        {field.label}
      </label>
      <select id={field.id} className={field.controlClass} disabled={disabled} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
  return field.fieldClass ? <div className={field.fieldClass}>{content}</div> : content;
}
