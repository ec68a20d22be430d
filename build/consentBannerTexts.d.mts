/** Types of consentBannerTexts.mjs for the unit tests. */
import type { Plugin } from 'rollup';
export declare function consentBannerTexts(): Plugin;
export declare function pickBannerTexts(content: unknown): { lang: 'en'; banner: Record<string, string>; saved: string };
