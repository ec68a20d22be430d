/** Types of urls.js (plain JavaScript so the page build can import it without a compiler). */
export declare const SLASH_CANONICAL: RegExp;
export declare function isSlashCanonical(path: string): boolean;
export declare function canonicalPath(url: string | null | undefined): string;
