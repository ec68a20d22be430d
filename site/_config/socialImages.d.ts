import type { SocialCard } from '../../build/socialImages.mjs';
export declare function socialCard(url: string, html: string, company: { name: string; siteUrl: string }): SocialCard | null;
export declare function registerSocialImages(eleventyConfig: unknown, options: { outputDir: string; company: { name: string; siteUrl: string } }): void;
