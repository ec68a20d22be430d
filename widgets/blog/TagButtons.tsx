/**
 * Tags as toggle buttons: pressed while the tag is the filter; a click sets or clears it. A chip's
 * label is one text node, as the page serves it, so adopting the served chips changes none.
 */
export function TagButtons({ tags, selected, onToggle, label }: { tags: readonly string[]; selected: string; onToggle: (tag: string) => void; label?: string }) {
  return (
    <ul className="blog-tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <button type="button" className="blog-tag" aria-pressed={selected === tag} onClick={() => onToggle(tag)}>
            {`#${tag}`}
          </button>
        </li>
      ))}
    </ul>
  );
}
