/** The CSS pipeline: PostCSS inlines the `@import`s, esbuild minifies (see cssModule.mjs). */
export function processCss(css: string, from: string): Promise<string>;
export function cssText(): import('rollup').Plugin;
