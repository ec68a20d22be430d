import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isOpen, toggleMany } from '../lib/disclosure';
import {
  DEFAULT_FAQ_FILTER,
  FAQ_ALL,
  FAQ_CATEGORIES,
  FAQ_EMPTY_HINT,
  FAQ_EMPTY_TITLE,
  FAQ_SEARCH_FIELD,
  categoryCounts,
  filterFaq,
  groupByTopic,
  topicSlug,
  type FaqCategory,
  type FaqEntry,
  type FaqFilter,
} from './rules';
import { SearchField } from '../lib/SearchField';

export interface FaqProps {
  entries: FaqEntry[];
  /** Ids of the entries open in the served HTML when the island took over. */
  initialOpen?: string[];
  /**
   * The search and category the visitor chose in the served toolbar before the island took over,
   * and whether they opened the phone menu: applied right after hydration adopted the served list.
   */
  servedFilter?: FaqFilter;
  servedMenuOpen?: boolean;
}

/**
 * <dc-faq>: the FAQ of /frequently_asked_questions (SPEC 2.16): search, category chips (a menu at
 * phone width), an accordion where several answers may be open. Renders the same markup as
 * site/frequently_asked_questions.njk, which serves every question and answer without JavaScript.
 */
export function Faq({ entries, initialOpen = [], servedFilter, servedMenuOpen = false }: FaqProps) {
  const [filter, setFilter] = useState<FaqFilter>({ ...DEFAULT_FAQ_FILTER });
  const [open, setOpen] = useState<string[]>(initialOpen);
  const [menuOpen, setMenuOpen] = useState(false);
  // Applied once, right after hydration (the first values are kept: later renders are the visitor's).
  const [served] = useState(() => ({ filter: servedFilter, menuOpen: servedMenuOpen }));
  useLayoutEffect(() => {
    const { filter: chosen, menuOpen: opened } = served;
    if (chosen && (chosen.search !== DEFAULT_FAQ_FILTER.search || chosen.category !== DEFAULT_FAQ_FILTER.category)) setFilter({ ...chosen });
    if (opened) setMenuOpen(true);
  }, [served]);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const visible = useMemo(() => filterFaq(entries, filter), [entries, filter]);
  const counts = useMemo(() => categoryCounts(entries, filter.search), [entries, filter.search]);
  const groups = groupByTopic(visible);
  const category = (FAQ_CATEGORIES as readonly string[]).includes(filter.category) ? (filter.category as FaqCategory) : FAQ_ALL;

  const choose = (next: FaqCategory) => setFilter((current) => ({ ...current, category: next }));
  const toggle = (id: string) => setOpen((current) => toggleMany(current, id));

  // The phone menu closes on Escape (focus back on its button) and on a click or focus outside it.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [menuOpen]);

  const status =
    visible.length === entries.length ? `${entries.length} questions` : `${visible.length} of ${entries.length} questions`;

  return (
    <>
      <div className="faq-controls island-only" role="search" aria-label="Filter questions">
        <SearchField field={FAQ_SEARCH_FIELD} value={filter.search} onInput={(search) => setFilter((current) => ({ ...current, search }))} />
        <div className="faq-chips" role="group" aria-label="Category">
          {FAQ_CATEGORIES.map((name) => (
            <button key={name} type="button" className="faq-chip" data-pick="" aria-pressed={category === name ? 'true' : 'false'} onClick={() => choose(name)}>
              {name}
              <span className="faq-chip-count">
                {counts[name]}
              </span>
            </button>
          ))}
        </div>
        <div className="faq-menu" ref={menuRef}>
          <button
            ref={menuButtonRef}
            type="button"
            className="faq-menu-button"
            data-pick=""
            aria-expanded={menuOpen ? 'true' : 'false'}
            aria-controls="faq-menu-list"
            onClick={() => setMenuOpen((value) => !value)}
          >
            <span className="faq-menu-label">Category</span>
            <span className="faq-menu-value">{category}</span>
            <span className="faq-menu-chevron" aria-hidden="true"></span>
          </button>
          <ul id="faq-menu-list" className="faq-menu-list" hidden={!menuOpen}>
            {FAQ_CATEGORIES.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="faq-menu-item"
                  data-pick=""
                  aria-pressed={category === name ? 'true' : 'false'}
                  onClick={() => {
                    choose(name);
                    setMenuOpen(false);
                    menuButtonRef.current?.focus();
                  }}
                >
                  {name}
                  <span className="faq-chip-count">
                    {counts[name]}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="faq-status" role="status">
        {status}
      </p>
      {groups.length === 0 ? (
        <div className="faq-empty">
          <p className="faq-empty-title">{FAQ_EMPTY_TITLE}</p>
          <p className="faq-empty-hint">{FAQ_EMPTY_HINT}</p>
        </div>
      ) : (
        <div className="faq-groups">
          {groups.map((group) => (
            <section key={group.topic} className="faq-group" aria-labelledby={`faq-topic-${topicSlug(group.topic)}`}>
              <h2 id={`faq-topic-${topicSlug(group.topic)}`} className="faq-group-title">
                {group.topic}
              </h2>
              <div className="faq-list">
                {group.entries.map((entry) => {
                  const expanded = isOpen(open, entry.id);
                  return (
                    <details
                      key={entry.id}
                      className="faq-item"
                      data-entry={entry.id}
                      open={expanded}
                      onToggle={
                        ((event: Event) => {
                          // The browser opened it by itself (find in page): follow.
                          if ((event.currentTarget as HTMLDetailsElement).open !== expanded) toggle(entry.id);
                        }) as never
                      }
                    >
                      <summary
                        className="faq-question"
                        onClick={(event) => {
                          event.preventDefault();
                          toggle(entry.id);
                        }}
                      >
                        <span className="faq-question-text">{entry.question}</span>
                        <span className="faq-toggle-icon" aria-hidden="true"></span>
                      </summary>
                      <div className="faq-answer">
                        <p>{entry.answer}</p>
                      </div>
                    </details>
                  );
                })}
              </div>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
