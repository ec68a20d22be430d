import { useEffect, useMemo, useRef, useState } from 'react';
import { readAspect, writeAspect, type AspectOption } from './aspectRatio';
import { consentAllows, grantConsent, onConsentChange } from '../lib/consentClient';
import { emit, hostOf, type ElementProps } from '../lib/defineElement';
import { EMBED_MESSAGES, parseAllowedHosts, parseEmbed, type EmbedResult } from '../../shared/embed';
import { formatShortDate, parseDate } from '../lib/format';
import { clearPicks, lastPickedIndex } from '../lib/picks';
import { initialIndex, parseReports, type ReportItem } from '../lib/reports';
import { GALLERY_EVENTS } from './galleryEvents';
import { GalleryIcon } from './GalleryIcon';
import { ReportControls } from './ReportControls';
import { ReportFrame } from './ReportFrame';
import { ReportTabs } from './ReportTabs';
import type { DcDashboardGalleryAttributes } from './attributes';

/** The attributes of <dc-dashboard-gallery> (attributes.ts, written from api.json) and r2wc's container. */
export type DashboardGalleryProps = ElementProps & DcDashboardGalleryAttributes;

type DataState =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: boolean }
  | { status: 'ready'; reports: ReportItem[] };

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

/**
 * The report the visitor pressed last in the element's fallback content before its script ran: a
 * child with `data-report="<id>"` that the page's early-press script marked (site/_includes/early-picks.js).
 * The marks are cleared once read.
 */
function fallbackChoice(host: HTMLElement): string | null {
  const choices = [...host.querySelectorAll<HTMLElement>('[data-report]')];
  const chosen = choices[lastPickedIndex(choices)]?.dataset.report ?? null;
  clearPicks(host);
  return chosen;
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
    // A report the visitor chose in the fallback content while the script loaded wins over `selected` (issue 34).
    const chosen = host ? fallbackChoice(host) : null;
    const start = initialIndex(reports, chosen ?? selected);
    setIndex(start);
    const item = reports[start];
    if (chosen && item?.id === chosen && host) emit(host, GALLERY_EVENTS.reportChange, { id: item.id, title: item.title, index: start });
  }, [data.status, reports, selected, host]);
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

  const select = (next: number) => {
    if (next === safeIndex || !reports[next]) return;
    setIndex(next);
    const item = reports[next];
    if (host) emit(host, GALLERY_EVENTS.reportChange, { id: item.id, title: item.title, index: next });
  };

  // ---- consent -----------------------------------------------------------------------------
  const [allowed, setAllowed] = useState(() => consentAllows('functional'));
  // Follows every saved choice: a withdrawn consent unloads the frames again.
  useEffect(() => onConsentChange(() => setAllowed(consentAllows('functional'))), []);
  const allowFrames = () => {
    grantConsent(['functional']);
    setAllowed(true);
  };

  // ---- aspect ratio (sessionStorage) ------------------------------------------------------
  const [aspect, setAspect] = useState<AspectOption>(() => readAspect(sessionStorageOrNull()));
  const chooseAspect = (next: AspectOption) => {
    setAspect(next);
    writeAspect(sessionStorageOrNull(), next);
    if (host) emit(host, GALLERY_EVENTS.aspectChange, { aspect: next });
  };

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
          <GalleryIcon name="alert" />
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
  const reportUrl = embed?.ok ? embed.src : null;

  return (
    <div className="gallery">
      <ReportTabs reports={reports} selected={safeIndex} label={label} tabId={tabId} panelId={panelId} onSelect={select} />

      <div className="panel" role="tabpanel" id={panelId} aria-labelledby={tabId(safeIndex)}>
        <div className="panel-head">
          <div className="report-info">
            {report.category && <span className="badge">{report.category}</span>}
            <div className="report-title" role="heading" aria-level={level}>
              {report.title}
            </div>
            {report.description && <p className="report-text">{report.description}</p>}
          </div>
          <ReportControls uid={uid} aspect={aspect} onAspect={chooseAspect} reportId={report.id} reportUrl={reportUrl} host={host} />
        </div>

        {embed && <ReportFrame report={report} embed={embed} allowed={allowed} onAllow={allowFrames} aspect={aspect} host={host} />}

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
