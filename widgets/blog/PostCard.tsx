import type { BlogPost } from './rules';
import { formatShortDate } from '../lib/format';
import { Media } from './Media';

export interface PostCardProps {
  post: BlogPost;
  /** The post's image URL when it may load ('' shows the placeholder). */
  image: string;
  /** Selected by a click (aria-pressed). */
  selected: boolean;
  /** Shown as the featured article right now. */
  featured: boolean;
  onSelect: () => void;
}

/** One entry of 'Other Articles': a toggle button that features the post (SPEC 2.15). */
export function PostCard({ post, image, selected, featured, onSelect }: PostCardProps) {
  return (
    <button
      type="button"
      className="blog-side-item"
      aria-pressed={selected}
      aria-controls="blog-featured"
      data-featured={featured ? 'true' : undefined}
      onClick={onSelect}
    >
      <Media src={image} category={post.category} className="blog-side-media" />
      <span className="blog-side-text">
        <span className="blog-side-category">{post.category}</span>
        <span className="blog-side-name">{post.title}</span>
        <span className="blog-side-info">
          <time dateTime={post.date}>{formatShortDate(post.date)}</time>
          {` · ${post.read_time_minutes} min read`}
        </span>
      </span>
    </button>
  );
}
