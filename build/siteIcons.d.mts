export declare const ICON_SOURCE: string;
export declare const ICON_BACKGROUND: string;
export declare const ICO_SIZES: number[];
export declare const APPLE_TOUCH_ICON: { href: string; size: number };
export declare const MANIFEST_ICONS: Array<{ src: string; sizes: string; type: string; purpose: string }>;
export declare function icoFile(pngs: Array<{ size: number; png: Buffer }>): Buffer;
export declare function writeSiteIcons(distDir: string): Promise<number>;
