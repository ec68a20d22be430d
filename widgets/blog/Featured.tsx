import type { Ref } from 'react';
import type { BlogPost } from './rules';
import { formatShortDate } from '../lib/format';
import type { Heading } from './Hero';
import { Icon } from './Icon';
import { Media } from './Media';
import { Share } from './Share';
import { TagButtons } from './TagButtons';

export interface FeaturedProps {
  post: BlogPost;
  /** The post's image URL when it may load ('' shows the placeholder). */
  image: string;
  /** The heading element of the title (one level below the hero). */
  heading: Heading;
  /** The post's content, already sanitised. */
  contentHtml: string;
  /** The filter's category and tag: their badge/chip shows as pressed. */
  category: string;
  tag: string;
  onToggleCategory: () => void;
  onToggleTag: (tag: string) => void;
  copied: boolean;
  onCopy: () => void;
  articleRef: Ref<HTMLElement>;
}

/**
 * The featured article: image, category badge (a toggle of the category filter), read time,
 * title linking to the post, byline, tags, summary, share bar and the sanitised content.
 */
export function Featured({ post, image, heading: H2, contentHtml, category, tag, onToggleCategory, onToggleTag, copied, onCopy, articleRef }: FeaturedProps) {
  return (
    <article className="blog-featured" ref={articleRef} aria-labelledby="blog-featured-title" id="blog-featured">
      <Media src={image} category={post.category} className="blog-featured-media" eager />
      <div className="blog-featured-body">
        <div className="blog-meta">
          <button type="button" className="blog-badge" aria-pressed={category === post.category} onClick={onToggleCategory}>
            <span className="sr-only">Category: </span>
            {post.category}
          </button>
          <span className="blog-read">
            <Icon d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v5l3 2" />
            {`${post.read_time_minutes} min read`}
          </span>
        </div>
        <H2 className="blog-featured-title" id="blog-featured-title">
          <a href={post.canonical_url}>{post.title}</a>
        </H2>
        <p className="blog-byline">
          By <span className="blog-author">{post.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.date}>{formatShortDate(post.date)}</time>
        </p>
        {post.tags.length > 0 ? <TagButtons tags={post.tags} selected={tag} onToggle={onToggleTag} label="Tags" /> : null}
        <p className="blog-summary">{post.summary}</p>
        <Share post={post} copied={copied} onCopy={onCopy} />
        <div className="blog-content" dangerouslySetInnerHTML={{ __html: contentHtml }} />
      </div>
    </article>
  );
}
