import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { badgeTone, type BadgeTone } from '../../site/_pageData/proficiency';

/* Content checks for SPEC 2.3, 2.4, 2.5 and 9: the counts and constants the pages rely on. */

const root = new URL('../../', import.meta.url);
const dataFile = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`site/_data/${name}.json`, root), 'utf8'));

// Loose shapes: the test checks the fields it reads.
type Json = any;

const company: Json = dataFile('company');
const home: Json = dataFile('home');
const techStack: Json = dataFile('techStack');
const why: Json = dataFile('whyChooseUs');
const services: Json = dataFile('services');
const about: Json = dataFile('about');
const story: Json = dataFile('story');

const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

function wordCount(value: unknown): number {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean).length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + wordCount(item), 0);
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([key]) => !['slug', 'path', 'href'].includes(key))
      .reduce((sum, [, item]) => sum + wordCount(item), 0);
  }
  return 0;
}

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

const partners: { name: string; role: string }[] = company.partners;

describe('company placeholders', () => {
  const files = { home, techStack, whyChooseUs: why, services, about, story };
  for (const [name, data] of Object.entries(files)) {
    it(`${name}.json: every {company.x} placeholder resolves to a fact`, () => {
      const paths = allStrings(data).flatMap((text) =>
        [...text.matchAll(/\{company\.([\w.]+)\}/g)].map((m) => m[1] as string),
      );
      for (const path of paths) {
        const value = path.split('.').reduce<Json>((obj, key) => (obj == null ? undefined : obj[key]), company);
        expect(['string', 'number'], `{company.${path}}`).toContain(typeof value);
      }
    });

    it(`${name}.json: no leftover filler text`, () => {
      // The one non-company token: techStack's 'Explore {category}' button label.
      const text = allStrings(data)
        .filter((t) => t !== 'Explore {category}')
        .join(' ');
      expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|\bsample\b|placeholder/i);
      expect(text).not.toMatch(/\{(?!company\.)[\w.]+\}/);
    });
  }
});

describe('home.json (SPEC 2.3)', () => {
  it('has the hero headline, buttons and static progress bar', () => {
    expect(home.hero.headline).toBe('Data Excellence Redefined');
    expect(home.hero.primaryCta).toEqual({ label: 'Start Your Transformation', href: '/free_consultation' });
    expect(home.hero.secondaryCta).toEqual({ label: 'Watch Demo', href: '/portfolio' });
    expect(home.hero.progress.label).toBe('Data Cleaning in Progress');
    expect(home.hero.progress.percent).toBe(73);
    expect(home.hero.progress.records).toBe('2.3M records');
    expect(home.hero.particles).toBe(50);
  });

  it('has exactly the four metrics with the SPEC values', () => {
    const items = home.metrics.items as Json[];
    expect(items.map((m) => [m.value, m.label])).toEqual([
      ['2.5PB', 'Data Processed'],
      ['847', 'AI Models Deployed'],
      ['99.9%', 'Real-time Insights'],
      ['127+', 'Global Reach'],
    ]);
    for (const m of items) {
      expect(nonEmpty(m.description)).toBe(true);
      expect(nonEmpty(m.id)).toBe(true);
    }
  });

  it('lists the four hero services with description and icon', () => {
    const items = home.services.items as Json[];
    expect(items.map((s) => s.title)).toEqual([
      'Predictive Analytics',
      'Interactive Dashboards',
      'Data Security',
      'Strategic Insights',
    ]);
    for (const s of items) {
      expect(nonEmpty(s.description)).toBe(true);
      expect(nonEmpty(s.icon)).toBe(true);
    }
  });
});

describe('techStack.json (SPEC 2.3, 3)', () => {
  const categories = techStack.categories as Json[];
  const servicePaths = (services as Json[]).map((s) => s.path);

  it('has six categories with the exact ids, in order', () => {
    expect(categories.map((c) => c.id)).toEqual(['analytics', 'cloud', 'ai', 'database', 'security', 'integration']);
    expect(techStack.defaultCategory).toBe('analytics');
  });

  it('each category has title, description, a two-colour gradient and a service page', () => {
    for (const c of categories) {
      expect(nonEmpty(c.title)).toBe(true);
      expect(nonEmpty(c.description)).toBe(true);
      expect(c.gradient).toHaveLength(2);
      for (const colour of c.gradient) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
      expect(servicePaths).toContain(c.servicePath);
    }
  });

  it('each category has four technologies with name, description, proficiency 0-100, category', () => {
    for (const c of categories) {
      expect(c.technologies).toHaveLength(4);
      for (const t of c.technologies as Json[]) {
        expect(nonEmpty(t.name)).toBe(true);
        expect(nonEmpty(t.description)).toBe(true);
        expect(nonEmpty(t.category)).toBe(true);
        expect(typeof t.proficiency).toBe('number');
        expect(t.proficiency).toBeGreaterThanOrEqual(0);
        expect(t.proficiency).toBeLessThanOrEqual(100);
      }
    }
  });

  it('proficiencies cover both sides of 90 and 85, so every badge colour occurs', () => {
    const values = categories.flatMap((c) => (c.technologies as Json[]).map((t) => t.proficiency as number));
    for (const edge of [90, 85]) {
      expect(values).toContain(edge);
      expect(values.some((v) => v > edge)).toBe(true);
      expect(values.some((v) => v < edge)).toBe(true);
    }
    const tones = new Set<BadgeTone>(values.map(badgeTone));
    expect([...tones].sort()).toEqual(['blue', 'green', 'yellow']);
  });

  it('has the four side panels and a core-capabilities list', () => {
    expect((techStack.panels as Json[]).map((p) => [p.value, p.label])).toEqual([
      ['50+', 'Technologies'],
      ['99.9%', 'Uptime'],
      ['24/7', 'Support'],
      ['ISO', 'Certified Security'],
    ]);
    expect(techStack.capabilities.items.length).toBeGreaterThanOrEqual(4);
    expect(techStack.exploreLabel).toBe('Explore {category}');
  });
});

describe('whyChooseUs.json (SPEC 2.3, 3)', () => {
  it('has the four tabs in order with their labels', () => {
    const tabs = why.tabs as Json[];
    expect(tabs.map((t) => t.id)).toEqual(['why', 'how', 'differentiators', 'outcomes']);
    expect(tabs[0].label).toMatch(/^Why /);
    expect(tabs.slice(1).map((t) => t.label)).toEqual(['How We Work', 'Differentiators', 'Outcomes']);
  });

  it('has six selling points', () => {
    expect(why.usps).toHaveLength(6);
    for (const u of why.usps as Json[]) {
      expect(nonEmpty(u.title) && nonEmpty(u.description) && nonEmpty(u.icon)).toBe(true);
    }
  });

  it('has four numbered steps, each with a What-you-get list', () => {
    const steps = why.process as Json[];
    expect(steps.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    for (const s of steps) {
      expect(nonEmpty(s.title) && nonEmpty(s.description) && nonEmpty(s.duration)).toBe(true);
      expect(s.whatYouGet.length).toBeGreaterThan(0);
      for (const item of s.whatYouGet) expect(nonEmpty(item)).toBe(true);
    }
  });

  it('has an eight-row comparison with tick, cross or text cells', () => {
    const rows = why.comparison.rows as Json[];
    expect(rows).toHaveLength(8);
    for (const r of rows) {
      expect(nonEmpty(r.feature)).toBe(true);
      for (const cell of [r.company, r.typical]) {
        expect(typeof cell === 'boolean' || nonEmpty(cell)).toBe(true);
      }
    }
    const cells = rows.flatMap((r) => [r.company, r.typical]);
    expect(cells).toContain(true);
    expect(cells).toContain(false);
  });

  it('states the delivery claim 2-4 weeks versus 8-12 weeks', () => {
    expect(why.deliveryClaim.company).toBe('2-4 weeks');
    expect(why.deliveryClaim.typical).toBe('8-12 weeks');
    const row = (why.comparison.rows as Json[]).find((r) => r.company === '2-4 weeks');
    expect(row?.typical).toBe('8-12 weeks');
  });

  it('has exactly the four KPIs', () => {
    expect((why.kpis as Json[]).map((k) => [k.value, k.label])).toEqual([
      ['3 weeks', 'Average delivery'],
      ['94%', 'Adoption'],
      ['99.9%', 'Freshness SLA'],
      ['87', 'NPS'],
    ]);
  });

  it('has one complete testimonial', () => {
    for (const key of ['quote', 'author', 'role', 'company']) expect(nonEmpty(why.testimonial[key])).toBe(true);
  });
});

describe('services.json (SPEC 1, 2.16)', () => {
  const list = services as Json[];
  const bySlug = (slug: string) => list.find((s) => s.slug === slug);
  const text = (slug: string) => allStrings(bySlug(slug)).join(' ');

  it('has the four service pages in route order', () => {
    expect(list.map((s) => s.slug)).toEqual([
      'strategy_analysis',
      'data_cleanup',
      'powerbi_dashboards',
      'reporting_solutions',
    ]);
    for (const s of list) expect(s.path).toBe(`/services/${s.slug}`);
  });

  it('each page is complete, substantial and ends with a consultation call to action', () => {
    for (const s of list) {
      for (const key of ['title', 'metaDescription', 'eyebrow', 'headline', 'intro']) {
        expect(nonEmpty(s[key]), `${s.slug}.${key}`).toBe(true);
      }
      expect(s.metaDescription.length).toBeLessThanOrEqual(170);
      expect(s.problems.length).toBeGreaterThanOrEqual(3);
      expect(s.approach.length).toBeGreaterThanOrEqual(3);
      for (const step of s.approach) expect(nonEmpty(step.duration)).toBe(true);
      expect(s.deliverables.length).toBeGreaterThanOrEqual(4);
      expect(nonEmpty(s.timeline.text)).toBe(true);
      expect(s.outcomes.length).toBeGreaterThanOrEqual(3);
      expect(s.faqs.length).toBeGreaterThanOrEqual(2);
      expect(s.cta.href).toBe('/free_consultation');
      expect(nonEmpty(s.cta.label)).toBe(true);
      expect(wordCount(s), s.slug).toBeGreaterThanOrEqual(500);
    }
  });

  it('agrees with the FAQ facts', () => {
    expect(text('strategy_analysis')).toMatch(/1-2 weeks/);
    expect(text('strategy_analysis')).not.toMatch(/analysis (phase )?takes (three|four|[3-9])/i);
    expect(text('powerbi_dashboards')).toMatch(/training/i);
    expect(text('data_cleanup')).toMatch(/GDPR/);
    expect(text('data_cleanup')).toMatch(/HIPAA/);
    expect(text('reporting_solutions')).toMatch(/daily, weekly or monthly/);
  });
});

describe('about.json (SPEC 2.4)', () => {
  it('tells the story with the founding year and four highlights', () => {
    expect(company.foundedYear).toBe(2025);
    expect(about.hero.highlights).toHaveLength(4);
    expect(allStrings(about.hero).join(' ')).toContain('{company.foundedYear}');
  });

  it('has Mission and Vision cards', () => {
    expect((about.mission.cards as Json[]).map((c) => c.id)).toEqual(['mission', 'vision']);
    for (const c of about.mission.cards as Json[]) {
      expect(nonEmpty(c.summary)).toBe(true);
      expect(c.details.paragraphs.length).toBeGreaterThan(0);
    }
  });

  it('has three leadership profiles matching the partners of company.json', () => {
    const members = about.team.members as Json[];
    expect(members.map((m) => ({ name: m.name, role: m.role }))).toEqual(partners);
    for (const m of members) {
      expect(m.expertise.length).toBeGreaterThan(0);
      expect(nonEmpty(m.bio)).toBe(true);
      expect(m.image).toBe(`/assets/images/team/${m.id}.svg`);
      expect(existsSync(fileURLToPath(new URL(`site${m.image}`, root)))).toBe(true);
      expect(m.imageAlt).toContain(m.name);
    }
  });

  it('has six timeline milestones from 2024 to 2026 with achievements', () => {
    const items = about.timeline.items as Json[];
    expect(items).toHaveLength(6);
    const years = items.map((i) => i.year as number);
    expect(Math.min(...years)).toBe(2024);
    expect(Math.max(...years)).toBe(2026);
    expect([...years].sort()).toEqual(years);
    for (const i of items) {
      expect(nonEmpty(i.title) && nonEmpty(i.description) && nonEmpty(i.icon)).toBe(true);
      expect(i.achievements.length).toBeGreaterThan(0);
    }
  });

  it('has four values', () => {
    expect(about.values.items).toHaveLength(4);
  });

  it('has the call to action and a quick navigation to existing sections', () => {
    expect(about.cta.primary).toEqual({ label: 'Join Early Access', href: '/sign_up' });
    expect(about.cta.secondary).toEqual({ label: 'See Our Vision', href: '#mission' });
    const sectionIds = [about.hero, about.mission, about.team, about.timeline, about.values, about.cta].map((s) => s.id);
    expect((about.quickNav as Json[]).map((q) => q.id)).toEqual(sectionIds);
  });
});

describe('story.json (SPEC 2.5)', () => {
  const sections = [story.howItBegan, story.earlyDays, story.milestones, story.future, story.foundingTeam];

  it('has milestones with valid statuses in order: completed, then current, then upcoming', () => {
    const items = story.milestones.items as Json[];
    const order = { completed: 0, current: 1, upcoming: 2 } as const;
    const ranks = items.map((i) => order[i.status as keyof typeof order]);
    for (const rank of ranks) expect(rank).toBeTypeOf('number');
    expect([...ranks].sort()).toEqual(ranks);
    expect(items.filter((i) => i.status === 'current')).toHaveLength(1);
    for (const i of items) expect(i.achievements.length).toBeGreaterThan(0);
  });

  it('has a founding team of three partners: two business, one technical', () => {
    const members = story.foundingTeam.members as Json[];
    expect(members.map((m) => ({ name: m.name, role: m.role }))).toEqual(partners);
    expect(members.filter((m) => m.focus === 'business')).toHaveLength(2);
    expect(members.filter((m) => m.focus === 'technical')).toHaveLength(1);
    expect(members.map((m) => m.id)).toEqual((about.team.members as Json[]).map((m) => m.id));
  });

  it('links Join Our Journey to /sign_up and Watch Our Story to the first story section', () => {
    expect(story.cta.primary).toEqual({ label: 'Join Our Journey', href: '/sign_up' });
    expect(story.cta.secondary).toEqual({ label: 'Watch Our Story', href: `#${story.howItBegan.id}` });
  });

  it('quick navigation lists the story sections in page order', () => {
    expect((story.quickNav as Json[]).map((q) => q.id)).toEqual(sections.map((s) => s.id));
  });
});
