import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CategoryDefinition, ConsentLanguage, ConsentTexts, Vendor } from '../lib/consentConfig';
import type { ConsentCategories } from '../lib/consentRecord';
import { adoptStyles } from '../lib/styleSheet';
import css from './preferences.css';

/** The focused element, looking into open shadow roots. */
function deepActive(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}

export interface PreferencesProps {
  root: ShadowRoot;
  t: ConsentTexts;
  lang: ConsentLanguage;
  setLang: (lang: ConsentLanguage) => void;
  definitions: CategoryDefinition[];
  vendors: Vendor[];
  initial: ConsentCategories;
  busy: boolean;
  particles: number;
  privacyUrl: string;
  imprintUrl: string;
  onSave: (categories: ConsentCategories) => void;
  onClose: () => void;
}

/**
 * The modal preferences dialog of <dc-consent>: a native <dialog> shown with showModal(),
 * focus kept inside. Loaded on first use (Consent.tsx), with its styles.
 */
export function Preferences({ root, t, lang, setLang, definitions, vendors, initial, busy, particles, privacyUrl, imprintUrl, onSave, onClose }: PreferencesProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(initial);

  useLayoutEffect(() => {
    adoptStyles(root, [css]);
    const dialog = ref.current as HTMLDialogElement;
    const doc = root.ownerDocument;
    const active = deepActive(doc);
    // Focus goes back to the trigger; not to the banner's own buttons (they are gone).
    const back = active && active !== doc.body && !root.contains(active) ? active : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (back) back.focus();
      // Opened from the banner, whose buttons were gone meanwhile: back to its Customize once the
      // banner is there again (closed without a choice), not to <body> (issue 36).
      else queueMicrotask(() => root.querySelector<HTMLElement>('.banner button:last-child')?.focus());
    };
  }, [root]);

  /** Tab and Shift+Tab wrap around inside the dialog. */
  const trapTab = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(
      (ref.current as HTMLDialogElement).querySelectorAll<HTMLElement>('button,a[href],input,summary'),
    ).filter((el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = root.activeElement;
    const outside = !focusable.includes(active as HTMLElement);
    if (event.shiftKey ? active === first || outside : active === last || outside) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  };

  const languages: ConsentLanguage[] = ['en', 'de'];
  return (
    <dialog
      ref={ref}
      aria-labelledby="dcc-title"
      lang={lang}
      onKeyDown={trapTab}
      onCancel={(event) => busy && event.preventDefault()}
      onClose={onClose}
    >
      <div className="fx" aria-hidden="true">
        {Array.from({ length: particles }, (_, i) => (
          <i
            key={i}
            style={{
              left: `${(i * 37 + 7) % 100}%`,
              top: `${(i * 53 + 11) % 100}%`,
              animationDelay: `${-i * 1.7}s`,
              animationDuration: `${14 + (i % 5) * 3}s`,
            }}
          />
        ))}
      </div>
      <div className="panel">
        <div className="head">
          <h2 id="dcc-title">
            {t.dialog.title}
          </h2>
          <div className="langs" role="group" aria-label={t.language.label}>
            {languages.map((code) => (
              <button key={code} type="button" lang={code} aria-pressed={lang === code} onClick={() => setLang(code)}>
                {t.language[code]}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="x"
            aria-label={t.dialog.closeLabel}
            title={t.dialog.close}
            disabled={busy}
            onClick={() => ref.current?.close()}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <div className="body">
          <p>{t.dialog.intro}</p>
          <p className="small">{t.dialog.legalBasis}</p>
          <h3>{t.dialog.categoriesHeading}</h3>
          <ul className="cats">
            {definitions.map(({ id, name, description, required }) => {
              const own = vendors.filter((vendor) => vendor.category === id);
              const key = `dcc-${id}`;
              return (
                <li key={id} className="cat">
                  <div className="row">
                    <label htmlFor={key}>{name[lang]}</label>
                    {required && <span className="badge">{t.dialog.alwaysOn}</span>}
                    <input
                      id={key}
                      type="checkbox"
                      role="switch"
                      className="switch"
                      checked={required || draft[id]}
                      disabled={required || busy}
                      aria-describedby={`${key}-d`}
                      onChange={(event) => setDraft({ ...draft, [id]: event.currentTarget.checked })}
                    />
                  </div>
                  <p id={`${key}-d`} className="small">
                    {description[lang]}
                  </p>
                  {own.length === 0 ? (
                    <p className="small">{t.vendorList.empty}</p>
                  ) : (
                    <details>
                      <summary>
                        {t.vendorList.heading} ({own.length})
                      </summary>
                      <ul>
                        {own.map((vendor) => (
                          <li key={vendor.id}>
                            <strong>{vendor.name}</strong>
                            <dl>
                              <dt>{t.vendorList.purpose}</dt>
                              <dd>{vendor.purpose[lang]}</dd>
                              {vendor.cookies && (
                                <>
                                  <dt>{t.vendorList.cookies ?? 'Cookies'}</dt>
                                  <dd>{vendor.cookies[lang]}</dd>
                                </>
                              )}
                              <dt>{t.vendorList.retention}</dt>
                              <dd>{vendor.retention[lang]}</dd>
                              <dt>{t.vendorList.privacy}</dt>
                              <dd>
                                <a href={vendor.privacyUrl} target="_blank" rel="noopener noreferrer" aria-label={`${t.vendorList.privacyLinkText}: ${vendor.name}`}>
                                  {t.vendorList.privacyLinkText}
                                </a>
                              </dd>
                            </dl>
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
        <div className="foot">
          <p className="links">
            <a href={privacyUrl}>{t.dialog.privacyLink}</a>
            <a href={imprintUrl}>{t.dialog.imprintLink}</a>
          </p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onSave(draft)}>
            {busy ? t.dialog.saving : t.dialog.save}
          </button>
        </div>
      </div>
    </dialog>
  );
}
