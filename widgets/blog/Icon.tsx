/** A stroked 24×24 icon of the blog (decorative: hidden from assistive technology). */
export const Icon = ({ d }: { d: string }) => (
  <svg className="blog-icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d={d} />
  </svg>
);
