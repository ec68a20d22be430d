/**
 * The part of Nunjucks (Eleventy's template engine, installed with it) that the unit tests use to
 * render a site partial on its own: widgets/lib/filterField.test.ts.
 */
declare module 'nunjucks' {
  export class FileSystemLoader {
    constructor(searchPaths: string | string[]);
  }
  export class Environment {
    constructor(loader: FileSystemLoader, options?: { autoescape?: boolean });
    renderString(template: string, context: Record<string, unknown>): string;
  }
  const nunjucks: { Environment: typeof Environment; FileSystemLoader: typeof FileSystemLoader };
  export default nunjucks;
}
