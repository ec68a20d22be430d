import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  ADDED_ID_PREFIX,
  EMPTY_PRESS_FILTER,
  OUTLET_TYPES,
  PRESS_ERROR_TEXT,
  PRESS_FILTER_FIELDS,
  PRESS_ERROR_TITLE,
  PRESS_FORM_NOTICE,
  PRESS_LOAD_DELAY_MS,
  addPressItem,
  filterPress,
  hasActivePressFilter,
  parsePressItems,
  pressDisplayDate,
  pressEmptyState,
  sortPress,
  validatePressForm,
  yearFilterOptions,
  type PressFilter,
  type PressFormErrors,
  type PressFormValues,
  type PressItem,
} from './rules';
import { parseDate } from '../lib/format';
import { SearchField } from '../lib/SearchField';
import { SelectField } from '../lib/SelectField';

export interface PressProps {
  /** URL of the press items JSON (default /data/press.json). */
  src?: string;
}

type Phase = 'loading' | 'error' | 'ready';

const EMPTY_FORM: Required<PressFormValues> = { title: '', url: '', source: '', outlet_type: '', date: '', excerpt: '' };

/**
 * <dc-press>: the press page's coverage (SPEC 2.14). Shows the loading state for the simulated
 * 1 s, then fetches the JSON; a failed or malformed load shows the SPEC error with Retry (which
 * loads again). Search on title or source, a year filter, newest first, and a form that adds an
 * item at the top, in memory only. Renders the same card markup as site/press.njk.
 */
export function Press({ src }: PressProps) {
  const url = src && src.trim() !== '' ? src.trim() : '/data/press.json';
  const [phase, setPhase] = useState<Phase>('loading');
  const [items, setItems] = useState<PressItem[]>([]);
  const [filter, setFilter] = useState<PressFilter>({ ...EMPTY_PRESS_FILTER });
  const [formOpen, setFormOpen] = useState(false);
  const [values, setValues] = useState<Required<PressFormValues>>({ ...EMPTY_FORM });
  const [errors, setErrors] = useState<PressFormErrors>({});
  const [notice, setNotice] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const retryFocus = useRef(false);
  const errorRef = useRef<HTMLHeadingElement>(null);

  // One load at a time: the simulated delay (SPEC 9: 1000 ms), then the real request.
  const pending = useRef<{ timer: number; abort: AbortController } | null>(null);
  const cancel = () => {
    if (!pending.current) return;
    window.clearTimeout(pending.current.timer);
    pending.current.abort.abort();
    pending.current = null;
  };
  const load = () => {
    cancel();
    setPhase('loading');
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(url, { signal: abort.signal, headers: { accept: 'application/json' } })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.json() as Promise<unknown>;
        })
        .then((raw) => {
          setItems(sortPress(parsePressItems(raw)));
          setPhase('ready');
        })
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          console.warn(`<dc-press>: could not load ${url}.`, error);
          setPhase('error');
        });
    }, PRESS_LOAD_DELAY_MS);
    pending.current = { timer, abort };
  };
  // A layout effect: the delay starts when the element renders, not a frame later.
  useLayoutEffect(() => {
    load();
    return cancel;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  useEffect(() => {
    if (phase === 'error' && retryFocus.current) errorRef.current?.focus();
  }, [phase]);

  const years = useMemo(() => yearFilterOptions(items), [items]);
  const visible = useMemo(() => filterPress(items, filter), [items, filter]);
  const ready = phase === 'ready';

  const setField = (field: keyof PressFormValues) => (event: Event) => {
    const value = (event.target as HTMLInputElement).value;
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'title' || field === 'url') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const closeForm = () => {
    setFormOpen(false);
    setValues({ ...EMPTY_FORM });
    setErrors({});
    toggleRef.current?.focus();
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const result = validatePressForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.title ? titleRef : urlRef).current?.focus();
      return;
    }
    const next = addPressItem(items, result.item);
    setItems(next);
    if (filterPress([next[0]!], filter).length === 0) setFilter({ ...EMPTY_PRESS_FILTER });
    setNotice(`“${result.item.title}” was added at the top. It is shown in this tab only and is not saved.`);
    closeForm();
  };

  const countText = !ready
    ? ''
    : hasActivePressFilter(filter)
      ? `${visible.length} of ${items.length} articles`
      : `${items.length} article${items.length === 1 ? '' : 's'}`;

  return (
    <>
      <div className="press-toolbar island-only">
        <div className="press-filters" role="search" aria-label="Filter press coverage">
          <SearchField
            field={PRESS_FILTER_FIELDS.search}
            disabled={!ready}
            value={filter.search}
            onInput={(search) => setFilter((current) => ({ ...current, search }))}
          />
          <SelectField
            field={PRESS_FILTER_FIELDS.year}
            options={years}
            disabled={!ready}
            value={filter.year}
            onChange={(year) => setFilter((current) => ({ ...current, year }))}
          />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-secondary press-add-toggle"
          aria-expanded={formOpen ? 'true' : 'false'}
          aria-controls="press-form"
          disabled={!ready}
          onClick={() => (formOpen ? closeForm() : setFormOpen(true))}
        >
          <span className="press-plus" aria-hidden="true"></span>
          Add press item
        </button>
      </div>

      <form id="press-form" className="press-form" hidden={!formOpen} noValidate onSubmit={submit as never} aria-labelledby="press-form-title">
        <div className="press-form-head">
          <h3 id="press-form-title">Add a press item</h3>
          <p className="press-form-notice">{PRESS_FORM_NOTICE}</p>
        </div>
        <div className="press-form-grid">
          <Field id="press-new-title" label="Title" required error={errors.title}>
            <input
              ref={titleRef}
              id="press-new-title"
              className="form-input"
              type="text"
              required
              aria-invalid={errors.title ? 'true' : undefined}
              aria-describedby={errors.title ? 'press-new-title-error' : undefined}
              value={values.title}
              onInput={setField('title') as never}
            />
          </Field>
          <Field id="press-new-url" label="URL" required error={errors.url} hint="Full address, e.g. https://www.example.com/article">
            <input
              ref={urlRef}
              id="press-new-url"
              className="form-input"
              type="url"
              inputMode="url"
              required
              aria-invalid={errors.url ? 'true' : undefined}
              aria-describedby={errors.url ? 'press-new-url-hint press-new-url-error' : 'press-new-url-hint'}
              value={values.url}
              onInput={setField('url') as never}
            />
          </Field>
          <Field id="press-new-source" label="Source">
            <input id="press-new-source" className="form-input" type="text" value={values.source} onInput={setField('source') as never} />
          </Field>
          <Field id="press-new-outlet" label="Outlet type">
            <select id="press-new-outlet" className="form-input form-select" value={values.outlet_type} onChange={setField('outlet_type') as never}>
              <option value="">Other (default)</option>
              {OUTLET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </Field>
          <Field id="press-new-date" label="Date">
            <input id="press-new-date" className="form-input" type="date" value={values.date} onInput={setField('date') as never} />
          </Field>
          <Field id="press-new-excerpt" label="Excerpt" wide>
            <textarea id="press-new-excerpt" className="form-input press-textarea" rows={3} value={values.excerpt} onInput={setField('excerpt') as never} />
          </Field>
        </div>
        <div className="press-form-actions">
          <button type="submit" className="btn btn-primary">
            Add item
          </button>
          <button type="button" className="btn btn-ghost" onClick={closeForm}>
            Cancel
          </button>
        </div>
      </form>

      <div className="press-summary-bar">
        <p className="press-count" role="status">
          {countText}
        </p>
        {notice && ready ? (
          <p className="press-notice" role="status">
            {notice}
          </p>
        ) : null}
      </div>

      {phase === 'loading' ? <Loading /> : null}
      {phase === 'error' ? (
        <div className="press-state press-state-error" role="alert">
          <h3 ref={errorRef} tabIndex={-1}>
            {PRESS_ERROR_TITLE}
          </h3>
          <p>{PRESS_ERROR_TEXT}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              retryFocus.current = true;
              load();
            }}
          >
            Retry
          </button>
        </div>
      ) : null}
      {ready && visible.length === 0 ? <Empty filter={filter} /> : null}
      {ready && visible.length > 0 ? (
        <ul className="press-grid">
          {visible.map((item) => (
            <li key={item.id} className="press-grid-item">
              <PressCard item={item} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Field(props: { id: string; label: string; required?: boolean; error?: string; hint?: string; wide?: boolean; children: unknown }) {
  return (
    <div className={props.wide ? 'form-field press-field-wide' : 'form-field'}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required ? (
          <span className="press-required" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="press-optional"> (optional)</span>
        )}
      </label>
      {props.children as never}
      {props.hint ? (
        <p id={`${props.id}-hint`} className="press-hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="press-field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function Loading() {
  return (
    <div className="press-loading">
      <p className="press-loading-text" role="status">
        Loading press coverage...
      </p>
      <ul className="press-grid" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="press-grid-item">
            <div className="press-card press-skeleton">
              <span></span>
              <span></span>
              <span></span>
              <span></span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Empty({ filter }: { filter: PressFilter }) {
  const { title, hint } = pressEmptyState(filter);
  return (
    <div className="press-state press-state-empty">
      <p className="press-state-title">{title}</p>
      <p>{hint}</p>
    </div>
  );
}

export function PressCard({ item }: { item: PressItem }) {
  const dated = parseDate(item.date) !== null;
  return (
    <article className="press-card" data-id={item.id}>
      <div className="press-card-top">
        <span className="press-outlet">{item.outlet_type}</span>
        {item.id.startsWith(ADDED_ID_PREFIX) ? <span className="press-added">Added, not saved</span> : null}
      </div>
      <h3 className="press-card-title">
        <a href={item.url} target="_blank" rel="noopener noreferrer">
          {item.title}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </h3>
      {item.source ? <p className="press-card-source">{item.source}</p> : null}
      {item.excerpt ? <p className="press-card-excerpt">{item.excerpt}</p> : null}
      <p className="press-card-date">
        {dated ? <time dateTime={item.date}>{pressDisplayDate(item)}</time> : pressDisplayDate(item)}
      </p>
    </article>
  );
}
