import { BLOG_LABELS, BLOG_TEXT, CATEGORY_OPTIONS, EMPTY_FILTER, hasActiveFilter, type BlogFilter } from './rules';
import type { FilterFieldSpec } from '../lib/filterField';
import { SearchField } from '../lib/SearchField';
import { SelectField } from '../lib/SelectField';
import { Icon } from './Icon';
import { TagButtons } from './TagButtons';

export interface FilterBarProps {
  filter: BlogFilter;
  /** The years and tags offered (the current filter's value included). */
  years: readonly string[];
  tags: readonly string[];
  /** A new filter; `typing` for keystrokes in the search box. */
  onChange: (next: BlogFilter, typing?: boolean) => void;
  onToggleTag: (tag: string) => void;
}

/** The toolbar's fields (the shared filter fields of careers, press and FAQ, in the blog's classes). */
const SEARCH: FilterFieldSpec = {
  id: 'blog-search',
  label: BLOG_LABELS.search,
  labelHidden: true,
  placeholder: BLOG_TEXT.searchPlaceholder,
  fieldClass: 'blog-search',
  controlClass: 'blog-input',
};
const CATEGORY: FilterFieldSpec = {
  id: 'blog-category',
  label: BLOG_LABELS.category,
  labelHidden: true,
  fieldClass: '',
  controlClass: 'blog-input blog-select',
};
const YEAR: FilterFieldSpec = {
  id: 'blog-year',
  label: BLOG_LABELS.year,
  labelHidden: true,
  fieldClass: '',
  controlClass: 'blog-input blog-select',
};

/**
 * The filter bar (SPEC 2.15): a `search` landmark with the search box, the category and year
 * selects and Clear (only while a filter is set), then the row of topic chips.
 */
export function FilterBar({ filter, years, tags, onChange, onToggleTag }: FilterBarProps) {
  return (
    <>
      <div className="blog-filters" role="search" aria-label={BLOG_LABELS.filters}>
        <SearchField
          field={SEARCH}
          before={<Icon d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-3.5-3.5" />}
          value={filter.search}
          onInput={(search) => onChange({ ...filter, search }, true)}
        />
        <SelectField
          field={CATEGORY}
          options={CATEGORY_OPTIONS}
          value={filter.category}
          onChange={(category) => onChange({ ...filter, category })}
        />
        <SelectField
          field={YEAR}
          options={[{ value: '', label: BLOG_LABELS.allYears }, ...years.map((year) => ({ value: year, label: year }))]}
          value={filter.year}
          onChange={(year) => onChange({ ...filter, year })}
        />
        {hasActiveFilter(filter) ? (
          <button type="button" className="btn btn-secondary blog-clear" onClick={() => onChange({ ...EMPTY_FILTER })}>
            <Icon d="M18 6 6 18M6 6l12 12" />
            {BLOG_TEXT.clear}
          </button>
        ) : null}
      </div>
      {tags.length > 0 ? (
        <div className="blog-topics" role="group" aria-label={BLOG_LABELS.tagGroup}>
          <span className="blog-topics-label" aria-hidden="true">
            {BLOG_LABELS.topics}
          </span>
          <TagButtons tags={tags} selected={filter.tag} onToggle={onToggleTag} />
        </div>
      ) : null}
    </>
  );
}
