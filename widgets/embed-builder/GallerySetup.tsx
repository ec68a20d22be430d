import { EMBED_HINT, emptyReport, moved, reportErrors, suggestedTitle, type ReportDraft } from './galleryForm';

/** Which reports the pasted <dc-dashboard-gallery> shows: ours (fetched from us) or the partner's own, carried inline. */
export interface GalleryChoice {
  mode: 'ours' | 'own';
  reports: ReportDraft[];
}

export const initialGalleryChoice = (): GalleryChoice => ({ mode: 'ours', reports: [emptyReport(), emptyReport()] });

/**
 * The part of the /embed form for <dc-dashboard-gallery>: our reports, or the partner's own
 * Power BI reports pasted as embed codes, each with a title and a category, in the order given.
 */
export function GallerySetup({ choice, allowedHosts, onChange }: { choice: GalleryChoice; allowedHosts: readonly string[]; onChange: (choice: GalleryChoice) => void }) {
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
  allowedHosts,
  onField,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  report: ReportDraft;
  allowedHosts: readonly string[];
  onField: (field: keyof ReportDraft, value: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const errors = reportErrors(report, allowedHosts);
  const id = `eb-report-${index}`;
  const name = report.title.trim() || `report ${index + 1}`;
  const described = (field: 'embed' | 'title', hint: boolean) => [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="eb-group eb-vendor">
      <legend>{`Report ${index + 1}${report.title.trim() ? `: ${report.title.trim()}` : ''}`}</legend>
      <div className="eb-field">
        <label htmlFor={`${id}-embed`}>Power BI embed code</label>
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
        <p id={`${id}-embed-hint`} className="eb-hint">{EMBED_HINT}</p>
        {errors.embed ? <p id={`${id}-embed-error`} className="eb-field-error">{errors.embed}</p> : null}
      </div>
      <div className="eb-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} className="eb-input" type="text" autoComplete="off" value={report.title} aria-invalid={errors.title ? 'true' : undefined} aria-describedby={described('title', false)} onInput={(event) => onField('title', (event.target as HTMLInputElement).value)} />
        {errors.title ? <p id={`${id}-title-error`} className="eb-field-error">{errors.title}</p> : null}
      </div>
      <div className="eb-field">
        <label htmlFor={`${id}-category`}>Category</label>
        <input id={`${id}-category`} className="eb-input" type="text" autoComplete="off" value={report.category} aria-describedby={`${id}-category-hint`} onInput={(event) => onField('category', (event.target as HTMLInputElement).value)} />
        <p id={`${id}-category-hint`} className="eb-hint">Optional, for example: Finance.</p>
      </div>
      {Object.keys(errors).length > 0 ? <p className="eb-field-error">This report is left out of the snippet until then.</p> : null}
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
