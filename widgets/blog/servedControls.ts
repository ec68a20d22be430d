/**
 * /blog's served magazine has links where <dc-blog> has buttons: the featured article's category
 * badge and tags open the blog filtered, the side list's entries open the posts (so the page works
 * without JavaScript). Before the element adopts the magazine (adoption.ts), each becomes the button
 * the element renders, with the same classes and content: its nodes (text, the side list's pictures)
 * are moved into the button, not made again, and Preact's hydration, which takes attributes as it
 * finds them, adopts the button as it is. Site only, like adoption.ts.
 */
export function toElementControls(host: ParentNode): void {
  const swap = (link: Element, attributes: Record<string, string>, lead?: Node) => {
    const button = document.createElement('button');
    button.setAttribute('type', 'button');
    button.className = link.className;
    for (const [name, value] of Object.entries(attributes)) button.setAttribute(name, value);
    if (lead) button.append(lead);
    button.append(...Array.from(link.childNodes));
    link.replaceWith(button);
  };
  const badge = host.querySelector('.blog-featured .blog-meta > a.blog-badge');
  if (badge) {
    const label = document.createElement('span');
    label.className = 'sr-only';
    label.textContent = 'Category: ';
    swap(badge, { 'aria-pressed': 'false' }, label);
  }
  host.querySelectorAll('.blog-featured .blog-tags a.blog-tag').forEach((tag) => swap(tag, { 'aria-pressed': 'false' }));
  host.querySelectorAll('.blog-side-list a.blog-side-item').forEach((item, index) =>
    swap(item, { 'aria-pressed': 'false', 'aria-controls': 'blog-featured', ...(index === 0 ? { 'data-featured': 'true' } : {}) }),
  );
}
