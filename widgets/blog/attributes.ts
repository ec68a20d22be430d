// Written by build/elementAttributes.mjs from widgets/blog/api.json (npm run build). Do not edit: edit api.json.

/** The properties r2wc reads from <dc-blog>'s attributes, and the type each arrives in. */
export const PROPS = {
  src: 'string',
  headingLevel: 'string',
  tagline: 'string',
  eyebrow: 'string',
  imageHosts: 'string',
  category: 'string',
} as const;

/** What the component of <dc-blog> receives from its attributes, as written on the element (it checks the values itself). */
export interface DcBlogAttributes {
  /** `src`: URL of the posts JSON (relative URLs resolve against the page). Default: `/data/blog.json` on the origin the module was loaded from. */
  src?: string;
  /** `heading-level`, default `2`: Level of the hero heading (1-5); the featured article's title is one level below. */
  headingLevel?: string;
  /** `tagline`: Text under 'Digital Magazine Experience' (default: the feed's `tagline`). */
  tagline?: string;
  /** `eyebrow`: A short line above the hero title (the site: 'DataClarity Insights'). */
  eyebrow?: string;
  /** `image-hosts`: Where the feed's images may load from: hosts (`cdn.example.com`, `*.example.com`) or origins (`https://cdn.example.com`), separated by spaces or commas, or `none`. Default: the feed's own origin. An image from any other host is not requested: a post's picture shows the placeholder, an image in the content its alt text. Malformed entries are ignored with a console warning. */
  imageHosts?: string;
  /** `category` ('Analytics' | 'Engineering' | 'Business' | 'Marketing' | 'Client Success'): The category the magazine starts on, as if the visitor had picked it in the filter: one of the filter's categories. The visitor can change or clear it; with `url-sync`, a category in the page address wins. Any other value is ignored (all categories, and a console warning). Default: all categories. */
  category?: string;
}
