/**
 * The text files the build writes Brotli (.br) and gzip (.gz) copies of (scripts/precompress.mjs)
 * and the server sends them for (server/distIndex.ts, nginx's gzip_static): HTML, CSS, JS, JSON,
 * SVG, XML, TXT and the web manifest. One rule for the build and the server.
 */
export const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
