import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import builtInBanner from 'virtual:dc-consent-banner';
import {
  categoryDefinitions,
  parseCategoriesConfig,
  parseConsentContent,
  parseCookieDomain,
  parseLanguage,
  parseLinkUrl,
  parsePolicyVersion,
  parseVendorsConfig,
  type ConfigResult,
  type ConsentContent,
  type ConsentLanguage,
} from '../lib/consentConfig';
import { POLICY_VERSION } from '../lib/consentCookie';
import {
  OPTIONAL_CATEGORIES,
  normalizeCategories,
  type ConsentCategories,
  type OptionalCategory,
} from '../lib/consentRecord';
import { hostOf, type ElementProps } from '../lib/defineElement';
import { createConsentManager, type ConsentManager } from './manager';
import type { Preferences as PreferencesDialog } from './Preferences';
import type { DcConsentAttributes } from './attributes';

/** The attributes of <dc-consent> (attributes.ts, written from api.json) and r2wc's container. */
export type ConsentProps = ElementProps & DcConsentAttributes;

const NONE = 0;
const BANNER = 1;
const DIALOG = 2;

/**
 * While the banner shows, the part of the viewport it covers (from its top edge to the bottom, in
 * px) is published on the page's root element as this custom property, so the page can keep
 * focused elements out from under it (`scroll-padding-bottom`) and let its end scroll clear of it
 * (issue 36, WCAG 2.4.11). Removed when the banner goes.
 */
export const BANNER_INSET_PROPERTY = '--dc-consent-banner-inset';

/** The element that owns the page's consent; a second <dc-consent> stays empty. */
let owner: HTMLElement | null = null;

let preferences: Promise<typeof PreferencesDialog> | null = null;

/**
 * The preferences dialog, loaded on first use: a visitor who has chosen does not need it
 * to apply the choice, and most who see the banner answer it with one of its buttons. It is
 * fetched when the visitor reaches for Customize (pointer over it, focus on it) or opens the
 * dialog, so a first visit loads no code it may not use. A failed load is forgotten, so the
 * next attempt fetches it again.
 */
function loadPreferences(): Promise<typeof PreferencesDialog> {
  preferences ??= import('./Preferences').then(
    (module) => module.Preferences,
    (error: unknown) => {
      preferences = null;
      throw error;
    },
  );
  return preferences;
}

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
  const [Preferences, setPreferences] = useState<typeof PreferencesDialog | null>(null);
  // The visitor reached for Customize: the dialog's texts are fetched with its code.
  const [reaching, setReaching] = useState(false);
  const enabled = useRef<OptionalCategory[]>([...OPTIONAL_CATEGORIES]);
  const bannerRef = useRef<HTMLElement>(null);
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

  // With the default texts (no `src`, no inline copy) the banner's English texts are built in, so
  // a first visit's banner paints with the page; a `categories` attribute needs the whole content
  // first (it decides what Accept All grants), as do other texts (`src`) and German.
  const banner = content || props.src || props.categories || builtInBanner.lang !== lang ? null : builtInBanner;
  // The whole texts are needed for the dialog (fetched when the visitor reaches for it), for a
  // `categories` attribute, and for a banner without built-in texts; a returning visitor's pages
  // need none of them until the settings are opened.
  const needsContent = view === DIALOG || reaching || Boolean(props.categories) || (view === BANNER && !banner);
  useEffect(() => {
    if (!manager || content || !needsContent) return;
    // Loaded from the origin that serves this script (or from `src`): site/_data/consent.json,
    // on the site and on a partner's page alike, unless the page passes it inline.
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
      .catch((error: unknown) => {
        console.error(`dc-consent: could not load the consent texts from ${url}`, error);
        // The dialog cannot open: back to where the visitor was; the next attempt fetches again.
        setReaching(false);
        setView((current) => (current === DIALOG ? (manager.needsPrompt() ? BANNER : NONE) : current));
      });
  }, [manager, content, needsContent, props.src]);

  useEffect(() => {
    if (view !== DIALOG || Preferences) return undefined;
    let live = true;
    loadPreferences().then(
      (component) => live && setPreferences(() => component),
      (error: unknown) => {
        console.error('dc-consent: the preferences dialog could not be loaded', error);
        if (live && view === DIALOG) setView(manager?.needsPrompt() ? BANNER : NONE);
      },
    );
    return () => {
      live = false;
    };
  }, [view, Preferences, manager]);

  useEffect(() => {
    if (props.lang) setLang(logged(parseLanguage(props.lang)));
  }, [props.lang]);

  // The attribute wins over a partner's inline list (3.1.0); neither: all four.
  const definitions = useMemo(
    () => (content ? logged(parseCategoriesConfig(props.categories || content.categories, categoryDefinitions(content))) : []),
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

  // The banner shows when view is BANNER, and while Customize waits for the dialog's code and texts
  // (its buttons still work).
  const bannerVisible = view === BANNER || (view === DIALOG && !(Preferences && content && links) && Boolean(manager?.needsPrompt()));
  useLayoutEffect(() => {
    const section = bannerRef.current;
    if (!bannerVisible || !section) return undefined;
    const root = section.ownerDocument.documentElement;
    // Anchored to the bottom edge: its size changes what it covers, the window's height does not.
    // (Measured as it rises in, it reads up to 1em short: the site's scroll padding adds 1rem.)
    const observer = new ResizeObserver(() =>
      root.style.setProperty(BANNER_INSET_PROPERTY, `${root.clientHeight - section.getBoundingClientRect().top}px`),
    );
    observer.observe(section);
    return () => observer.disconnect();
    // (content: a banner without built-in texts renders once they have loaded)
  }, [bannerVisible, content]);
  // Removed only when the banner goes: a new observer (the texts arrived as the visitor reached for
  // Customize) keeps the value it had until it measures, so a field focused meanwhile is still
  // scrolled clear of the banner.
  useLayoutEffect(() => {
    const root = bannerRef.current?.ownerDocument.documentElement;
    if (!bannerVisible || !root) return undefined;
    return () => {
      root.style.removeProperty(BANNER_INSET_PROPERTY);
    };
  }, [bannerVisible]);

  if (!manager) return null;
  const t = content?.[lang];
  const bannerTexts = t?.banner ?? banner?.banner;
  const saved = t?.dialog.saved ?? banner?.saved;
  if (!bannerTexts || !saved) return null;

  const choose = async (categories: Partial<ConsentCategories>) => {
    setBusy(true);
    try {
      await manager.save(categories);
      setView(NONE);
      setStatus((current) => (current === saved ? `${saved}\u00a0` : saved));
    } catch (error) {
      console.error('dc-consent: the choice could not be saved', error);
    } finally {
      setBusy(false);
    }
  };
  const acceptAll = { functional: true, analytics: true, marketing: true };
  /** Starts fetching the dialog's code and texts before the click; a failure is reported by the click. */
  const prefetch = () => {
    setReaching(true);
    void loadPreferences().catch(() => undefined);
  };
  return (
    <>
      {bannerVisible && (
        <section ref={bannerRef} className="banner" aria-label={bannerTexts.label} lang={lang}>
          <h2>{bannerTexts.title}</h2>
          <p className="small">{bannerTexts.text}</p>
          <div className="choices">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void choose(acceptAll)}>
              {bannerTexts.acceptAll}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void choose({})}>
              {bannerTexts.rejectAll}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              aria-busy={view === DIALOG || undefined}
              onPointerEnter={prefetch}
              onFocus={prefetch}
              onClick={() => setView(DIALOG)}
            >
              {bannerTexts.customize}
            </button>
          </div>
        </section>
      )}
      {view === DIALOG && Preferences && content && links && (
        <Preferences
          root={root}
          t={content[lang]}
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

