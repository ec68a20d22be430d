/**
 * The six blog posts in site/blog/*.md: every field of SPEC 3 "Blog post" in the front matter,
 * consistent with each other, with the images on disk and with the widget's own feed check.
 */
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { readTimeMinutes, validatePost } from '../../widgets/blog/rules';
import { parseDate, yearOf } from '../../widgets/lib/format';

const ROOT = path.resolve(__dirname, '../..');
const BLOG_DIR = path.join(ROOT, 'site/blog');
const IMAGE_DIR = path.join(ROOT, 'site/assets/images/blog');
const company = JSON.parse(fs.readFileSync(path.join(ROOT, 'site/_data/company.json'), 'utf8')) as {
  siteUrl: string;
  partners: { name: string }[];
};

const CONTENT_CATEGORIES = ['Analytics', 'Engineering', 'Business'];
const DEFAULT_OG_IMAGE = '/assets/images/og-default.png';
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface Seo {
  metaTitle: unknown;
  metaDescription: unknown;
  ogImage: unknown;
}
interface Loaded {
  file: string;
  data: Record<string, unknown>;
  body: string;
  /** The body without fenced code blocks and inline code. */
  prose: string;
}

const files = fs
  .readdirSync(BLOG_DIR)
  .filter((file) => file.endsWith('.md'))
  .sort();

const posts: Loaded[] = files.map((file) => {
  // A fresh string per read: gray-matter caches by input.
  const parsed = matter(fs.readFileSync(path.join(BLOG_DIR, file), 'utf8'));
  const prose = parsed.content.replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, '').replace(/`[^`\n]*`/g, '');
  return { file, data: parsed.data, body: parsed.content, prose };
});

const words = (text: string) => text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

describe('blog content: the set of posts', () => {
  it('has six posts', () => {
    expect(files).toHaveLength(6);
  });

  it('has unique ids and slugs', () => {
    const ids = posts.map((p) => String(p.data.id));
    const slugs = posts.map((p) => p.data.slug);
    expect(new Set(ids).size).toBe(posts.length);
    expect(new Set(slugs).size).toBe(posts.length);
  });

  it('has six different dates from 2024-11 to 2025-06, over at least two years', () => {
    const dates = posts.map((p) => p.data.date as string);
    expect(new Set(dates).size).toBe(6);
    for (const date of dates) {
      expect(date >= '2024-11-01' && date <= '2025-06-30', date).toBe(true);
    }
    expect(new Set(dates.map((d) => yearOf(d))).size).toBeGreaterThanOrEqual(2);
  });

  it('uses each content category at least once', () => {
    const used = new Set(posts.map((p) => p.data.category));
    for (const category of CONTENT_CATEGORIES) expect(used.has(category), category).toBe(true);
  });

  it('has exactly one post without an image', () => {
    expect(posts.filter((p) => p.data.image_url === '')).toHaveLength(1);
  });

  it('shares some tags between posts', () => {
    const counts = new Map<string, number>();
    for (const p of posts) for (const tag of p.data.tags as string[]) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(posts)('blog content: $file', ({ file, data, body, prose }) => {
  const slug = data.slug as string;

  it('has an id that is a number or a short string', () => {
    const id = data.id;
    const ok = (typeof id === 'number' && Number.isInteger(id) && id > 0) || (typeof id === 'string' && /^[a-z0-9-]{1,24}$/.test(id));
    expect(ok, String(id)).toBe(true);
  });

  it('has a kebab-case slug equal to the file name', () => {
    expect(slug).toMatch(KEBAB);
    expect(`${slug}.md`).toBe(file);
  });

  it('has a title and an author from the company', () => {
    expect(typeof data.title === 'string' && data.title.trim().length >= 10).toBe(true);
    expect(company.partners.map((p) => p.name)).toContain(data.author);
  });

  it("has a real 'YYYY-MM-DD' date kept as text", () => {
    expect(typeof data.date).toBe('string');
    const date = data.date as string;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(parseDate(date)?.toISOString().slice(0, 10)).toBe(date);
  });

  it('has a content category', () => {
    expect(CONTENT_CATEGORIES).toContain(data.category);
  });

  it('has 3 to 5 unique lowercase tags', () => {
    const tags = data.tags as unknown[];
    expect(Array.isArray(tags)).toBe(true);
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(5);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect(tag).toMatch(KEBAB);
  });

  it('has an image on disk (or none), and a matching og image', () => {
    const seo = data.seo as Seo;
    if (data.image_url === '') {
      expect(seo.ogImage).toBe(DEFAULT_OG_IMAGE);
      return;
    }
    expect(data.image_url).toBe(`/assets/images/blog/${slug}.svg`);
    expect(seo.ogImage).toBe(data.image_url);
    const svg = fs.readFileSync(path.join(IMAGE_DIR, `${slug}.svg`), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="630" viewBox="0 0 1200 630"/);
    expect(svg).toMatch(/<title[^>]*>[^<]{10,}<\/title>/);
    expect(svg).not.toMatch(/<script|\son[a-z]+=|href="(?:https?:|javascript:)/i);
  });

  it('has a read time consistent with the body at about 220 words per minute', () => {
    const minutes = data.read_time_minutes;
    expect(Number.isInteger(minutes)).toBe(true);
    expect(Math.abs((minutes as number) - readTimeMinutes(body))).toBeLessThanOrEqual(1);
  });

  it('has a summary of one or two sentences', () => {
    const summary = data.summary as string;
    expect(typeof summary).toBe('string');
    const sentences = summary.split(/[.!?](?:\s+|$)/).filter((s) => s.trim() !== '');
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(2);
    expect(summary.length).toBeLessThanOrEqual(320);
  });

  it('has SEO fields within their lengths', () => {
    const seo = data.seo as Seo;
    expect(typeof seo.metaTitle).toBe('string');
    expect((seo.metaTitle as string).length).toBeGreaterThan(0);
    expect((seo.metaTitle as string).length).toBeLessThanOrEqual(60);
    expect(typeof seo.metaDescription).toBe('string');
    expect((seo.metaDescription as string).length).toBeGreaterThanOrEqual(120);
    expect((seo.metaDescription as string).length).toBeLessThanOrEqual(160);
  });

  it('has the canonical URL of its own page', () => {
    expect(data.canonical_url).toBe(`${company.siteUrl}/blog/${slug}/`);
    expect(data.canonical_url).toBe(`https://www.dataclarity.de/blog/${slug}/`);
  });

  it('leaves layout and permalink to the directory data file', () => {
    for (const key of ['layout', 'permalink', 'content', 'eleventyExcludeFromCollections']) {
      expect(Object.keys(data)).not.toContain(key);
    }
  });

  it('is a real article: 900-1,600 words with h2/h3 headings, lists and a code block or table', () => {
    const count = words(body);
    expect(count).toBeGreaterThanOrEqual(900);
    expect(count).toBeLessThanOrEqual(1600);
    expect(prose).not.toMatch(/^# /m);
    expect(prose.match(/^## \S/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(prose).toMatch(/^(?:- |\d+\. )\S/m);
    expect(/^```/m.test(body) || /^\|.*\|\s*$/m.test(body)).toBe(true);
  });

  it('has no raw HTML and no template syntax in the Markdown', () => {
    expect(prose).not.toMatch(/<\/?[a-z!][^>]*>/i);
    expect(body).not.toMatch(/\{\{|\{%|\{#/);
    expect(prose).not.toMatch(/lorem ipsum|\bsample\b|TODO|TBD/i);
  });

  it('passes the widget feed check', () => {
    const result = validatePost({ ...data, content: body });
    expect(result).toMatchObject({ ok: true });
  });
});
