import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  EMPTY_PRESS_FILTER,
  OUTLET_TYPES,
  PRESS_ERROR_TEXT,
  PRESS_FILTER_FIELDS,
  PRESS_ERROR_TITLE,
  PRESS_FORM_NOTICE,
  PRESS_LOAD_DELAY_MS,
  filterPress,
  hasActivePressFilter,
  mergePress,
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
import { PRESS_EXCERPT_MAX, PRESS_SOURCE_MAX, PRESS_TITLE_MAX, PRESS_URL_MAX } from '../../shared/pressItems';
import { parseDate } from '../lib/format';
import { SearchField } from '../lib/SearchField';
import { SelectField } from '../lib/SelectField';
import { PRESS_SAVE_FAILED, PressApiError, STORED_PRESS_URL, loadStored, savePressItem } from './pressApi';

export interface PressProps {
  /** URL of the press items JSON (default /data/press.json). */
  src?: string;
  /** URL of the stored items, same format (default /dc_api/wa_v1/press; '' shows the built ones only). */
  storedSrc?: string;
}

type Phase = 'loading' | 'error' | 'ready';

const EMPTY_FORM: Required<PressFormValues> = { title: '', url: '', source: '', outlet_type: '', date: '', excerpt: '' };
type Saving = 'idle' | 'saving';
/** The id part of each field's input (press-new-…). */
const FIELD_IDS: Record<keyof PressFormValues, string> = { title: 'title', url: 'url', source: 'source', outlet_type: 'outlet', date: 'date', excerpt: 'excerpt' };

/**
 * <dc-press>: the press page's coverage (SPEC 2.14). Shows the loading state for the simulated
 * 1 s, then fetches the built items (src) and the stored ones (stored-src, ./pressApi) and shows
 * them as one list in the page's order (mergePress); a failed or malformed load of the built list
 * shows the SPEC error with Retry (which loads again); stored items that cannot be read leave the
 * built list alone. Search on title or source, a year filter, newest first. Staff (a session the
 * staff API accepts) also get "Add press item": the form stores the item (POST /staff/press), and it
 * takes its place in the list, for every visitor. Renders the same card markup as site/press.njk.
 */
export function Press({ src, storedSrc }: PressProps) {
  const url = src && src.trim() !== '' ? src.trim() : '/data/press.json';
  const storedUrl = storedSrc === undefined || storedSrc === null ? STORED_PRESS_URL : storedSrc.trim();
  const [phase, setPhase] = useState<Phase>('loading');
  const [built, setBuilt] = useState<PressItem[]>([]);
  const [stored, setStored] = useState<PressItem[]>([]);
  const [staff, setStaff] = useState(false);
  const [saving, setSaving] = useState<Saving>('idle');
  const [formError, setFormError] = useState('');
  const items = useMemo(() => mergePress(built, stored), [built, stored]);
  const [filter, setFilter] = useState<PressFilter>({ ...EMPTY_PRESS_FILTER });
  const [formOpen, setFormOpen] = useState(false);
  const [values, setValues] = useState<Required<PressFormValues>>({ ...EMPTY_FORM });
  const [errors, setErrors] = useState<PressFormErrors>({});
  const [notice, setNotice] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
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
      // The stored items are extra: when they cannot be read the built list still shows.
      const storedLoad =
        storedUrl === ''
          ? Promise.resolve({ items: [] as PressItem[], staff: false })
          : loadStored(storedUrl, abort.signal)
              .then(({ raw, staff: isStaff }) => ({ items: parsePressItems(raw), staff: isStaff }))
              .catch((error: unknown) => {
                if (!abort.signal.aborted) console.warn(`<dc-press>: could not load the stored press items of ${storedUrl}.`, error);
                return { items: [] as PressItem[], staff: false };
              });
      fetch(url, { signal: abort.signal, headers: { accept: 'application/json' } })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.json() as Promise<unknown>;
        })
        .then(async (raw) => {
          const builtItems = sortPress(parsePressItems(raw));
          const extra = await storedLoad;
          if (abort.signal.aborted) return;
          setBuilt(builtItems);
          setStored(extra.items);
          setStaff(extra.staff);
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
  }, [url, storedUrl]);

  useEffect(() => {
    if (phase === 'error' && retryFocus.current) errorRef.current?.focus();
  }, [phase]);

  const years = useMemo(() => yearFilterOptions(items), [items]);
  const visible = useMemo(() => filterPress(items, filter), [items, filter]);
  const ready = phase === 'ready';

  const setField = (field: keyof PressFormValues) => (event: Event) => {
    const value = (event.target as HTMLInputElement).value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const fieldRefs = useRef<Partial<Record<keyof PressFormValues, HTMLElement | null>>>({});
  const focusFirstError = (found: PressFormErrors) => {
    const first = (Object.keys(found) as (keyof PressFormValues)[])[0];
    if (first) fieldRefs.current[first]?.focus();
  };

  const closeForm = () => {
    setFormOpen(false);
    setValues({ ...EMPTY_FORM });
    setErrors({});
    setFormError('');
    toggleRef.current?.focus();
  };

  const submit = (event: Event) => {
    event.preventDefault();
    if (saving === 'saving') return;
    setFormError('');
    const result = validatePressForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(result.errors);
      return;
    }
    setSaving('saving');
    savePressItem(result.item)
      .then((raw) => {
        const [saved] = parsePressItems([raw]);
        setStored((current) => [saved!, ...current.filter((item) => item.id !== saved!.id)]);
        if (filterPress([saved!], filter).length === 0) setFilter({ ...EMPTY_PRESS_FILTER });
        setNotice(`“${saved!.title}” was saved. It is shown on this page to every visitor.`);
        closeForm();
      })
      .catch((error: unknown) => {
        if (error instanceof PressApiError && Object.keys(error.errors).length > 0) {
          setErrors(error.errors);
          focusFirstError(error.errors);
        } else if (error instanceof PressApiError && (error.status === 401 || error.status === 403)) {
          setStaff(false);
          setFormOpen(false);
          setNotice(error.message);
        } else setFormError(error instanceof Error && error.message ? error.message : PRESS_SAVE_FAILED);
      })
      .finally(() => setSaving('idle'));
  };

  const countText = !ready
    ? ''
    : hasActivePressFilter(filter)
      ? `${visible.length} of ${items.length} articles`
      : `${items.length} article${items.length === 1 ? '' : 's'}`;

  const invalid = (field: keyof PressFormValues, hint = false) => ({
    'aria-invalid': errors[field] ? ('true' as const) : undefined,
    'aria-describedby':
      [hint ? `press-new-${FIELD_IDS[field]}-hint` : '', errors[field] ? `press-new-${FIELD_IDS[field]}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const bind = (field: keyof PressFormValues) => (element: HTMLElement | null) => {
    fieldRefs.current[field] = element;
  };

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
        {ready && staff ? (
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-secondary press-add-toggle"
            aria-expanded={formOpen ? 'true' : 'false'}
            aria-controls="press-form"
            onClick={() => (formOpen ? closeForm() : setFormOpen(true))}
          >
            <span className="press-plus" aria-hidden="true"></span>
            Add press item
          </button>
        ) : null}
      </div>

      {ready && staff ? (
        <form id="press-form" className="press-form" hidden={!formOpen} noValidate onSubmit={submit as never} aria-labelledby="press-form-title">
          <div className="press-form-head">
            <h3 id="press-form-title">Add a press item</h3>
            <p className="press-form-notice">{PRESS_FORM_NOTICE}</p>
          </div>
          <div className="press-form-grid">
            <Field id="press-new-title" label="Title" required error={errors.title}>
              <input
                ref={bind('title')}
                id="press-new-title"
                className="form-input"
                type="text"
                required
                maxLength={PRESS_TITLE_MAX}
                {...invalid('title')}
                value={values.title}
                onInput={setField('title') as never}
              />
            </Field>
            <Field id="press-new-url" label="URL" required error={errors.url} hint="Full address, e.g. https://www.example.com/article">
              <input
                ref={bind('url')}
                id="press-new-url"
                className="form-input"
                type="url"
                inputMode="url"
                required
                maxLength={PRESS_URL_MAX}
                {...invalid('url', true)}
                value={values.url}
                onInput={setField('url') as never}
              />
            </Field>
            <Field id="press-new-source" label="Source" error={errors.source}>
              <input
                ref={bind('source')}
                id="press-new-source"
                className="form-input"
                type="text"
                maxLength={PRESS_SOURCE_MAX}
                {...invalid('source')}
                value={values.source}
                onInput={setField('source') as never}
              />
            </Field>
            <Field id="press-new-outlet" label="Outlet type" error={errors.outlet_type}>
              <select
                ref={bind('outlet_type')}
                id="press-new-outlet"
                className="form-input form-select"
                {...invalid('outlet_type')}
                value={values.outlet_type}
                onChange={setField('outlet_type') as never}
              >
                <option value="">Other (default)</option>
                {OUTLET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="press-new-date" label="Date" error={errors.date}>
              <input
                ref={bind('date')}
                id="press-new-date"
                className="form-input"
                type="date"
                {...invalid('date')}
                value={values.date}
                onInput={setField('date') as never}
              />
            </Field>
            <Field id="press-new-excerpt" label="Excerpt" wide error={errors.excerpt}>
              <textarea
                ref={bind('excerpt')}
                id="press-new-excerpt"
                className="form-input press-textarea"
                rows={3}
                maxLength={PRESS_EXCERPT_MAX}
                {...invalid('excerpt')}
                value={values.excerpt}
                onInput={setField('excerpt') as never}
              />
            </Field>
          </div>
          {formError ? (
            <p className="press-form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="press-form-actions">
            <button type="submit" className="btn btn-primary" aria-disabled={saving === 'saving' ? 'true' : undefined}>
              {saving === 'saving' ? 'Saving…' : 'Add item'}
            </button>
            <button type="button" className="btn btn-ghost" onClick={closeForm}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}

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
