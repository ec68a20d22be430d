export interface SocialCard {
  url: string;
  title: string;
  description?: string;
  kicker?: string;
  brand: string;
  host: string;
}
export declare const SOCIAL_IMAGE: { width: number; height: number; type: string };
export declare function socialImageUrl(pageUrl: string): string;
export declare function wrapText(text: string, perLine: number, maxLines: number): string[];
export declare function socialCardSvg(card: Omit<SocialCard, 'url'>): string;
export declare function writeSocialImages(outputDir: string, cards: SocialCard[]): Promise<{ cards: number; rendered: number }>;
