/** The part of fontverter (a dependency of subset-font) that tests/unit/fontSubset.test.ts uses to read the built woff2. */
declare module 'fontverter' {
  const fontverter: {
    convert(font: Uint8Array, toFormat: 'truetype' | 'woff' | 'woff2' | 'sfnt'): Promise<Uint8Array>;
  };
  export default fontverter;
}
