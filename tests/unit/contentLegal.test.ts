import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it, expect } from 'vitest';

/** Shapes of site/_data/legal/*.json (SPEC 2.17, 3, 9). */
type Block =
  | { type: 'p'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'facts'; name: string };

interface Section {
  id: string;
  title: string;
  blocks: Block[];
}

interface LegalDoc {
  title: string;
  metaDescription: string;
  intro?: string;
  lastUpdated?: string;
  effectiveDate?: string;
  sections: Section[];
  contactBlock?: { title: string; blocks: Block[] };
}

const root = resolve(__dirname, '../..');
const readJson = (rel: string): unknown => JSON.parse(readFileSync(resolve(root, rel), 'utf8'));

const company = readJson('site/_data/company.json') as Record<string, unknown>;
const docs = {
  imprint: readJson('site/_data/legal/imprint.json') as LegalDoc,
  privacy: readJson('site/_data/legal/privacy.json') as LegalDoc,
  terms: readJson('site/_data/legal/terms.json') as LegalDoc,
};
type DocName = keyof typeof docs;
const docNames = Object.keys(docs) as DocName[];

const FACT_NAMES = [
  'provider',
  'contact',
  'representatives',
  'register',
  'controller',
  'supervisoryAuthority',
  'legalContact',
];

/** Internal routes of SPEC 2.1 that legal texts may link to. */
const ROUTES = new Set([
  '/',
  '/about',
  '/contact',
  '/portfolio',
  '/imprint',
  '/privacy_policy',
  '/terms_and_conditions',
  '/frequently_asked_questions',
  '/career',
  '/blog',
]);

/** Every readable string of a block (facts blocks have none). */
function blockTexts(block: Block): string[] {
  if (block.type === 'p') return [block.text];
  if (block.type === 'ul') return block.items;
  return [];
}

function sectionText(section: Section): string {
  return section.blocks.flatMap(blockTexts).join('\n');
}

/** All text of a document a reader sees, including title, meta and contact block. */
function allStrings(doc: LegalDoc): string[] {
  return [
    doc.title,
    doc.metaDescription,
    doc.intro ?? '',
    doc.lastUpdated ?? '',
    doc.effectiveDate ?? '',
    ...doc.sections.flatMap((s) => [s.title, ...s.blocks.flatMap(blockTexts)]),
    ...(doc.contactBlock ? [doc.contactBlock.title, ...doc.contactBlock.blocks.flatMap(blockTexts)] : []),
  ];
}

function allBlocks(doc: LegalDoc): Block[] {
  return [...doc.sections.flatMap((s) => s.blocks), ...(doc.contactBlock?.blocks ?? [])];
}

function section(doc: LegalDoc, id: string): Section {
  const found = doc.sections.find((s) => s.id === id);
  if (!found) throw new Error(`section ${id} missing`);
  return found;
}

/** Resolves a dotted path ('address.city', 'partners.0.name') in company.json. */
function resolveCompany(path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => {
    if (node !== null && typeof node === 'object') return (node as Record<string, unknown>)[key];
    return undefined;
  }, company);
}

function wordCount(doc: LegalDoc): number {
  return allStrings(doc)
    .join(' ')
    .split(/\s+/)
    .filter((w) => w.length > 0).length;
}

describe('legal content: shape', () => {
  it.each(docNames)('%s has title, meta description and well-formed sections', (name) => {
    const doc = docs[name];
    expect(doc.title.trim().length).toBeGreaterThan(0);
    expect(doc.metaDescription.length).toBeGreaterThan(50);
    expect(doc.metaDescription.length).toBeLessThanOrEqual(200);
    for (const s of doc.sections) {
      expect(s.title.trim().length, s.id).toBeGreaterThan(0);
      expect(s.blocks.length, s.id).toBeGreaterThan(0);
      for (const b of s.blocks) {
        expect(['p', 'ul', 'facts'], s.id).toContain(b.type);
        if (b.type === 'p') expect(b.text.trim().length, s.id).toBeGreaterThan(0);
        if (b.type === 'ul') {
          expect(b.items.length, s.id).toBeGreaterThan(0);
          for (const item of b.items) expect(item.trim().length, s.id).toBeGreaterThan(0);
        }
      }
    }
  });

  it.each(docNames)('%s has unique kebab-case section ids', (name) => {
    const ids = docs[name].sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(docNames)('%s is a complete text of at least 1,200 words', (name) => {
    expect(wordCount(docs[name])).toBeGreaterThanOrEqual(1200);
  });

  it.each(docNames)('%s uses only the allowed facts names', (name) => {
    const used = allBlocks(docs[name]).flatMap((b) => (b.type === 'facts' ? [b.name] : []));
    expect(used.length).toBeGreaterThan(0);
    for (const n of used) expect(FACT_NAMES).toContain(n);
  });

  it.each(docNames)('%s: every {company.x} placeholder resolves to a value in company.json', (name) => {
    const text = allStrings(docs[name]).join('\n');
    const paths = [...text.matchAll(/\{company\.([A-Za-z0-9_.]+)\}/g)].map((m) => m[1] ?? '');
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const value = resolveCompany(path);
      expect(['string', 'number'], `{company.${path}}`).toContain(typeof value);
    }
    // No malformed or foreign placeholders: every brace pair is a company placeholder.
    const braces = text.match(/\{[^}]*\}/g) ?? [];
    expect(braces.length).toBe(paths.length);
  });

  it.each(docNames)('%s: inline Markdown links point to existing routes', (name) => {
    const text = allStrings(docs[name]).join('\n');
    const targets = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] ?? '');
    for (const t of targets) expect(ROUTES, t).toContain(t);
  });

  it('the placeholder resolver rejects unknown paths (guards the check above)', () => {
    expect(resolveCompany('address.city')).toBe('Mannheim');
    expect(resolveCompany('partners.0.name')).toEqual(expect.any(String));
    expect(resolveCompany('address.planet')).toBeUndefined();
    expect(typeof resolveCompany('address')).toBe('object');
  });
});

describe('imprint', () => {
  const doc = docs.imprint;
  const text = allStrings(doc).join('\n');

  it('has the sections of SPEC 2.17 in order', () => {
    expect(doc.sections.map((s) => s.id)).toEqual([
      'provider',
      'contact',
      'representatives',
      'register',
      'dispute-resolution',
      'data-protection',
      'liability-for-content',
      'liability-for-links',
      'copyright',
    ]);
  });

  it('renders the company fact groups where they belong', () => {
    const factsOf = (id: string) =>
      section(doc, id).blocks.flatMap((b) => (b.type === 'facts' ? [b.name] : []));
    expect(factsOf('provider')).toContain('provider');
    expect(factsOf('contact')).toContain('contact');
    expect(factsOf('representatives')).toContain('representatives');
    expect(factsOf('register')).toContain('register');
    expect(factsOf('data-protection')).toContain('controller');
  });

  it('cites the current law (DDG, not TMG, as basis) and the VAT id under § 27a UStG', () => {
    expect(text).toContain('§ 5 DDG');
    expect(text).toContain('§ 27a');
    expect(sectionText(section(doc, 'register'))).toContain('{company.vatId}');
    expect(text).not.toMatch(/pursuant to § 5 TMG/);
  });

  it('states B2B only and no consumer arbitration, with the ODR platform discontinued', () => {
    const s = sectionText(section(doc, 'dispute-resolution'));
    expect(s).toContain('§ 14');
    expect(s).toContain('neither willing nor obliged');
    expect(s).toContain('§ 36 VSBG');
    expect(s).toContain('20 July 2025');
    expect(s).toContain('2024/3228');
    expect(text).not.toContain('ec.europa.eu/consumers/odr');
  });

  it('explains why no data protection officer is appointed', () => {
    const s = sectionText(section(doc, 'data-protection'));
    expect(s).toContain('not appointed a data protection officer');
    expect(s).toContain('Art. 37');
    expect(s).toContain('§ 38');
    expect(s).toContain('20 persons');
  });
});

describe('privacy policy', () => {
  const doc = docs.privacy;
  const text = allStrings(doc).join('\n');

  it('was last updated January 2025', () => {
    expect(doc.lastUpdated).toBe('January 2025');
  });

  it('has exactly the eleven sections of SPEC 2.17 in order', () => {
    expect(doc.sections.map((s) => s.id)).toEqual([
      'controller',
      'data-protection-officer',
      'data-categories',
      'purposes-and-legal-bases',
      'recipients',
      'retention',
      'user-rights',
      'supervisory-authority',
      'cookies-and-consent',
      'security',
      'policy-changes',
    ]);
    const titles = doc.sections.map((s) => s.title);
    const topics = [
      /controller/i,
      /data protection officer/i,
      /categories/i,
      /purposes.*legal bases/i,
      /recipients/i,
      /retention/i,
      /rights/i,
      /supervisory authority/i,
      /cookies.*consent/i,
      /security/i,
      /changes/i,
    ];
    topics.forEach((re, i) => expect(titles[i]).toMatch(re));
  });

  it('names the controller and the supervisory authority as fact groups', () => {
    const factsOf = (id: string) =>
      section(doc, id).blocks.flatMap((b) => (b.type === 'facts' ? [b.name] : []));
    expect(factsOf('controller')).toContain('controller');
    expect(factsOf('supervisory-authority')).toContain('supervisoryAuthority');
    expect(sectionText(section(doc, 'supervisory-authority'))).toContain('Art. 77');
  });

  it('states no data protection officer is appointed', () => {
    expect(sectionText(section(doc, 'data-protection-officer'))).toMatch(/not appointed a data protection officer/);
  });

  it('gives the legal bases Art. 6(1)(a), (b), (c) and (f) GDPR', () => {
    const s = sectionText(section(doc, 'purposes-and-legal-bases'));
    for (const basis of ['Art. 6(1)(a)', 'Art. 6(1)(b)', 'Art. 6(1)(c)', 'Art. 6(1)(f)']) {
      expect(s).toContain(basis);
    }
  });

  it('lists hosting, email and the consent-gated embeds as recipients, and sells no data', () => {
    const s = sectionText(section(doc, 'recipients'));
    expect(s).toMatch(/Hosting/);
    expect(s).toMatch(/Email/);
    expect(s).toMatch(/Power BI, only after your consent/);
    expect(s).toMatch(/Map, only after your consent/);
    expect(s).toContain('do not sell personal data');
  });

  it('states the retention periods of SPEC 9 in the retention section', () => {
    const s = sectionText(section(doc, 'retention'));
    expect(s).toMatch(/Server logs are kept for 14 days/);
    expect(s).toMatch(/Client data[^.]*10 years/);
    expect(s).toContain('§ 257 HGB');
    expect(s).toContain('§ 147 AO');
    expect(s).toMatch(/Contact and consultation requests are kept for 3 years/);
    expect(s).toMatch(/according to your consent settings/);
  });

  it('lists the rights of Art. 15 to 21 and answers within one month', () => {
    const s = sectionText(section(doc, 'user-rights'));
    for (const art of ['Art. 15', 'Art. 16', 'Art. 17', 'Art. 18', 'Art. 20', 'Art. 21', 'Art. 7(3)']) {
      expect(s).toContain(art);
    }
    expect(s).toContain('within one month');
  });

  it('describes cookies and consent with the constants of SPEC 9', () => {
    const s = sectionText(section(doc, 'cookies-and-consent'));
    expect(s).toContain('cmp_consent_v1');
    expect(s).toContain('180 days');
    expect(s).toContain('2025.1');
    expect(s).toContain("'Cookie settings'");
    expect(s).toMatch(/need no consent/);
    const items = section(doc, 'cookies-and-consent').blocks.flatMap((b) => (b.type === 'ul' ? b.items : []));
    const itemFor = (category: string) => items.find((i) => i.startsWith(`${category}:`)) ?? '';
    expect(itemFor('Strictly necessary (essential)')).toContain('need no consent');
    for (const category of ['Analytics', 'Marketing', 'Functional and preference']) {
      expect(itemFor(category), category).toMatch(/only with your consent/);
    }
    expect(s).toContain('Analytics: 26 months');
    expect(s).toContain('Behaviour analytics (heatmaps and session recordings): 12 months');
    expect(s).toContain('Advertising (conversion measurement and retargeting): 24 months');
  });

  it('describes TLS, access control and masked, hashed IP addresses', () => {
    const s = sectionText(section(doc, 'security'));
    expect(s).toContain('TLS');
    expect(s).toMatch(/Access control/);
    expect(s).toMatch(/IP addresses[^.]*masked and hashed/);
  });

  it('contains every privacy constant of SPEC 9', () => {
    for (const c of ['14 days', '10 years', '3 years', 'one month']) expect(text).toContain(c);
  });
});

describe('terms and conditions', () => {
  const doc = docs.terms;
  const text = allStrings(doc).join('\n');

  it('is effective January 1, 2025', () => {
    expect(doc.effectiveDate).toBe('January 1, 2025');
  });

  it('has exactly the eleven sections of SPEC 2.17 in order', () => {
    expect(doc.sections.map((s) => s.id)).toEqual([
      'preamble-and-scope',
      'contract-formation',
      'services',
      'prices-and-payment',
      'performance-and-delivery',
      'intellectual-property',
      'confidentiality-and-data',
      'liability-and-warranty',
      'force-majeure',
      'governing-law',
      'final-provisions',
    ]);
    const titles = doc.sections.map((s) => s.title);
    const topics = [
      /preamble.*scope/i,
      /contract formation/i,
      /services/i,
      /prices.*payment/i,
      /performance.*delivery/i,
      /intellectual property/i,
      /confidentiality.*data/i,
      /liability.*warranty/i,
      /force majeure/i,
      /governing law/i,
      /final provisions/i,
    ];
    topics.forEach((re, i) => expect(titles[i]).toMatch(re));
  });

  it('applies to entrepreneurs only and excludes conflicting customer terms', () => {
    const s = sectionText(section(doc, 'preamble-and-scope'));
    expect(s).toContain('§ 14 BGB');
    expect(s).toMatch(/Conflicting, deviating or supplementary terms[^.]*do not become part of the contract/);
  });

  it('states the payment constants of SPEC 9', () => {
    const s = sectionText(section(doc, 'prices-and-payment'));
    expect(s).toContain('19%');
    expect(s).toContain('within 14 days net');
    expect(s).toContain('9 percentage points above the base interest rate');
    expect(s).toContain('§ 288(2) BGB');
  });

  it('requires a data processing agreement under Art. 28 GDPR', () => {
    expect(sectionText(section(doc, 'confidentiality-and-data'))).toContain('Art. 28 GDPR');
  });

  it('states warranty and liability as in SPEC 9', () => {
    const s = sectionText(section(doc, 'liability-and-warranty'));
    expect(s).toMatch(/12 months from delivery or, where acceptance is required, from acceptance/);
    expect(s).toMatch(/liable without limitation for damage caused intentionally or by gross negligence/);
    expect(s).toContain('injury to life, body or health');
    expect(s).toContain('cardinal duties (wesentliche Vertragspflichten)');
    expect(s).toMatch(/foreseeable damage typical/);
    expect(s).toMatch(/property damage[^.]*limited to the contract value/);
  });

  it('chooses German law without the CISG and Berlin as exclusive jurisdiction', () => {
    const s = sectionText(section(doc, 'governing-law'));
    expect(s).toContain('Federal Republic of Germany');
    expect(s).toContain('CISG');
    expect(s).toMatch(/exclusive place of jurisdiction[^.]*Berlin/);
  });

  it('has written form and severability in the final provisions', () => {
    const s = sectionText(section(doc, 'final-provisions'));
    expect(s).toMatch(/in writing/);
    expect(s).toMatch(/invalid or unenforceable/);
  });

  it('ends with a legal contact block showing the legal contact facts', () => {
    expect(doc.contactBlock?.title).toBe('Legal contact');
    const names = (doc.contactBlock?.blocks ?? []).flatMap((b) => (b.type === 'facts' ? [b.name] : []));
    expect(names).toContain('legalContact');
  });

  it('contains every terms constant of SPEC 9', () => {
    for (const c of ['14 days net', '9 percentage points', '19%', '12 months', 'Berlin', 'CISG']) {
      expect(text).toContain(c);
    }
  });
});
