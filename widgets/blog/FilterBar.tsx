import { BLOG_LABELS, BLOG_TEXT, CATEGORY_OPTIONS, EMPTY_FILTER, hasActiveFilter, type BlogFilter } from '../lib/blog';
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

/**
 * The filter bar (SPEC 2.15): a `search` landmark with the search box, the category and year
 * selects and Clear (only while a filter is set), then the row of topic chips.
 */
export function FilterBar({ filter, years, tags, onChange, onToggleTag }: FilterBarProps) {
  return (
    <>
      <div className="blog-filters" role="search" aria-label={BLOG_LABELS.filters}>
        <div className="blog-search">
          <Icon d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-3.5-3.5" />
          <label className="sr-only" htmlFor="blog-search">
            {BLOG_LABELS.search}
          </label>
          <input
            id="blog-search"
            className="blog-input"
            type="search"
            placeholder={BLOG_TEXT.searchPlaceholder}
            value={filter.search}
            autoComplete="off"
            onInput={(event) => onChange({ ...filter, search: (event.target as HTMLInputElement).value }, true)}
          />
        </div>
        <label className="sr-only" htmlFor="blog-category">
          {BLOG_LABELS.category}
        </label>
        <select
          id="blog-category"
          className="blog-input blog-select"
          value={filter.category}
          onChange={(event) => onChange({ ...filter, category: event.target.value })}
        >
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="blog-year">
          {BLOG_LABELS.year}
        </label>
        <select
          id="blog-year"
          className="blog-input blog-select"
          value={filter.year}
          onChange={(event) => onChange({ ...filter, year: event.target.value })}
        >
          <option value="">{BLOG_LABELS.allYears}</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
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
