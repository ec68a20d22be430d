import type { GalleryWords } from './embedForm';
import { emptyReport, moved, reportErrors, suggestedTitle, type ReportDraft, type ReportErrors } from './galleryForm';

/** Which reports the pasted <dc-dashboard-gallery> shows: ours (fetched from us) or the partner's own, carried inline. */
export interface GalleryChoice {
  mode: 'ours' | 'own';
  reports: ReportDraft[];
}

export const initialGalleryChoice = (): GalleryChoice => ({ mode: 'ours', reports: [emptyReport(), emptyReport()] });

/**
 * The part of the /embed form for <dc-dashboard-gallery>: our reports, or the partner's own
 * Power BI reports pasted as "Publish to web" links or embed codes, each with a title, a category,
 * a description and a last-updated day, in the order given.
 */
export function GallerySetup({ choice, words, allowedHosts, onChange }: { choice: GalleryChoice; words: GalleryWords; allowedHosts: readonly string[]; onChange: (choice: GalleryChoice) => void }) {
  const setReports = (reports: ReportDraft[]) => onChange({ ...choice, reports });
  const setField = (index: number, field: keyof ReportDraft, value: string) =>
    setReports(
      choice.reports.map((report, i) => {
        if (i !== index) return report;
        const next = { ...report, [field]: value };
        // A pasted code with a titled iframe names the report, unless the marketer already did.
        if (field === 'embed' && report.title.trim() === '') next.title = suggestedTitle(value, allowedHosts);
        return next;
      }),
    );
  return (
    <div className="eb-gallery">
      <fieldset className="eb-group">
        <legend>Which reports it shows</legend>
        <div className="eb-stack">
          <label className="eb-radio">
            <input type="radio" name="eb-gallery-mode" checked={choice.mode === 'own'} onChange={() => onChange({ ...choice, mode: 'own' })} />
            <span>My Power BI reports (pasted below, carried in the snippet)</span>
          </label>
          <label className="eb-radio">
            <input type="radio" name="eb-gallery-mode" checked={choice.mode === 'ours'} onChange={() => onChange({ ...choice, mode: 'ours' })} />
            <span>DataClarity's sample reports (loaded from our site)</span>
          </label>
        </div>
      </fieldset>
      {choice.mode === 'own' ? (
        <>
          <h3 className="eb-subheading">Your reports, in tab order</h3>
          {choice.reports.map((report, index) => (
            <ReportFields
              key={index}
              index={index}
              count={choice.reports.length}
              report={report}
              words={words}
              allowedHosts={allowedHosts}
              onField={(field, value) => setField(index, field, value)}
              onMove={(by) => setReports(moved(choice.reports, index, by))}
              onRemove={() => setReports(choice.reports.filter((_, i) => i !== index))}
            />
          ))}
          <button type="button" className="eb-button" onClick={() => setReports([...choice.reports, emptyReport()])}>
            Add a report
          </button>
        </>
      ) : null}
    </div>
  );
}

function ReportFields({
  index,
  count,
  report,
  words: W,
  allowedHosts,
  onField,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  report: ReportDraft;
  words: GalleryWords;
  allowedHosts: readonly string[];
  onField: (field: keyof ReportDraft, value: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const errors = reportErrors(report, allowedHosts);
  const id = `eb-report-${index}`;
  const name = report.title.trim() || `report ${index + 1}`;
  const described = (field: keyof ReportErrors, hint: boolean) => [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (field: keyof ReportErrors) => (errors[field] ? <p id={`${id}-${field}-error`} className="eb-field-error">{errors[field]}</p> : null);
  return (
    <fieldset className="eb-group eb-vendor">
      <legend>{`Report ${index + 1}${report.title.trim() ? `: ${report.title.trim()}` : ''}`}</legend>
      <div className="eb-field">
        <label htmlFor={`${id}-embed`}>{W.embed}</label>
        <textarea
          id={`${id}-embed`}
          className="eb-input eb-textarea"
          rows={3}
          spellCheck={false}
          value={report.embed}
          aria-invalid={errors.embed ? 'true' : undefined}
          aria-describedby={described('embed', true)}
          onInput={(event) => onField('embed', (event.target as HTMLTextAreaElement).value)}
        />
        <p id={`${id}-embed-hint`} className="eb-hint">{W.embedHint}</p>
        {error('embed')}
      </div>
      <div className="eb-field">
        <label htmlFor={`${id}-title`}>{W.title}</label>
        <input id={`${id}-title`} className="eb-input" type="text" autoComplete="off" value={report.title} aria-invalid={errors.title ? 'true' : undefined} aria-describedby={described('title', false)} onInput={(event) => onField('title', (event.target as HTMLInputElement).value)} />
        {error('title')}
      </div>
      <div className="eb-field">
        <label htmlFor={`${id}-category`}>{W.category}</label>
        <input id={`${id}-category`} className="eb-input" type="text" autoComplete="off" value={report.category} aria-describedby={`${id}-category-hint`} onInput={(event) => onField('category', (event.target as HTMLInputElement).value)} />
        <p id={`${id}-category-hint`} className="eb-hint">{W.categoryHint}</p>
      </div>
      <div className="eb-field">
        <label htmlFor={`${id}-description`}>{W.description}</label>
        <textarea id={`${id}-description`} className="eb-input eb-description" rows={2} value={report.description} aria-describedby={`${id}-description-hint`} onInput={(event) => onField('description', (event.target as HTMLTextAreaElement).value)} />
        <p id={`${id}-description-hint`} className="eb-hint">{W.descriptionHint}</p>
      </div>
      <div className="eb-field">
        <label htmlFor={`${id}-lastUpdated`}>{W.lastUpdated}</label>
        <input
          id={`${id}-lastUpdated`}
          className="eb-input eb-date"
          type="date"
          value={report.lastUpdated}
          aria-describedby={`${id}-lastUpdated-hint`}
          onInput={(event) => onField('lastUpdated', (event.target as HTMLInputElement).value)}
        />
        <p id={`${id}-lastUpdated-hint`} className="eb-hint">{W.lastUpdatedHint}</p>
      </div>
      {Object.keys(errors).length > 0 ? <p className="eb-field-error">{W.leftOut}</p> : null}
      {/* Short words on the buttons; their names say which report (the visible word is part of each). */}
      <div className="eb-inline eb-row-actions">
        <button type="button" className="eb-button eb-button-quiet" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
          <span aria-hidden="true">↑ </span>Up
        </button>
        <button type="button" className="eb-button eb-button-quiet" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
          <span aria-hidden="true">↓ </span>Down
        </button>
        <button type="button" className="eb-button eb-button-quiet" aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}
