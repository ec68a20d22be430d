/**
 * A post's picture: the image at `src`, or (no image, or one from a host the embedder does not
 * allow: `src` is then '') a placeholder with the post's category.
 */
export function Media({ src, category, className, eager }: { src: string; category: string; className: string; eager?: boolean }) {
  return (
    <div className={`blog-media ${className}`}>
      {src ? (
        <img src={src} alt="" width={1200} height={630} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      ) : (
        <div className="blog-placeholder" aria-hidden="true">
          <svg viewBox="0 0 48 48">
            <rect x="8" y="26" width="7" height="14" rx="2" />
            <rect x="20.5" y="18" width="7" height="22" rx="2" />
            <rect x="33" y="9" width="7" height="31" rx="2" />
          </svg>
          <span>{category}</span>
        </div>
      )}
    </div>
  );
}
