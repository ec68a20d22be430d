/**
 * The part of Eleventy 3's configuration API that eleventy.config.js and site/_config/ use. Eleventy
 * ships JavaScript with JSDoc, which the type checker does not read from node_modules, so this
 * describes what we call: a misspelt method or a wrong argument fails `npm run typecheck`.
 */

/** The page a transform or filter runs for (`this.page`). */
export interface EleventyPage {
  url: string | false;
  inputPath: string;
  /** false for a page that is not written (permalink: false). */
  outputPath: string | false;
}

/** `this` in a transform. */
export interface TransformContext {
  page: EleventyPage;
}

/** `this` in a filter: the page and the template's data. */
export interface FilterContext {
  page: EleventyPage;
  ctx: Record<string, unknown>;
}

/** One written page of `eleventy.after`'s `results`. */
export interface EleventyResult {
  url: string;
  inputPath: string;
  outputPath: string;
  content: string;
}

export interface EleventyConfig {
  addFilter(name: string, filter: (this: FilterContext, ...args: never[]) => unknown): void;
  addTransform(name: string, transform: (this: TransformContext, content: string) => string | Promise<string>): void;
  addGlobalData(name: string, data: unknown): void;
  addPassthroughCopy(paths: string | Record<string, string>): void;
  addWatchTarget(path: string): void;
  on(event: 'eleventy.before', listener: () => void | Promise<void>): void;
  on(event: 'eleventy.after', listener: (event: { results: EleventyResult[] }) => void | Promise<void>): void;
  ignores: Set<string>;
  setQuietMode(quiet: boolean): void;
}
