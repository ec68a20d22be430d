import { BLOG_TEXT } from './rules';

/** A heading element of the blog. */
export type Heading = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** The masthead: optional eyebrow, 'BLOG', 'Digital Magazine Experience', tagline and the count line. */
export function Hero({ heading: H, eyebrow, tagline, masthead }: { heading: Heading; eyebrow?: string; tagline: string; masthead: string }) {
  return (
    <header className="blog-hero">
      <div className="blog-inner blog-hero-inner">
        {eyebrow && eyebrow.trim() !== '' ? <p className="blog-eyebrow">{eyebrow}</p> : null}
        <H className="blog-title">{BLOG_TEXT.heroTitle}</H>
        <p className="blog-subtitle">{BLOG_TEXT.heroSubtitle}</p>
        {tagline ? <p className="blog-tagline">{tagline}</p> : null}
        {masthead ? <p className="blog-masthead">{masthead}</p> : null}
      </div>
    </header>
  );
}
