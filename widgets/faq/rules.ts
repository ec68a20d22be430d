/**
 * FAQ rules (SPEC 2.16, 3 "FAQ entry", 4 "FAQ", 5 "FAQ filter", 9). Pure functions: the category
 * chips and the search filter. The accordion (several entries open at once) uses toggleMany from
 * ./disclosure. The questions themselves live in site/_data/faq.json.
 */
import { DataShapeError, expectArray, expectRecord, expectString, expectText, expectUniqueIds } from '../lib/dataShape';
import type { FilterFieldSpec } from '../lib/filterField';

/** The chip that disables the category filter. */
export const FAQ_ALL = 'All';

/** The four FAQ categories of SPEC 2.16, in order (also site/_data/faq.json "categories"). */
export const FAQ_TOPICS = ['Strategy Analysis', 'Data Cleanup', 'PowerBI Dashboard', 'Reporting Solution'] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

/** The category chips, 'All' first (SPEC 2.16). */
export const FAQ_CATEGORIES = [FAQ_ALL, ...FAQ_TOPICS] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** One FAQ entry (SPEC 3). */
export interface FaqEntry {
  id: string;
  category: FaqTopic;
  question: string;
  answer: string;
}

/** The search box and the active chip. search '' and category 'All' (or '') mean "no filter". */
export interface FaqFilter {
  search: string;
  category: string;
}

/** The initial state: no search, category 'All' (SPEC 4). */
export const DEFAULT_FAQ_FILTER: Readonly<FaqFilter> = Object.freeze({ search: '', category: FAQ_ALL });

// Fixed texts (SPEC 2.16, exact strings), each once; the page's title and subtitle are in site/frequently_asked_questions.njk.
export const FAQ_SEARCH_PLACEHOLDER = 'Search frequently asked questions...';
/** The search field (Faq.tsx and site/frequently_asked_questions.njk render it from here): its own look, a hidden label. */
export const FAQ_SEARCH_FIELD: Readonly<FilterFieldSpec> = Object.freeze({
  id: 'faq-search',
  label: 'Search questions',
  labelHidden: true,
  placeholder: FAQ_SEARCH_PLACEHOLDER,
  fieldClass: 'faq-search',
  controlClass: 'faq-search-input',
});
export const FAQ_EMPTY_TITLE = 'No results found';
export const FAQ_EMPTY_HINT = 'Try adjusting your search terms or category filter';
export const FAQ_STILL_QUESTIONS = 'Still have questions?';
export const FAQ_CONTACT_LABEL = 'Contact Our Team';
export const FAQ_CONTACT_HREF = '/contact';

/**
 * The entries matching the filter, in input order (SPEC 5 "FAQ filter"):
 * - search (trimmed): case-insensitive substring of the question or the answer;
 * - category: exact match, unless it is 'All' or '' (no category filter).
 * Both combine (AND).
 */
export function filterFaq<T extends Pick<FaqEntry, 'question' | 'answer'> & { category: string }>(
  entries: readonly T[],
  filter: FaqFilter,
): T[] {
  const needle = filter.search.trim().toLowerCase();
  const category = filter.category === FAQ_ALL ? '' : filter.category;
  return entries.filter(
    (entry) =>
      (category === '' || entry.category === category) &&
      (needle === '' || entry.question.toLowerCase().includes(needle) || entry.answer.toLowerCase().includes(needle)),
  );
}

/** How many entries each chip would show with the current search ('All' counts every match). */
export function categoryCounts(
  entries: readonly (Pick<FaqEntry, 'question' | 'answer'> & { category: string })[],
  search: string,
): Record<FaqCategory, number> {
  const matches = filterFaq(entries, { search, category: FAQ_ALL });
  const counts = Object.fromEntries(FAQ_CATEGORIES.map((category) => [category, 0])) as Record<FaqCategory, number>;
  counts[FAQ_ALL] = matches.length;
  for (const entry of matches) {
    if ((FAQ_TOPICS as readonly string[]).includes(entry.category)) counts[entry.category as FaqTopic] += 1;
  }
  return counts;
}

/**
 * Checks the FAQ feed (/data/faq.json: { categories, entries }) and returns its entries.
 * An entry's category must be one of the four topics (the chips offer no other).
 * @throws DataShapeError naming the first bad field, or a repeated id
 */
export function parseFaqData(raw: unknown): FaqEntry[] {
  const root = expectRecord(raw, 'faq');
  const entries = expectArray(root.entries, 'entries').map((value, index): FaqEntry => {
    const path = `entries[${index}]`;
    const entry = expectRecord(value, path);
    const category = expectText(entry.category, `${path}.category`);
    if (!(FAQ_TOPICS as readonly string[]).includes(category)) {
      throw new DataShapeError(`${path}.category must be one of ${FAQ_TOPICS.join(', ')}`);
    }
    return {
      id: expectText(entry.id, `${path}.id`),
      category: category as FaqTopic,
      question: expectText(entry.question, `${path}.question`),
      answer: expectString(entry.answer, `${path}.answer`),
    };
  });
  expectUniqueIds(entries.map((entry) => entry.id), 'entries');
  return entries;
}

/** The entries grouped by topic, in FAQ_TOPICS order, leaving out topics without an entry. */
export function groupByTopic<T extends { category: string }>(entries: readonly T[]): { topic: FaqTopic; entries: T[] }[] {
  return FAQ_TOPICS.map((topic) => ({ topic, entries: entries.filter((entry) => entry.category === topic) })).filter(
    (group) => group.entries.length > 0,
  );
}

/** A topic as an id fragment: 'PowerBI Dashboard' -> 'powerbi-dashboard'. */
export function topicSlug(topic: string): string {
  return topic
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
