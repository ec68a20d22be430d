/** Types of contactData.js (build-time helpers of /contact and /free_consultation), for the unit tests. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export const OSM_ORIGIN: string;
export function mapBoundingBox(coordinates: Json, zoom: number): { minLng: number; minLat: number; maxLng: number; maxLat: number };
export function osmEmbedUrl(coordinates: Json, zoom: number): string;
export function osmLinkUrl(coordinates: Json, zoom: number): string;
export function organizationJsonLd(company: Json): Json;
export function contactJsonLd(company: Json, contact: Json): Json[];
export function consultationJsonLd(company: Json, consultation: Json): Json;
