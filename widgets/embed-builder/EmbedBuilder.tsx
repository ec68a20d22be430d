import { useEffect, useMemo, useRef, useState } from 'react';
import { isHttpProtocol } from '../../shared/httpUrl';
import type { ElementProps } from '../lib/defineElement';
import { createCopyMarker } from '../lib/copyMarker';
import {
  blogFeedUrl,
  feedCategories,
  fieldError,
  previewDocument,
  snippetAttributes,
  withFeed,
  type EmbedConfig,
  type EmbedElement,
  type EmbedField,
  type PreviewTheme,
} from './embedForm';
import { cspLines, inlineJson, widgetSnippet, type SnippetAttribute } from '../lib/widgetSnippet';
import { inlineConsentContent, type PartnerConsent } from '../lib/consentForm';
import { ConsentSetup, initialConsentChoice, type ConsentChoice } from './ConsentSetup';
import { parseAllowedHosts } from '../../shared/embed';
import { galleryReports, inlineReports } from './galleryForm';
import { GallerySetup, initialGalleryChoice, type GalleryChoice } from './GallerySetup';

/** The configuration from the inline JSON child, or the reason it cannot be used. */
export function readConfig(host: Element | null): EmbedConfig | string {
  const script = host?.querySelector(':scope > script[type="application/json"]');
  if (!script) return 'The widget list is missing.';
  try {
    const config = JSON.parse(script.textContent ?? '') as EmbedConfig;
    if (!Array.isArray(config.elements) || config.elements.length === 0) return 'The widget list is empty.';
    return config;
  } catch {
    return 'The widget list could not be read.';
  }
}

/** The origin snippets name: this page's own when it is served over http(s), else the configured one. */
function snippetOrigin(config: EmbedConfig): string {
  const { protocol, origin } = globalThis.location ?? {};
  return protocol !== undefined && isHttpProtocol(protocol) ? origin : config.origin;
}

/** The README example's attributes as the form's starting values; `{origin}` is where the widgets come from. */
const initialValues = (element: EmbedElement, origin: string): Record<string, string> =>
  Object.fromEntries(element.example.map(([name, value]) => [name, value === true ? 'true' : value.replace('{origin}', origin)]));

/** Links that go into a partner's own consent content instead of the attributes. */
const CONSENT_LINKS = ['privacy-url', 'imprint-url'] as const;

/**
 * <dc-consent> describing the partner's own site: its content as the inline JSON child, with the
 * form's links (a bad or empty one: the starting value), which then leave the attributes.
 */
function ownConsent(consent: PartnerConsent, choice: ConsentChoice, fields: readonly EmbedField[], values: Record<string, string>, attributes: SnippetAttribute[]) {
  const link = (name: (typeof CONSENT_LINKS)[number], fallback: string) => {
    const field = fields.find((candidate) => candidate.name === name);
    const value = (values[name] ?? '').trim();
    return field && value !== '' && fieldError(field, value) === null ? value : fallback;
  };
  const content = inlineConsentContent(consent, {
    ...choice,
    privacyUrl: link('privacy-url', consent.privacyUrl),
    imprintUrl: link('imprint-url', consent.imprintUrl),
  });
  return {
    inline: inlineJson(content),
    attributes: attributes.filter(([name]) => !(CONSENT_LINKS as readonly string[]).includes(name)),
  };
}

/**
 * <dc-dashboard-gallery> showing the partner's own reports: the ready ones inline (no `src`),
 * and "shown first" picked from them.
 */
function ownGallery(choice: GalleryChoice, fields: readonly EmbedField[], values: Record<string, string>) {
  const hosts = parseAllowedHosts(values['allowed-hosts']).hosts;
  const items = galleryReports(choice.reports, hosts);
  const ownFields = fields
    .filter((field) => field.name !== 'src')
    .map((field) =>
      field.name === 'selected'
        ? { ...field, kind: 'select' as const, defaultValue: undefined, options: items.map((item) => item.id), optionLabels: Object.fromEntries(items.map((item) => [item.id, item.title])) }
        : field,
    );
  return { fields: ownFields, inline: inlineJson(inlineReports(items)), attributes: snippetAttributes(ownFields, values) };
}

/**
 * The categories of the blog feed at `url` among `offered`: null while it is read (once `url` has
 * stopped changing for 400 ms, as the preview is rebuilt), false when it cannot be read here.
 */
function useFeedCategories(url: string | null, offered: readonly string[]): string[] | null | false {
  const [read, setRead] = useState<{ url: string; categories: string[] | false }>();
  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    const done = (categories: string[] | false) => controller.signal.aborted || setRead({ url, categories });
    const timer = setTimeout(() => {
      fetch(url, { signal: controller.signal, credentials: 'omit' })
        .then((response) => (response.ok ? response.json() : null))
        .then((raw: unknown) => done(feedCategories(raw, offered) ?? false), () => done(false));
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, offered]);
  return read?.url === url ? read.categories : null;
}

const NO_OPTIONS: string[] = [];

const pageTheme = (): PreviewTheme => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

export function EmbedBuilder({ container }: ElementProps) {
  const host = container instanceof ShadowRoot ? container.host : null;
  const config = useMemo(() => readConfig(host), [host]);
  if (typeof config === 'string') {
    return <p className="eb-error" role="alert">{config} Reload the page to try again.</p>;
  }
  return <Builder config={config} />;
}

function Builder({ config }: { config: EmbedConfig }) {
  const [tag, setTag] = useState(config.elements[0]!.tag);
  const [valuesByTag, setValuesByTag] = useState<Record<string, Record<string, string>>>(() =>
    Object.fromEntries(config.elements.map((element) => [element.tag, initialValues(element, snippetOrigin(config))])),
  );
  const [theme, setTheme] = useState<PreviewTheme>(pageTheme);
  const [tokens, setTokens] = useState(true);
  const [copied, setCopied] = useState<string | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const consent = config.elements.find((candidate) => candidate.consent)?.consent;
  const [galleryChoice, setGalleryChoice] = useState<GalleryChoice>(initialGalleryChoice);
  const [consentChoice, setConsentChoice] = useState<ConsentChoice | null>(() => (consent ? initialConsentChoice(consent) : null));
  const marker = useMemo(() => createCopyMarker<string>(setCopied), []);
  useEffect(() => () => marker.clear(), [marker]);

  const element = config.elements.find((candidate) => candidate.tag === tag) ?? config.elements[0]!;
  const values = valuesByTag[element.tag] ?? {};
  const origin = snippetOrigin(config);
  // <dc-blog>'s starting category is picked from the categories of the feed the snippet reads.
  const feedField = element.fields.find((field) => field.fromFeed);
  const feed = useFeedCategories(feedField ? blogFeedUrl(element.fields, values, origin, document.baseURI) : null, feedField?.options ?? NO_OPTIONS);
  const elementFields = feedField ? element.fields.map((field) => (field.fromFeed ? withFeed(field, feed) : field)) : element.fields;
  const own = element.consent && consentChoice?.mode === 'own' ? ownConsent(element.consent, consentChoice, element.fields, values, snippetAttributes(element.fields, values)) : null;
  const isGallery = element.tag === 'dc-dashboard-gallery';
  const gallery = isGallery && galleryChoice.mode === 'own' ? ownGallery(galleryChoice, element.fields, values) : null;
  const fields = gallery?.fields ?? elementFields.filter((field) => !(own && field.name === 'src'));
  const attributes = gallery?.attributes ?? own?.attributes ?? snippetAttributes(elementFields, values);
  const inline = gallery?.inline ?? own?.inline;
  const snippet = widgetSnippet({ origin, tag: element.tag, file: element.file, attributes, tokens, inline });
  const csp = cspLines({ origin, tag: element.tag, attributes, tokens, inline }, origin);
  const preview = previewDocument({
    origin,
    tag: element.tag,
    file: element.file,
    attributes,
    tokens,
    inline,
    theme,
    consentMarker: element.tag === 'dc-dashboard-gallery',
  });

  const setValue = (name: string, value: string) =>
    setValuesByTag((current) => ({ ...current, [element.tag]: { ...current[element.tag], [name]: value } }));

  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyFailed(false);
      marker.mark(what);
    } catch (error) {
      console.error('Copy failed:', error);
      marker.clear();
      setCopyFailed(true);
    }
  };

  return (
    <div className="eb">
      <fieldset className="eb-picker">
        <legend>Widget</legend>
        <div className="eb-picker-list">
          {config.elements.map((candidate) => (
            <label key={candidate.tag} className="eb-choice" data-checked={candidate.tag === element.tag ? '' : undefined}>
              <input type="radio" name="eb-widget" value={candidate.tag} checked={candidate.tag === element.tag} onChange={() => setTag(candidate.tag)} />
              <span className="eb-choice-tag">&lt;{candidate.tag}&gt;</span>
              <span className="eb-choice-summary">{candidate.summary.replace(/`/g, '')}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="eb-columns">
        <form className="eb-form" aria-labelledby="eb-form-heading" onSubmit={(event) => event.preventDefault()}>
          <h2 id="eb-form-heading" className="eb-heading">Set it up</h2>
          <fieldset className="eb-group">
            <legend>Theme of the preview</legend>
            <div className="eb-inline">
              {(['light', 'dark'] as const).map((option) => (
                <label key={option} className="eb-radio">
                  <input type="radio" name="eb-theme" value={option} checked={theme === option} onChange={() => setTheme(option)} />
                  {option === 'light' ? 'Light' : 'Dark'}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="eb-check">
            <input type="checkbox" checked={tokens} onChange={(event) => setTokens((event.target).checked)} />
            <span>Use our colours (link <code>dc-tokens.css</code>, light and dark)</span>
          </label>
          {isGallery && element.gallery ? <GallerySetup choice={galleryChoice} words={element.gallery} allowedHosts={parseAllowedHosts(values['allowed-hosts']).hosts} onChange={setGalleryChoice} /> : null}
          {fields.map((field) => (
            <Field key={`${element.tag}-${field.name}`} tag={element.tag} field={field} value={values[field.name] ?? ''} onChange={(value) => setValue(field.name, value)} />
          ))}
          {element.consent && consentChoice ? <ConsentSetup consent={element.consent} choice={consentChoice} onChange={setConsentChoice} /> : null}
          <p className="eb-readme">
            Every attribute, event and style hook: <a href={element.readme}>Documentation of &lt;{element.tag}&gt;</a>
          </p>
        </form>

        <div className="eb-output">
          <section aria-labelledby="eb-preview-heading">
            <h2 id="eb-preview-heading" className="eb-heading">Live preview</h2>
            <Preview tag={element.tag} html={preview} theme={theme} />
          </section>
          <section aria-labelledby="eb-snippet-heading">
            <div className="eb-bar">
              <h2 id="eb-snippet-heading" className="eb-heading">Snippet</h2>
              <button type="button" className="eb-copy" onClick={() => void copy('snippet', snippet)} data-copied={copied === 'snippet' ? '' : undefined}>
                {copied === 'snippet' ? '✓ Copied!' : 'Copy snippet'}
              </button>
            </div>
            <pre className="eb-code" tabIndex={0} aria-label={`Snippet for ${element.tag}`}><code>{snippet}</code></pre>
            <p className="eb-note">
              Version {config.version}, pinned: the file never changes and your visitors' browsers check its <code>integrity</code> hash.
              The latest {config.version.split('.')[0]}.x instead: <code>{new URL(element.file.latest, origin).href}</code> (without <code>integrity</code>).
            </p>
          </section>
          <section aria-labelledby="eb-csp-heading">
            <div className="eb-bar">
              <h2 id="eb-csp-heading" className="eb-heading">Content-Security-Policy</h2>
              <button type="button" className="eb-copy" onClick={() => void copy('csp', csp.join(';\n'))} data-copied={copied === 'csp' ? '' : undefined}>
                {copied === 'csp' ? '✓ Copied!' : 'Copy CSP lines'}
              </button>
            </div>
            <p className="eb-note">If your page sends a Content-Security-Policy, add these sources to its directives:</p>
            <pre className="eb-code" tabIndex={0} aria-label={`CSP lines for ${element.tag}`}><code>{csp.join(';\n')}</code></pre>
          </section>
          <p className="eb-status" role="status">
            {copied === 'snippet' ? 'Snippet copied to the clipboard.' : copied === 'csp' ? 'CSP lines copied to the clipboard.' : ''}
          </p>
          {copyFailed ? (
            <p className="eb-error" role="alert">The clipboard is not available here: select the text and copy it by hand.</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Field({ tag, field, value, onChange }: { tag: string; field: EmbedField; value: string; onChange: (value: string) => void }) {
  const id = `eb-${tag}-${field.name}`;
  const error = fieldError(field, value.trim());
  const hint = field.description;
  // The attribute name sits small beside the label, outside it: the field's name is the plain label.
  const attribute = <code className="eb-attr">{field.name}</code>;
  if (field.kind === 'checkbox') {
    return (
      <div className="eb-field">
        <div className="eb-label-row">
          <label className="eb-check">
            <input id={id} type="checkbox" checked={value === 'true'} aria-describedby={`${id}-hint`} onChange={(event) => onChange((event.target).checked ? 'true' : '')} />
            <span>{field.label}</span>
          </label>
          {attribute}
        </div>
        <p id={`${id}-hint`} className="eb-hint">{hint}</p>
      </div>
    );
  }
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
  return (
    <div className="eb-field">
      <div className="eb-label-row">
        <label htmlFor={id}>{field.label}</label>
        {attribute}
      </div>
      {field.kind === 'select' ? (
        <select id={id} className="eb-input" value={value || field.defaultValue || ''} aria-describedby={describedBy} onChange={(event) => onChange((event.target).value)}>
          {field.defaultValue === undefined ? <option value="">(default)</option> : null}
          {field.options?.map((option) => (
            <option key={option} value={option}>{field.optionLabels?.[option] ?? option}{option === field.defaultValue ? ' (default)' : ''}</option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="eb-input"
          type="text"
          inputMode={field.kind === 'url' ? 'url' : undefined}
          spellCheck={false}
          autoComplete="off"
          value={value}
          placeholder={field.defaultValue ?? ''}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(event) => onChange((event.target as HTMLInputElement).value)}
        />
      )}
      <p id={`${id}-hint`} className="eb-hint">{hint}</p>
      {field.fromFeed ? <p className="eb-hint" role="status">{field.note}</p> : null}
      {error ? <p id={`${id}-error`} className="eb-field-error">{error} It is left out of the snippet until then.</p> : null}
    </div>
  );
}

/** The snippet in a blank same-origin page; the frame grows with its content. */
function Preview({ tag, html, theme }: { tag: string; html: string; theme: PreviewTheme }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(360);
  const [shown, setShown] = useState(html);
  // Typing rebuilds the page at most every 400 ms, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setShown(html), 400);
    return () => clearTimeout(timer);
  }, [html]);
  useEffect(() => {
    const node = frame.current;
    if (!node) return undefined;
    let observer: ResizeObserver | undefined;
    const measure = () => {
      const doc = node.contentDocument;
      if (!doc?.documentElement) return;
      // As tall as the widget, up to 720 px (a longer one scrolls inside the frame).
      setHeight(Math.min(720, Math.max(tag === 'dc-consent' ? 480 : 240, Math.ceil(doc.documentElement.scrollHeight))));
    };
    const onLoad = () => {
      observer?.disconnect();
      const doc = node.contentDocument;
      if (!doc?.body) return;
      // The preview sends nothing: this listener takes every contact form's values over (the form
      // shows its states as for a partner's own handler) and the note above the frame says so.
      doc.addEventListener('dc-submit', (event) => event.preventDefault());
      observer = new ResizeObserver(measure);
      observer.observe(doc.body);
      measure();
    };
    node.addEventListener('load', onLoad);
    return () => {
      node.removeEventListener('load', onLoad);
      observer?.disconnect();
    };
  }, [tag]);
  return (
    <>
      {tag === 'dc-contact-form' ? <p className="eb-preview-note">Preview: nothing is sent. Your page's form sends each request to DataClarity, or to your <code>action</code>.</p> : null}
      <div className="eb-stage" data-theme={theme}>
        {/* Busy while the page waits to be rebuilt from the latest change (assistive technology and tests wait for it). */}
        <iframe ref={frame} className="eb-frame" title={`Live preview of <${tag}>`} srcDoc={shown} aria-busy={shown !== html ? 'true' : undefined} style={{ height: `${height}px` }} />
      </div>
    </>
  );
}
