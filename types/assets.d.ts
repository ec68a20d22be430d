/** A CSS file imported by a widget: the PostCSS-processed, minified text. */
declare module '*.css' {
  const css: string;
  export default css;
}
