export declare const COMPRESSIBLE: RegExp;
export declare function compressibleFiles(dir: string): Promise<string[]>;
export declare function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number; gzip: number }>;
