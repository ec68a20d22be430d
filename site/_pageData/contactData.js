/**
 * Build-time data of /contact and /free_consultation (issue 8): the OpenStreetMap URLs of the
 * office and the structured data (JSON-LD), computed from the facts in site/_data/company.json
 * and site/_data/contact.json, so no fact is written twice.
 */

/**
 * @typedef {typeof import('../_data/company.json')} Company
 * @typedef {typeof import('../_data/contact.json')} Contact
 * @typedef {typeof import('../_data/consultation.json')} Consultation
 * @typedef {{ lat?: unknown, lng?: unknown }} Coordinates coordinates as the data has them, checked before use
 */

export const OSM_ORIGIN = 'https://www.openstreetmap.org';

/** Size of the map frame the bounding box is computed for (CSS pixels, roughly the desktop frame). */
const FRAME = { width: 960, height: 480 };

/** @param {number} value */
const round = (value) => Number(value.toFixed(5));

/**
 * @param {Coordinates | null | undefined} coordinates
 * @returns {{ lat: number, lng: number }}
 */
function checkedCoordinates(coordinates) {
  const lat = Number(coordinates?.lat);
  const lng = Number(coordinates?.lng);
  if (!Number.isFinite(lat) || lat < -85 || lat > 85 || !Number.isFinite(lng) || lng < -180 || lng > 180) {
    throw new Error(`Office coordinates must be {lat: -85..85, lng: -180..180}, got ${JSON.stringify(coordinates)}`);
  }
  return { lat, lng };
}

/**
 * @param {unknown} zoom
 * @returns {number}
 */
function checkedZoom(zoom) {
  if (typeof zoom !== 'number' || !Number.isInteger(zoom) || zoom < 1 || zoom > 19) {
    throw new Error(`Map zoom must be a whole number from 1 to 19, got ${String(zoom)}`);
  }
  return zoom;
}

/**
 * The bounding box that shows `coordinates` in the centre of a FRAME-sized map at `zoom`
 * (Web Mercator: 256 px tiles, 360° of longitude across 256·2^zoom px).
 * @param {Coordinates} coordinates
 * @param {number} zoom
 */
export function mapBoundingBox(coordinates, zoom) {
  const { lat, lng } = checkedCoordinates(coordinates);
  const degreesPerPixel = 360 / (256 * 2 ** checkedZoom(zoom));
  const halfLng = (FRAME.width / 2) * degreesPerPixel;
  const halfLat = (FRAME.height / 2) * degreesPerPixel * Math.cos((lat * Math.PI) / 180);
  return { minLng: round(lng - halfLng), minLat: round(lat - halfLat), maxLng: round(lng + halfLng), maxLat: round(lat + halfLat) };
}

/**
 * The embeddable map (export/embed.html) with a marker on the office.
 * @param {Coordinates} coordinates
 * @param {number} zoom
 * @returns {string}
 */
export function osmEmbedUrl(coordinates, zoom) {
  const { lat, lng } = checkedCoordinates(coordinates);
  const box = mapBoundingBox(coordinates, zoom);
  const url = new URL('/export/embed.html', OSM_ORIGIN);
  url.searchParams.set('bbox', [box.minLng, box.minLat, box.maxLng, box.maxLat].join(','));
  url.searchParams.set('layer', 'mapnik');
  url.searchParams.set('marker', `${lat},${lng}`);
  return url.href;
}

/**
 * The full map on openstreetmap.org, for "open in a new tab".
 * @param {Coordinates} coordinates
 * @param {number} zoom
 * @returns {string}
 */
export function osmLinkUrl(coordinates, zoom) {
  const { lat, lng } = checkedCoordinates(coordinates);
  const url = new URL('/', OSM_ORIGIN);
  url.searchParams.set('mlat', String(lat));
  url.searchParams.set('mlon', String(lng));
  url.hash = `map=${checkedZoom(zoom)}/${lat}/${lng}`;
  return url.href;
}

/** @param {Company} company */
function postalAddress(company) {
  const { street, number, zip, city, countryCode } = company.address;
  return { '@type': 'PostalAddress', streetAddress: `${street} ${number}`, postalCode: zip, addressLocality: city, addressCountry: countryCode };
}

/**
 * schema.org Organization of the company (also referenced by the other pages' data).
 * @param {Company} company
 */
export function organizationJsonLd(company) {
  const site = company.siteUrl.replace(/\/$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${site}/#organization`,
    name: company.name,
    legalName: company.legalName,
    url: `${site}/`,
    logo: `${site}/assets/favicon.svg`,
    slogan: company.slogan,
    description: company.description,
    foundingDate: String(company.foundedYear),
    email: company.email,
    telephone: company.phoneHref,
    address: postalAddress(company),
    vatID: company.vatId.replace(/\s+/g, ''),
    sameAs: company.social.map((link) => link.url),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: company.email,
      telephone: company.phoneHref,
      areaServed: 'DE',
      availableLanguage: ['English', 'German'],
    },
  };
}

/**
 * /contact: the Organization and the Mannheim office as a LocalBusiness with hours and location.
 * @param {Company} company
 * @param {Contact} contact
 */
export function contactJsonLd(company, contact) {
  const site = company.siteUrl.replace(/\/$/, '');
  const { lat, lng } = checkedCoordinates(company.office.coordinates);
  const organization = organizationJsonLd(company);
  const office = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${site}/contact#office`,
    name: company.legalName,
    description: company.description,
    url: `${site}/contact`,
    email: company.email,
    telephone: company.phoneHref,
    address: postalAddress(company),
    geo: { '@type': 'GeoCoordinates', latitude: lat, longitude: lng },
    hasMap: osmLinkUrl(company.office.coordinates, contact.map.zoom),
    openingHoursSpecification: /** @type {const} */ ([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: contact.openingHours.dayOfWeek.map((day) => `https://schema.org/${day}`),
        opens: contact.openingHours.opens,
        closes: contact.openingHours.closes,
      },
    ]),
    parentOrganization: { '@id': organization['@id'] },
  };
  return /** @type {const} */ ([organization, office]);
}

/**
 * /free_consultation: the consultation as a free Service offered by the Organization.
 * @param {Company} company
 * @param {Consultation} consultation
 */
export function consultationJsonLd(company, consultation) {
  const site = company.siteUrl.replace(/\/$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: consultation.serviceName,
    description: consultation.serviceDescription,
    url: `${site}/free_consultation`,
    areaServed: consultation.areaServed,
    provider: { '@type': 'Organization', '@id': `${site}/#organization`, name: company.name, url: `${site}/` },
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  };
}
