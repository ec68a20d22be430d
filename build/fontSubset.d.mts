/** Types of fontSubset.mjs for the unit tests. */
export declare const FONT_SOURCE: string;
export declare const FONT_PATH: string;
export declare const FONT_SUBSET: { text: string; weights: { min: number; max: number }; features: string[] };
export declare function writeFontSubset(distDir: string): Promise<{ bytes: number; cached: boolean }>;
