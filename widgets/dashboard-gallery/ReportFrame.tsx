import { useEffect, useRef, useState } from 'react';
import { aspectRatioCss, type AspectOption } from './aspectRatio';
import { consentManaged, openConsentDialog } from '../lib/consentClient';
import { emit } from '../lib/defineElement';
import { EMBED_MESSAGES, type EmbedResult } from '../../shared/embed';
import { DASHBOARD_LOAD_TIMEOUT_MS, type ReportItem } from '../lib/reports';
import { GALLERY_EVENTS } from './galleryEvents';
import { GalleryIcon } from './GalleryIcon';

type FrameState = 'loading' | 'loaded' | 'failed';

export interface ReportFrameProps {
  report: ReportItem;
  /** The report's checked snippet (parseEmbed). */
  embed: EmbedResult;
  /** Whether functional consent lets third-party frames load. */
  allowed: boolean;
  /** 'Allow and load reports': grants functional consent. */
  onAllow: () => void;
  aspect: AspectOption;
  host: HTMLElement | null;
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
 * The stage: the report's own iframe, built from the validated URL (never the snippet), once
 * functional consent allows it; until then the consent overlay. A frame goes loading -> loaded,
 * or failed when it has not loaded DASHBOARD_LOAD_TIMEOUT_MS after it came on screen (with
 * 'Try again' and 'Open in new tab'). An invalid snippet shows its message instead.
 */
export function ReportFrame({ report, embed, allowed, onAllow, aspect, host }: ReportFrameProps) {
  const [attempt, setAttempt] = useState(0);
  const frameKey = `${report.id}:${attempt}`;
  // The state belongs to one frame: a new report (or a retry) starts at 'loading' in the same render.
  const [frameState, setFrameState] = useState<{ key: string; state: FrameState }>({ key: frameKey, state: 'loading' });
  const frame: FrameState = frameState.key === frameKey ? frameState.state : 'loading';
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
  }, []);

  const framing = embed.ok && allowed;
  useEffect(() => {
    // The timeout runs only while the frame is on screen: a lazy frame below the fold has not started yet.
    if (!framing || !visible || frame !== 'loading') return undefined;
    const timer = setTimeout(() => {
      setFrameState({ key: frameKey, state: 'failed' });
      console.warn(`dc-dashboard-gallery: report "${report.id}" did not load within ${DASHBOARD_LOAD_TIMEOUT_MS / 1000} s.`);
      if (host) emit(host, GALLERY_EVENTS.reportError, { id: report.id, reason: 'timeout', message: EMBED_MESSAGES.loadFailed });
    }, DASHBOARD_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [framing, visible, frame, frameKey, report, host]);

  const onFrameLoad = () => {
    if (frame !== 'loading') return;
    setFrameState({ key: frameKey, state: 'loaded' });
    if (host) emit(host, GALLERY_EVENTS.reportLoad, { id: report.id });
  };

  const natural = embed.ok ? { width: embed.width, height: embed.height } : undefined;
  const stageStyle = { aspectRatio: aspectRatioCss(aspect, natural) };

  return (
    <div className="stage" ref={stageRef} style={stageStyle} data-state={!embed.ok ? 'invalid' : !allowed ? 'consent' : frame}>
      {!embed.ok ? (
        <div className="overlay overlay-error">
          <GalleryIcon name="alert" />
          <p className="overlay-title">{EMBED_MESSAGES.invalid}</p>
          <p className="overlay-text">{EMBED_MESSAGES.unparseable}</p>
        </div>
      ) : !allowed ? (
        <div className="overlay overlay-consent">
          <GalleryIcon name="shield" />
          <p className="overlay-title">This report is hosted by Microsoft Power BI</p>
          <p className="overlay-text">
            Loading it connects your browser to Microsoft, which may set cookies. Allow functional content to view
            the interactive reports.
          </p>
          <div className="overlay-actions">
            <button type="button" className="btn btn-primary" onClick={onAllow}>
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
          <GalleryIcon name="alert" />
          <p className="overlay-title">{EMBED_MESSAGES.loadFailed}</p>
          <p className="overlay-text">Power BI did not respond. Your network may block it, or the service is busy.</p>
          <div className="overlay-actions">
            <a className="btn btn-primary" href={embed.src} target="_blank" rel="noopener noreferrer">
              <GalleryIcon name="external" />
              {EMBED_MESSAGES.openInNewTab}
            </a>
            <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
              <GalleryIcon name="refresh" />
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
            title={embed.title ?? report.title}
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
  );
}
