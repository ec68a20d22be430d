import { useRef, useState, type FormEvent } from 'react';
import P from '../../site/_data/staffPress.json';
import {
  OUTLET_TYPES,
  PRESS_EXCERPT_MAX,
  PRESS_FIELDS,
  PRESS_SOURCE_MAX,
  PRESS_TITLE_MAX,
  PRESS_URL_MAX,
  validatePressForm,
  type PressField,
  type PressFormErrors,
} from '../../shared/pressItems';
import type { StoredPressItem } from '../../shared/pressItems';
import { Confirm, ErrorAlert, fill, Outcome, RowAction, ViewSection, when } from './parts';
import { staffApi } from './staffClient';
import type { Arrival, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

type Draft = Record<PressField, string>;
const EMPTY: Draft = { title: '', url: '', source: '', outlet_type: '', date: '', excerpt: '' };
const BASE = 'staff-press';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shownDate = (date: string) => (date ? day.format(new Date(`${date}T00:00:00Z`)) : P.undated);

/**
 * The console's Press view (issue 32): the press items staff stored, newest added first, each
 * with who added and last changed it; add one, edit one in the same form, remove one after a
 * question. The form checks with the press form's own rule (shared/pressItems.ts) before it sends,
 * and shows the API's refusal per field or above the form as the API words it. Loaded on demand
 * (./PressViewOnDemand): the console's first load stays as it was. Words: site/_data/staffPress.json.
 */
export function PressView({ onGate, arrival }: { onGate: OnGate; arrival: Arrival }) {
  const {
    data: items,
    error,
    setError,
    failed,
    load,
    headingRef,
  } = useConsoleLoad(onGate, arrival, () => staffApi.press().then((answer) => answer.items));
  const [notice, setNotice] = useState('');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<StoredPressItem | null>(null);
  const [errors, setErrors] = useState<PressFormErrors>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<StoredPressItem | null>(null);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);
  const fields = useRef<Partial<Record<PressField, HTMLElement | null>>>({});

  const clear = () => {
    setError('');
    setNotice('');
    setFormError('');
    setErrors({});
  };
  const showErrors = (found: PressFormErrors) => {
    setErrors(found);
    const first = PRESS_FIELDS.find((field) => found[field]);
    if (first) fields.current[first]?.focus();
  };
  const stopEditing = () => {
    setEditing(null);
    setDraft(EMPTY);
    setErrors({});
    setFormError('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    clear();
    const checked = validatePressForm(draft);
    if (!checked.ok) return showErrors(checked.errors);
    setSaving(true);
    const body = { ...checked.item } as Record<string, string>;
    (editing ? staffApi.editPress(editing.id, body) : staffApi.addPress(body))
      .then(
        (item) => {
          setNotice(fill(editing ? P.saved : P.added, { title: item.title }));
          stopEditing();
          void load();
        },
        (failure: unknown) => {
          const named: PressFormErrors = failure instanceof Error && 'errors' in failure ? (failure.errors as PressFormErrors) : {};
          if (Object.keys(named).length > 0) showErrors(named);
          else failed(failure, setFormError);
        },
      )
      .finally(() => setSaving(false));
  };

  const edit = (item: StoredPressItem) => {
    clear();
    setRemoving(null);
    setEditing(item);
    setDraft({
      title: item.title,
      url: item.url,
      source: item.source,
      outlet_type: item.outlet_type,
      date: item.date,
      excerpt: item.excerpt,
    });
    window.requestAnimationFrame(() => formHeadingRef.current?.focus());
  };

  const remove = (item: StoredPressItem) => {
    setRemoving(null);
    clear();
    if (editing?.id === item.id) stopEditing();
    staffApi.removePress(item.id).then(() => {
      setNotice(fill(P.removed, { title: item.title }));
      void load();
    }, failed);
  };

  const set = (field: PressField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const control = (field: PressField, hint = false) => ({
    id: `${BASE}-${field}`,
    ref: (element: HTMLElement | null) => {
      fields.current[field] = element;
    },
    className: 'staff-input',
    value: draft[field],
    'aria-invalid': errors[field] ? ('true' as const) : undefined,
    'aria-describedby':
      [hint ? `${BASE}-${field}-hint` : '', errors[field] ? `${BASE}-${field}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (field: PressField) =>
    errors[field] ? (
      <p id={`${BASE}-${field}-error`} className="staff-field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <ViewSection
      id={`${BASE}-heading`}
      heading={P.heading}
      headingRef={headingRef}
      actions={
        <a className="btn btn-secondary btn-sm" href="/press">
          {P.pageLink}
        </a>
      }
    >
      <p className="staff-lead-text">{P.lead}</p>
      <Outcome notice={notice} error={error} />

      <form className="staff-note staff-press-form" aria-labelledby={`${BASE}-form-title`} noValidate onSubmit={submit}>
        <h3 id={`${BASE}-form-title`} ref={formHeadingRef} tabIndex={-1}>
          {editing ? fill(P.editHeading, { title: editing.title }) : P.addHeading}
        </h3>
        <div className="staff-press-grid">
          <div className="staff-field">
            <label htmlFor={`${BASE}-title`}>{P.title}</label>
            <input {...control('title')} type="text" required maxLength={PRESS_TITLE_MAX} onInput={set('title')} />
            {fieldError('title')}
          </div>
          <div className="staff-field">
            <label htmlFor={`${BASE}-url`}>{P.url}</label>
            <input {...control('url', true)} type="url" inputMode="url" required maxLength={PRESS_URL_MAX} onInput={set('url')} />
            <p id={`${BASE}-url-hint`} className="staff-passkey-times">
              {P.urlHint}
            </p>
            {fieldError('url')}
          </div>
          <div className="staff-field">
            <label htmlFor={`${BASE}-source`}>{P.source}</label>
            <input {...control('source')} type="text" maxLength={PRESS_SOURCE_MAX} onInput={set('source')} />
            {fieldError('source')}
          </div>
          <div className="staff-field">
            <label htmlFor={`${BASE}-outlet_type`}>{P.outlet}</label>
            <select {...control('outlet_type')} onChange={set('outlet_type')}>
              <option value="">{P.outletDefault}</option>
              {OUTLET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
            {fieldError('outlet_type')}
          </div>
          <div className="staff-field">
            <label htmlFor={`${BASE}-date`}>{P.date}</label>
            <input {...control('date')} type="date" onInput={set('date')} />
            {fieldError('date')}
          </div>
          <div className="staff-field staff-press-wide">
            <label htmlFor={`${BASE}-excerpt`}>{P.excerpt}</label>
            <textarea {...control('excerpt')} rows={3} maxLength={PRESS_EXCERPT_MAX} onInput={set('excerpt')} />
            {fieldError('excerpt')}
          </div>
        </div>
        <ErrorAlert message={formError} />
        <div className="staff-actions">
          <button type="submit" className="btn btn-primary btn-sm" aria-disabled={saving ? 'true' : undefined}>
            {saving ? P.saving : editing ? P.save : P.add}
          </button>
          {editing ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={stopEditing}>
              {P.cancelEdit}
            </button>
          ) : null}
        </div>
      </form>

      {removing ? (
        <Confirm
          id={`${BASE}-confirm`}
          question={fill(P.removeConfirm, { title: removing.title })}
          yes={P.remove}
          no={P.cancel}
          danger
          onYes={() => remove(removing)}
          onNo={() => setRemoving(null)}
        />
      ) : null}
      {items === null ? (
        error ? null : (
          <p className="staff-count">{P.loading}</p>
        )
      ) : items.length === 0 ? (
        <p className="staff-count">{P.none}</p>
      ) : (
        <>
          <p className="staff-count">{items.length === 1 ? P.totalOne : fill(P.total, { total: items.length })}</p>
          <ul className="staff-passkeys" aria-label={P.listLabel}>
            {items.map((item) => (
              <li key={item.id} className="staff-passkey">
                <div>
                  <p className="staff-passkey-name">
                    <a href={item.url} target="_blank" rel="noopener noreferrer">
                      {item.title}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </p>
                  <p className="staff-passkey-times">{[item.source, item.outlet_type, shownDate(item.date)].filter(Boolean).join(' · ')}</p>
                  <p className="staff-passkey-times">
                    {fill(P.by, { createdBy: item.createdBy, createdAt: when(item.createdAt) })}
                    {item.updatedAt !== item.createdAt
                      ? `; ${fill(P.changedBy, { updatedBy: item.updatedBy, updatedAt: when(item.updatedAt) })}`
                      : ''}
                  </p>
                </div>
                <div className="staff-actions">
                  <RowAction label={P.edit} subject={item.title} onClick={() => edit(item)} />
                  <RowAction
                    label={P.remove}
                    subject={item.title}
                    onClick={() => {
                      clear();
                      setRemoving(item);
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ViewSection>
  );
}
