import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  ASPECT_LABELS,
  ASPECT_OPTIONS,
  aspectRatioCss,
  readAspect,
  writeAspect,
  type AspectOption,
} from '../lib/aspectRatio';
import { consentAllows, consentManaged, grantConsent, onConsentChange, openConsentDialog } from '../lib/consentClient';
import { createCopyMarker } from '../lib/copyMarker';
import { emit, hostOf, type ElementProps } from '../lib/defineElement';
import { EMBED_MESSAGES, parseAllowedHosts, parseEmbed, type EmbedResult } from '../lib/embed';
import { formatShortDate, parseDate } from '../lib/format';
import { tabKeyTarget } from '../lib/tabKeys';
import {
  DASHBOARD_LOAD_TIMEOUT_MS,
  initialIndex,
  parseReports,
  type ReportItem,
} from '../lib/reports';

export interface DashboardGalleryProps extends ElementProps {
  /** URL of a reports JSON document; used when the element has no inline JSON child. */
  src?: string;
  /** Comma/space-separated Power BI hosts that may be embedded (narrows the default list). */
  allowedHosts?: string;
  /** Id of the report selected first (default: the first report). */
  selected?: string;
  /** Accessible name of the tab list. */
  label?: string;
  /** Heading level (1-6) of the report title above the frame; default 3. */
  headingLevel?: string;
}

/** Event names (all bubble and are composed; see README). */
export const GALLERY_EVENTS = {
  reportChange: 'dc-report-change',
  reportLoad: 'dc-report-load',
  reportError: 'dc-report-error',
  aspectChange: 'dc-aspect-change',
  linkCopy: 'dc-link-copy',
} as const;

type DataState =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: boolean }
  | { status: 'ready'; reports: ReportItem[] };

type FrameState = 'loading' | 'loaded' | 'failed';

let instances = 0;

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function inlineJson(host: HTMLElement | null): string | null {
  const script = host?.querySelector(':scope > script[type="application/json"]');
  return script ? (script.textContent ?? '') : null;
}

function readyFrom(json: unknown): DataState {
  const result = parseReports(json);
  result.warnings.forEach((warning) => console.warn(warning));
  if (!result.ok) {
    console.warn(result.error);
    return { status: 'error', message: 'The report list could not be read.', retry: false };
  }
  return { status: 'ready', reports: result.reports };
}

function Icon({ name }: { name: 'alert' | 'external' | 'link' | 'check' | 'shield' | 'refresh' }) {
  const paths: Record<typeof name, string> = {
    alert: 'M12 9v4m0 4h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
    external: 'M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
    link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
    check: 'm5 12.5 4.5 4.5L19 7.5',
    shield: 'M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Zm-3 9 2 2 4-4',
    refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6',
  };
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}

/** A report-shaped skeleton behind the loading message. */
function Skeleton() {
  return (
    <div className="skeleton" aria-hidden="true">
      <div className="sk-bar" />
      <div className="sk-kpis">
        <div />
        <div />
        <div />
        <div />
      </div>
      <div className="sk-charts">
        <div className="sk-chart">
          {[48, 62, 55, 70, 66, 82, 74, 90].map((height, index) => (
            <span key={index} className={`sk-col h${height}`} />
          ))}
        </div>
        <div className="sk-side" />
      </div>
    </div>
  );
}

/**
 * <dc-dashboard-gallery>: tabs of Power BI reports (SPEC 2.6). Each report's embed snippet is
 * validated (parseEmbed) and never inserted; the element builds its own iframe from the
 * validated URL once functional consent allows third-party frames. See README.md.
 *
 * @element dc-dashboard-gallery
 * @attr src - URL of a reports JSON document (when there is no inline JSON child)
 * @attr allowed-hosts - Power BI hosts that may be embedded (narrows the default list)
 * @attr selected - id of the report selected initially
 * @attr label - accessible name of the tab list (default 'Reports')
 * @attr heading-level - level of the report title heading (default 3)
 * @event dc-report-change - {id, title, index}: the visitor selected another report
 * @event dc-report-load - {id}: the selected report's frame loaded
 * @event dc-report-error - {id, reason: 'invalid' | 'timeout', message}
 * @event dc-aspect-change - {aspect}: the visitor chose an aspect ratio
 * @event dc-link-copy - {id, url, copied}: 'Copy link' was used
 * @cssproperty --dc-gallery-stage-bg - background of the frame area
 * @cssproperty --dc-gallery-max-height - maximum frame height (default 80vh)
 */
/** One empty list while nothing is loaded, so hooks that depend on the list do not rerun on every render. */
const NO_REPORTS: ReportItem[] = [];

export function DashboardGallery({
  container,
  src,
  allowedHosts,
  selected,
  label = 'Reports',
  headingLevel,
}: DashboardGalleryProps) {
  const host = hostOf(container);
  const uid = useMemo(() => `dcg${(instances += 1)}`, []);
  const hosts = useMemo(() => parseAllowedHosts(allowedHosts), [allowedHosts]);
  useEffect(() => hosts.warnings.forEach((warning) => console.warn(warning)), [hosts]);

  // ---- data: inline JSON child first, else src -------------------------------------------
  const [data, setData] = useState<DataState>(() => {
    const inline = inlineJson(host);
    return inline !== null ? readyFrom(inline) : { status: 'loading' };
  });
  const [fetchAttempt, setFetchAttempt] = useState(0);
  useEffect(() => {
    if (inlineJson(host) !== null) return undefined;
    if (!src) {
      // The JSON child may arrive after the element upgraded (streamed or scripted markup).
      const observer = new MutationObserver(() => {
        const inline = inlineJson(host);
        if (inline !== null) {
          observer.disconnect();
          setData(readyFrom(inline));
        }
      });
      if (host) observer.observe(host, { childList: true });
      const timer = setTimeout(() => {
        if (inlineJson(host) === null) {
          console.warn('dc-dashboard-gallery: no reports; add a src attribute or a <script type="application/json"> child.');
          setData({ status: 'ready', reports: [] });
        }
      }, 0);
      return () => {
        observer.disconnect();
        clearTimeout(timer);
      };
    }
    const controller = new AbortController();
    setData({ status: 'loading' });
    fetch(src, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then(
        (json) => setData(readyFrom(json)),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn(`dc-dashboard-gallery: could not load ${src}: ${(error as Error).message}`);
          setData({ status: 'error', message: 'The reports could not be loaded.', retry: true });
        },
      );
    return () => controller.abort();
  }, [host, src, fetchAttempt]);

  const reports = data.status === 'ready' ? data.reports : NO_REPORTS;

  // ---- selection ---------------------------------------------------------------------------
  const [index, setIndex] = useState(0);
  const initialised = useRef(false);
  useEffect(() => {
    if (data.status !== 'ready' || initialised.current) return;
    initialised.current = true;
    setIndex(initialIndex(reports, selected));
  }, [data.status, reports, selected]);
  const safeIndex = Math.min(index, Math.max(reports.length - 1, 0));
  const report = reports[safeIndex];
  const embed: EmbedResult | null = useMemo(
    () => (report ? parseEmbed(report.iframeHtml, hosts.hosts) : null),
    [report, hosts],
  );
  useEffect(() => {
    if (report && embed && !embed.ok) {
      console.warn(`dc-dashboard-gallery: report "${report.id}": ${EMBED_MESSAGES.invalid}: ${embed.reason}`);
      if (host) emit(host, GALLERY_EVENTS.reportError, { id: report.id, reason: 'invalid', message: embed.reason });
    }
  }, [report, embed, host]);

  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (next: number) => {
    if (next === safeIndex || !reports[next]) return;
    setIndex(next);
    const item = reports[next];
    if (host) emit(host, GALLERY_EVENTS.reportChange, { id: item.id, title: item.title, index: next });
  };
  const onTabKey = (event: ReactKeyboardEvent<HTMLButtonElement>, current: number) => {
    const target = tabKeyTarget(event.key, current, reports.length, 'horizontal');
    if (target === null) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
    tabRefs.current[target]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  // ---- consent -----------------------------------------------------------------------------
  const [allowed, setAllowed] = useState(() => consentAllows('functional'));
  // Follows every saved choice: a withdrawn consent unloads the frames again.
  useEffect(() => onConsentChange(() => setAllowed(consentAllows('functional'))), []);
  const allowFrames = () => {
    grantConsent(['functional']);
    setAllowed(true);
  };

  // ---- frame state: loading -> loaded | failed ---------------------------------------------
  const [attempt, setAttempt] = useState(0);
  const frameKey = report ? `${report.id}:${attempt}` : '';
  // The state belongs to one frame: a new report (or a retry) starts at 'loading' in the same render.
  const [frameState, setFrameState] = useState<{ key: string; state: FrameState }>({ key: frameKey, state: 'loading' });
  const frame: FrameState = frameState.key === frameKey ? frameState.state : 'loading';
  const setFrame = (state: FrameState) => setFrameState({ key: frameKey, state });
  const [visible, setVisible] = useState(false);
  const stageRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || typeof IntersectionObserver !== 'function') {
      setVisible(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(stage);
    return () => observer.disconnect();
  }, [data.status]);

  const framing = Boolean(report && embed?.ok && allowed);
  useEffect(() => {
    // The timeout runs only while the frame is on screen: a lazy frame below the fold has not started yet.
    if (!framing || !visible || frame !== 'loading' || !report) return undefined;
    const timer = setTimeout(() => {
      setFrameState({ key: frameKey, state: 'failed' });
      console.warn(`dc-dashboard-gallery: report "${report.id}" did not load within ${DASHBOARD_LOAD_TIMEOUT_MS / 1000} s.`);
      if (host) emit(host, GALLERY_EVENTS.reportError, { id: report.id, reason: 'timeout', message: EMBED_MESSAGES.loadFailed });
    }, DASHBOARD_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [framing, visible, frame, frameKey, report, host]);

  const onFrameLoad = () => {
    if (frame !== 'loading' || !report) return;
    setFrame('loaded');
    if (host) emit(host, GALLERY_EVENTS.reportLoad, { id: report.id });
  };

  // ---- aspect ratio (sessionStorage) ------------------------------------------------------
  const [aspect, setAspect] = useState<AspectOption>(() => readAspect(sessionStorageOrNull()));
  const chooseAspect = (next: AspectOption) => {
    setAspect(next);
    writeAspect(sessionStorageOrNull(), next);
    if (host) emit(host, GALLERY_EVENTS.aspectChange, { aspect: next });
  };
  const natural = embed?.ok ? { width: embed.width, height: embed.height } : undefined;
  const stageStyle = { aspectRatio: aspectRatioCss(aspect, natural) };

  // ---- copy link (2 s confirmation) ---------------------------------------------------------
  const [copied, setCopied] = useState<string | null>(null);
  const marker = useMemo(() => createCopyMarker<string>(setCopied), []);
  useEffect(() => () => marker.clear(), [marker]);
  const copyLink = useCallback(async () => {
    if (!report || !embed?.ok) return;
    const url = embed.src;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard API not available');
      await navigator.clipboard.writeText(url);
      marker.mark(report.id);
      if (host) emit(host, GALLERY_EVENTS.linkCopy, { id: report.id, url, copied: true });
    } catch (error) {
      // SPEC 8: a clipboard failure is logged only.
      console.warn(`dc-dashboard-gallery: could not copy the link: ${(error as Error).message}`);
      if (host) emit(host, GALLERY_EVENTS.linkCopy, { id: report.id, url, copied: false });
    }
  }, [report, embed, marker, host]);

  // ---- render ---------------------------------------------------------------------------
  if (data.status === 'loading') {
    return (
      <div className="gallery">
        <p className="status-line" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading reports…
        </p>
      </div>
    );
  }
  if (data.status === 'error') {
    return (
      <div className="gallery">
        <div className="notice" role="alert">
          <Icon name="alert" />
          <p>{data.message}</p>
          {data.retry && (
            <button type="button" className="btn btn-secondary" onClick={() => setFetchAttempt((n) => n + 1)}>
              Retry
            </button>
          )}
        </div>
      </div>
    );
  }
  if (!report) {
    return (
      <div className="gallery">
        <p className="status-line">No reports to show.</p>
      </div>
    );
  }

  const level = Math.min(Math.max(Number.parseInt(headingLevel ?? '', 10) || 3, 1), 6);
  const tabId = (i: number) => `${uid}-tab-${i}`;
  const panelId = `${uid}-panel`;
  const date = parseDate(report.lastUpdated);
  const isCopied = copied === report.id;
  const reportUrl = embed?.ok ? embed.src : null;
  const frameTitle = embed?.ok ? (embed.title ?? report.title) : report.title;

  return (
    <div className="gallery">
      <div className="tabs-wrap">
        <div className="tabs" role="tablist" aria-label={label}>
          {reports.map((item, i) => (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={tabId(i)}
              className="tab"
              aria-selected={i === safeIndex ? 'true' : 'false'}
              aria-controls={panelId}
              tabIndex={i === safeIndex ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={(event) => onTabKey(event, i)}
            >
              {item.title}
            </button>
          ))}
        </div>
      </div>

      <div className="panel" role="tabpanel" id={panelId} aria-labelledby={tabId(safeIndex)}>
        <div className="panel-head">
          <div className="report-info">
            {report.category && <span className="badge">{report.category}</span>}
            <div className="report-title" role="heading" aria-level={level}>
              {report.title}
            </div>
            {report.description && <p className="report-text">{report.description}</p>}
          </div>
          <div className="controls">
            <div className="segmented" role="radiogroup" aria-label="Aspect ratio">
              {ASPECT_OPTIONS.map((option) => (
                <label key={option} className="segment">
                  <input
                    type="radio"
                    name={`${uid}-aspect`}
                    value={option}
                    checked={aspect === option}
                    onChange={() => chooseAspect(option)}
                  />
                  <span>{ASPECT_LABELS[option]}</span>
                </label>
              ))}
            </div>
            {reportUrl && (
              <div className="actions">
                <button type="button" className={`btn btn-secondary btn-sm${isCopied ? ' is-copied' : ''}`} onClick={() => void copyLink()}>
                  <Icon name={isCopied ? 'check' : 'link'} />
                  {isCopied ? 'Link copied' : EMBED_MESSAGES.copyLink}
                </button>
                <a className="btn btn-secondary btn-sm" href={reportUrl} target="_blank" rel="noopener noreferrer">
                  <Icon name="external" />
                  {EMBED_MESSAGES.openInNewTab}
                </a>
              </div>
            )}
            <span className="sr-only" role="status">
              {isCopied ? 'Link copied to the clipboard' : ''}
            </span>
          </div>
        </div>

        <div className="stage" ref={stageRef} style={stageStyle} data-state={!embed?.ok ? 'invalid' : !allowed ? 'consent' : frame}>
          {!embed?.ok ? (
            <div className="overlay overlay-error">
              <Icon name="alert" />
              <p className="overlay-title">{EMBED_MESSAGES.invalid}</p>
              <p className="overlay-text">{EMBED_MESSAGES.unparseable}</p>
            </div>
          ) : !allowed ? (
            <div className="overlay overlay-consent">
              <Icon name="shield" />
              <p className="overlay-title">This report is hosted by Microsoft Power BI</p>
              <p className="overlay-text">
                Loading it connects your browser to Microsoft, which may set cookies. Allow functional content to view
                the interactive reports.
              </p>
              <div className="overlay-actions">
                <button type="button" className="btn btn-primary" onClick={allowFrames}>
                  Allow and load reports
                </button>
                {consentManaged() && (
                  <button type="button" className="btn btn-ghost" onClick={() => openConsentDialog()}>
                    Cookie settings
                  </button>
                )}
              </div>
            </div>
          ) : frame === 'failed' ? (
            <div className="overlay overlay-error" role="alert">
              <Icon name="alert" />
              <p className="overlay-title">{EMBED_MESSAGES.loadFailed}</p>
              <p className="overlay-text">Power BI did not respond. Your network may block it, or the service is busy.</p>
              <div className="overlay-actions">
                <a className="btn btn-primary" href={embed.src} target="_blank" rel="noopener noreferrer">
                  <Icon name="external" />
                  {EMBED_MESSAGES.openInNewTab}
                </a>
                <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
                  <Icon name="refresh" />
                  Try again
                </button>
              </div>
            </div>
          ) : (
            <>
              <iframe
                key={frameKey}
                className={frame === 'loaded' ? 'frame is-loaded' : 'frame'}
                src={embed.src}
                title={frameTitle}
                loading="lazy"
                referrerPolicy="strict-origin-when-cross-origin"
                allowFullScreen
                sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-downloads"
                onLoad={onFrameLoad}
              />
              {frame === 'loading' && (
                <div className="overlay overlay-loading">
                  <Skeleton />
                  <p className="loading-label" role="status">
                    <span className="spinner" aria-hidden="true" />
                    Loading dashboard…
                  </p>
                </div>
              )}
            </>
          )}
        </div>

        <div className="panel-foot">
          <span>
            {EMBED_MESSAGES.lastUpdated}{' '}
            {date ? <time dateTime={report.lastUpdated}>{formatShortDate(report.lastUpdated)}</time> : 'date not available'}
          </span>
          <span className="count">
            Report {safeIndex + 1} of {reports.length}
          </span>
        </div>
      </div>
    </div>
  );
}
