import { useCallback, useEffect, useMemo, useState } from 'react';
import { ASPECT_LABELS, ASPECT_OPTIONS, type AspectOption } from './aspectRatio';
import { createCopyMarker } from '../lib/copyMarker';
import { emit } from '../lib/defineElement';
import { EMBED_MESSAGES } from '../../shared/embed';
import { GALLERY_EVENTS } from './galleryEvents';
import { GalleryIcon } from './GalleryIcon';

export interface ReportControlsProps {
  /** The gallery's id prefix (names the radio group). */
  uid: string;
  aspect: AspectOption;
  onAspect: (aspect: AspectOption) => void;
  reportId: string;
  /** The report's validated https URL, or null when its snippet was invalid (no link actions then). */
  reportUrl: string | null;
  host: HTMLElement | null;
}

/**
 * The controls above the frame: the aspect-ratio choice, and for a valid report 'Copy link'
 * (confirmed for 2 s, announced to screen readers) and 'Open in new tab'.
 */
export function ReportControls({ uid, aspect, onAspect, reportId, reportUrl, host }: ReportControlsProps) {
  const [copied, setCopied] = useState<string | null>(null);
  const marker = useMemo(() => createCopyMarker<string>(setCopied), []);
  useEffect(() => () => marker.clear(), [marker]);
  const copyLink = useCallback(async () => {
    if (!reportUrl) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard API not available');
      await navigator.clipboard.writeText(reportUrl);
      marker.mark(reportId);
      if (host) emit(host, GALLERY_EVENTS.linkCopy, { id: reportId, url: reportUrl, copied: true });
    } catch (error) {
      // SPEC 8: a clipboard failure is logged only.
      console.warn(`dc-dashboard-gallery: could not copy the link: ${(error as Error).message}`);
      if (host) emit(host, GALLERY_EVENTS.linkCopy, { id: reportId, url: reportUrl, copied: false });
    }
  }, [reportId, reportUrl, marker, host]);
  const isCopied = copied === reportId;

  return (
    <div className="controls">
      <div className="segmented" role="radiogroup" aria-label="Aspect ratio">
        {ASPECT_OPTIONS.map((option) => (
          <label key={option} className="segment">
            <input type="radio" name={`${uid}-aspect`} value={option} checked={aspect === option} onChange={() => onAspect(option)} />
            <span>{ASPECT_LABELS[option]}</span>
          </label>
        ))}
      </div>
      {reportUrl && (
        <div className="actions">
          <button type="button" className={`btn btn-secondary btn-sm${isCopied ? ' is-copied' : ''}`} onClick={() => void copyLink()}>
            <GalleryIcon name={isCopied ? 'check' : 'link'} />
            {isCopied ? 'Link copied' : EMBED_MESSAGES.copyLink}
          </button>
          <a className="btn btn-secondary btn-sm" href={reportUrl} target="_blank" rel="noopener noreferrer">
            <GalleryIcon name="external" />
            {EMBED_MESSAGES.openInNewTab}
          </a>
        </div>
      )}
      <span className="sr-only" role="status">
        {isCopied ? 'Link copied to the clipboard' : ''}
      </span>
    </div>
  );
}
