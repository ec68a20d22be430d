import { BLOG_TEXT, facebookShareUrl, linkedinShareUrl, whatsappShareUrl, type BlogPost } from './rules';
import { Icon } from './Icon';

/** [network, label, share URL, icon path] of the share bar (SPEC 2.15, 7). */
const shareLinks = (post: BlogPost): [string, string, string, string][] => [
  ['whatsapp', 'WhatsApp', whatsappShareUrl(post.title, post.canonical_url), 'M3.5 20.5 5 16a8.5 8.5 0 1 1 3 3ZM9 9.5c0 3 2.5 5.5 5.5 5.5l1.2-1.3-1.9-1-1 .8a4 4 0 0 1-2.3-2.3l.8-1-1-1.9Z'],
  ['facebook', 'Facebook', facebookShareUrl(post.canonical_url), 'M14.5 8H17V4.5h-2.5A4 4 0 0 0 10.5 8.5V11H8v3.5h2.5V21H14v-6.5h2.6L17 11h-3V9a1 1 0 0 1 1-1Z'],
  ['linkedin', 'LinkedIn', linkedinShareUrl(post.canonical_url), 'M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3ZM7.5 10.5V17M7.5 7.2v.1M11 17v-6.5M11 13.5a2.7 2.7 0 0 1 5.5 0V17'],
];

/**
 * The share bar of an article: WhatsApp, Facebook and LinkedIn in a new window, and Copy link,
 * which shows '✓ Copied!' while `copied` (announced through a status region).
 */
export function Share({ post, copied, onCopy }: { post: BlogPost; copied: boolean; onCopy: () => void }) {
  return (
    <div className="blog-share" role="group" aria-label="Share this article">
      <span className="blog-share-label" aria-hidden="true">
        Share
      </span>
      {shareLinks(post).map(([network, label, href, icon]) => (
        <a key={network} className="blog-share-btn" data-network={network} href={href} target="_blank" rel="noopener noreferrer">
          <Icon d={icon} />
          {label}
          <span className="sr-only"> (opens in a new window)</span>
        </a>
      ))}
      <button type="button" className="blog-share-btn blog-copy" data-copied={copied ? 'true' : undefined} onClick={onCopy}>
        {copied ? (
          BLOG_TEXT.copied
        ) : (
          <>
            <Icon d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
            Copy link
          </>
        )}
      </button>
      <span className="sr-only" role="status">
        {copied ? 'Link copied to the clipboard' : ''}
      </span>
    </div>
  );
}
