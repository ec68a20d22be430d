import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  OPTIONAL_CATEGORIES,
  POLICY_VERSION,
  categoryDefinitions,
  normalizeCategories,
  parseCategoriesConfig,
  parseConsentContent,
  parseCookieDomain,
  parseLanguage,
  parseLinkUrl,
  parsePolicyVersion,
  parseVendorsConfig,
  type CategoryDefinition,
  type ConfigResult,
  type ConsentCategories,
  type ConsentContent,
  type ConsentLanguage,
  type ConsentTexts,
  type OptionalCategory,
  type Vendor,
} from '../lib/consent';
import { hostOf, type ElementProps } from '../lib/defineElement';
import { createConsentManager, type ConsentManager } from './manager';

/** Attributes of <dc-consent> (all optional; see README.md). */
export interface ConsentProps extends ElementProps {
  lang?: string;
  policyVersion?: string;
  privacyUrl?: string;
  imprintUrl?: string;
  categories?: string;
  vendors?: string;
  cookieDomain?: string;
  src?: string;
}

const NONE = 0;
const BANNER = 1;
const DIALOG = 2;

/** The element that owns the page's consent; a second <dc-consent> stays empty. */
let owner: HTMLElement | null = null;

function logged<T>(result: ConfigResult<T>): T {
  result.warnings.forEach((warning) => console.warn(warning));
  return result.value;
}

/** Content from the inline `<script type="application/json">` child, or null to use the defaults. */
function inlineContent(host: HTMLElement): ConsentContent | null {
  const script = host.querySelector(':scope > script[type="application/json"]');
  if (!script) return null;
  try {
    return logged(parseConsentContent(JSON.parse(script.textContent ?? '')));
  } catch {
    console.warn('dc-consent: the inline consent content is not valid JSON; using the defaults.');
    return null;
  }
}

/** The focused element, looking into open shadow roots. */
function deepActive(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}

/**
 * <dc-consent>: the cookie banner, the preferences dialog and the page's consent
 * state (manager.ts). Renders nothing for a visitor who has chosen until the
 * dialog is opened again.
 */
export function Consent(props: ConsentProps) {
  const root = props.container as ShadowRoot;
  const host = hostOf(root) as HTMLElement;
  const [content, setContent] = useState(() => inlineContent(host));
  const [view, setView] = useState(NONE);
  const [lang, setLang] = useState<ConsentLanguage>(() => logged(parseLanguage(props.lang)));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [, rerender] = useState(0);
  const enabled = useRef<OptionalCategory[]>([...OPTIONAL_CATEGORIES]);
  const [manager] = useState<ConsentManager | null>(() => {
    if (owner && owner !== host && owner.isConnected) {
      console.warn('dc-consent: only one <dc-consent> element per page is used; this one stays empty.');
      return null;
    }
    owner = host;
    return createConsentManager({
      host,
      policyVersion: logged(parsePolicyVersion(props.policyVersion, content?.policyVersion ?? POLICY_VERSION)),
      cookieDomain: logged(parseCookieDomain(props.cookieDomain)),
      enabled: () => enabled.current,
      open: () => setView(DIALOG),
    });
  });

  useLayoutEffect(() => {
    if (!manager) return undefined;
    manager.start();
    const off = manager.onChange(() => {
      setView((current) => (current === BANNER ? NONE : current));
      rerender((n) => n + 1);
    });
    if (manager.needsPrompt()) setView(BANNER);
    return () => {
      off();
      manager.stop();
      if (owner === host) owner = null;
    };
  }, [manager, host]);

  useEffect(() => {
    if (!manager || content) return;
    // The site passes its content inline. A partner page loads it from the origin that
    // serves this script (or from `src`): the same file, site/_data/consent.json.
    const url = logged(parseLinkUrl(props.src, new URL('/data/consent.json', import.meta.url).href, 'src'));
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      })
      .then((value) => {
        const loaded = logged(parseConsentContent(value));
        if (!loaded) throw new Error('unusable content');
        setContent(loaded);
      })
      .catch((error) => console.error(`dc-consent: could not load the consent texts from ${url}`, error));
  }, [manager, content, props.src]);

  useEffect(() => {
    if (props.lang) setLang(logged(parseLanguage(props.lang)));
  }, [props.lang]);

  const definitions = useMemo(
    () => (content ? logged(parseCategoriesConfig(props.categories, categoryDefinitions(content))) : []),
    [content, props.categories],
  );
  const vendors = useMemo(
    () => (content ? logged(parseVendorsConfig(props.vendors, content.vendors)) : []),
    [content, props.vendors],
  );
  const links = useMemo(
    () =>
      content &&
      ([
        logged(parseLinkUrl(props.privacyUrl, content.privacyUrl, 'privacy-url')),
        logged(parseLinkUrl(props.imprintUrl, content.imprintUrl, 'imprint-url')),
      ] as const),
    [content, props.privacyUrl, props.imprintUrl],
  );
  if (content) enabled.current = definitions.filter((d) => !d.required).map((d) => d.id as OptionalCategory);

  if (!manager || !content || !links) return null;
  const t = content[lang];

  const choose = async (categories: Partial<ConsentCategories>) => {
    setBusy(true);
    try {
      await manager.save(categories);
      setView(NONE);
      setStatus((current) => (current === t.dialog.saved ? `${t.dialog.saved}\u00a0` : t.dialog.saved));
    } catch (error) {
      console.error('dc-consent: the choice could not be saved', error);
    } finally {
      setBusy(false);
    }
  };
  const acceptAll = { functional: true, analytics: true, marketing: true };

  return (
    <>
      {view === BANNER && (
        <section className="banner" aria-label={t.banner.label} lang={lang}>
          <h2>{t.banner.title}</h2>
          <p className="small">{t.banner.text}</p>
          <div className="choices">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void choose(acceptAll)}>
              {t.banner.acceptAll}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void choose({})}>
              {t.banner.rejectAll}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => setView(DIALOG)}>
              {t.banner.customize}
            </button>
          </div>
        </section>
      )}
      {view === DIALOG && (
        <Preferences
          root={root}
          t={t}
          lang={lang}
          setLang={setLang}
          definitions={definitions}
          vendors={vendors}
          initial={normalizeCategories(manager.getRecord()?.categories)}
          busy={busy}
          particles={content.particles}
          privacyUrl={links[0]}
          imprintUrl={links[1]}
          onSave={(categories) => void choose(categories)}
          onClose={() => setView(manager.needsPrompt() ? BANNER : NONE)}
        />
      )}
      <p className="sr-only" role="status">
        {status}
      </p>
    </>
  );
}

interface PreferencesProps {
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

/** The modal preferences dialog: a native <dialog> shown with showModal(), focus kept inside. */
function Preferences({ root, t, lang, setLang, definitions, vendors, initial, busy, particles, privacyUrl, imprintUrl, onSave, onClose }: PreferencesProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(initial);

  useLayoutEffect(() => {
    const dialog = ref.current as HTMLDialogElement;
    const doc = root.ownerDocument;
    const active = deepActive(doc);
    // Focus goes back to the trigger; not to the banner's own buttons (they are gone).
    const back = active && active !== doc.body && !root.contains(active) ? active : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      back?.focus();
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
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
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
