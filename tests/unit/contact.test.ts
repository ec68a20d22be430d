import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CONTACT_FIELDS, VARIANT_TEXT } from '../../shared/contactRequest';
import {
  buttonText,
  firstInvalidField,
  parseHeadingLevel,
  parseVariant,
  submittedValues,
  textOr,
} from '../../widgets/contact-form/formModel';
import { MAP_ORIGIN, safeMapUrl } from '../../widgets/office-map/mapConsent';
import {
  consultationJsonLd,
  contactJsonLd,
  mapBoundingBox,
  organizationJsonLd,
  osmEmbedUrl,
  osmLinkUrl,
} from '../../site/_pageData/contactData.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const company = readJson('site/_data/company.json');
const contact = readJson('site/_data/contact.json');
const consultation = readJson('site/_data/consultation.json');

describe('contact form model', () => {
  it('keeps the SPEC 4 state texts', () => {
    expect(buttonText('idle', 'Send Message')).toBe('Send Message');
    expect(buttonText('processing', 'Send Message')).toBe('Processing...');
    expect(buttonText('sent', 'Send Message')).toBe('✓ Message Sent!');
  });

  it('variant: contact by default, consultation on request, anything else warns', () => {
    expect(parseVariant(undefined)).toEqual({ value: 'contact' });
    expect(parseVariant('')).toEqual({ value: 'contact' });
    expect(parseVariant(' Consultation ')).toEqual({ value: 'consultation' });
    const bad = parseVariant('newsletter');
    expect(bad.value).toBe('contact');
    expect(bad.warning).toContain('newsletter');
  });

  it('the variants have their own heading and button text', () => {
    expect(VARIANT_TEXT.contact.heading).not.toBe(VARIANT_TEXT.consultation.heading);
    expect(VARIANT_TEXT.contact.submit).not.toBe(VARIANT_TEXT.consultation.submit);
  });

  it('heading-level: 1 to 6, default 2', () => {
    expect(parseHeadingLevel(null)).toEqual({ value: 2 });
    expect(parseHeadingLevel('1')).toEqual({ value: 1 });
    expect(parseHeadingLevel('6')).toEqual({ value: 6 });
    for (const bad of ['0', '7', '2.5', 'h3', '-1']) {
      const parsed = parseHeadingLevel(bad);
      expect(parsed.value, bad).toBe(2);
      expect(parsed.warning, bad).toBeTruthy();
    }
  });

  it('text overrides: blank means the default', () => {
    expect(textOr(undefined, 'Send')).toBe('Send');
    expect(textOr('   ', 'Send')).toBe('Send');
    expect(textOr(' Go ', 'Send')).toBe('Go');
  });

  it('the first invalid field follows the form order', () => {
    expect(CONTACT_FIELDS).toEqual(['name', 'email', 'phone', 'message']);
    expect(firstInvalidField({})).toBeNull();
    expect(firstInvalidField({ message: 'x', phone: 'y' })).toBe('phone');
    expect(firstInvalidField({ email: '', message: 'x' })).toBe('message');
  });

  it('submitted values are trimmed, inner text kept', () => {
    expect(submittedValues({ name: ' Jana ', email: ' j@x.de', phone: '+49 621 ', message: '\n Hello  there \n' })).toEqual({
      name: 'Jana',
      email: 'j@x.de',
      phone: '+49 621',
      message: 'Hello  there',
    });
  });
});

describe('office map', () => {
  it('accepts only frame URLs on the map host', () => {
    const good = `${MAP_ORIGIN}/export/embed.html?bbox=1,2,3,4`;
    expect(safeMapUrl(good)).toBe(good);
    expect(safeMapUrl(null)).toBeNull();
    expect(safeMapUrl('')).toBeNull();
    expect(safeMapUrl('not a url')).toBeNull();
    expect(safeMapUrl('http://www.openstreetmap.org/export/embed.html')).toBeNull();
    expect(safeMapUrl('https://www.openstreetmap.org.evil.example/')).toBeNull();
    expect(safeMapUrl('javascript:alert(1)')).toBeNull();
  });

  it('centres the bounding box on the office and widens it as the zoom drops', () => {
    const at = { lat: 49.47807, lng: 8.48071 };
    const box = mapBoundingBox(at, 16);
    expect((box.minLat + box.maxLat) / 2).toBeCloseTo(at.lat, 4);
    expect((box.minLng + box.maxLng) / 2).toBeCloseTo(at.lng, 4);
    expect(box.maxLng - box.minLng).toBeGreaterThan(box.maxLat - box.minLat);
    const wider = mapBoundingBox(at, 15);
    expect(wider.maxLng - wider.minLng).toBeCloseTo(2 * (box.maxLng - box.minLng), 4);
  });

  it('builds the embed and link URLs from the office coordinates', () => {
    const embed = new URL(osmEmbedUrl(company.office.coordinates, contact.map.zoom));
    expect(embed.origin).toBe(MAP_ORIGIN);
    expect(embed.pathname).toBe('/export/embed.html');
    expect(embed.searchParams.get('marker')).toBe(`${company.office.coordinates.lat},${company.office.coordinates.lng}`);
    expect(embed.searchParams.get('bbox')?.split(',')).toHaveLength(4);
    const link = osmLinkUrl(company.office.coordinates, 16);
    expect(link).toBe(`${MAP_ORIGIN}/?mlat=49.47807&mlon=8.48071#map=16/49.47807/8.48071`);
  });

  it('refuses impossible coordinates and zooms at build time', () => {
    expect(() => osmEmbedUrl({ lat: 91, lng: 8 }, 16)).toThrow(/coordinates/);
    expect(() => osmEmbedUrl({ lat: '49', lng: undefined }, 16)).toThrow(/coordinates/);
    expect(() => osmLinkUrl({ lat: 49, lng: 8 }, 0)).toThrow(/zoom/);
    expect(() => osmLinkUrl({ lat: 49, lng: 8 }, 16.5)).toThrow(/zoom/);
  });
});

describe('contact structured data', () => {
  it('describes the organization and the Mannheim office from company.json', () => {
    const [organization, office] = contactJsonLd(company, contact);
    expect(organization['@type']).toBe('Organization');
    expect(organization.legalName).toBe(company.legalName);
    expect(organization.sameAs).toEqual(company.social.map((link: { url: string }) => link.url));
    expect(office['@type']).toBe('LocalBusiness');
    expect(office.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: `${company.address.street} ${company.address.number}`,
      postalCode: company.address.zip,
      addressLocality: company.address.city,
      addressCountry: company.address.countryCode,
    });
    expect(office.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 49.47807, longitude: 8.48071 });
    expect(office.parentOrganization['@id']).toBe(organization['@id']);
    expect(organizationJsonLd(company)['@id']).toBe('https://www.dataclarity.de/#organization');
  });

  it('opening hours agree with the business hours text (Monday to Friday 9:00 AM to 6:00 PM)', () => {
    const [, office] = contactJsonLd(company, contact);
    const [hours] = office.openingHoursSpecification;
    expect(hours.dayOfWeek.map((day: string) => day.replace('https://schema.org/', ''))).toEqual([
      'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday',
    ]);
    expect(company.businessHours.days).toBe('Monday to Friday');
    const to24 = (text: string) => {
      const [, h, m, ampm] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text)!;
      return `${String((Number(h) % 12) + (ampm === 'PM' ? 12 : 0)).padStart(2, '0')}:${m}`;
    };
    const [opens, closes] = company.businessHours.hours.replace(/ CET$/, '').split(' to ');
    expect(hours.opens).toBe(to24(opens));
    expect(hours.closes).toBe(to24(closes));
  });

  it('offers the consultation as a free service', () => {
    const service = consultationJsonLd(company, consultation);
    expect(service['@type']).toBe('Service');
    expect(service.offers).toMatchObject({ price: '0', priceCurrency: 'EUR' });
    expect(service.provider['@id']).toBe('https://www.dataclarity.de/#organization');
  });
});
