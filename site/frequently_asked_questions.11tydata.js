import { fillCompanyDeep } from './_config/companyText.js';
import { elementRules, libRules, readData } from './_pageData/rules.js';

const faq = await elementRules('faq');
const { searchField } = await libRules('filterField');

/**
 * The FAQ page's view (the same groups, chips and counts the island renders) and its FAQPage
 * structured data. A malformed faq.json fails the build, naming the field.
 */
export default function faqData() {
  const company = readData('company');
  const entries = faq.parseFaqData(fillCompanyDeep(readData('faq'), company));
  const counts = faq.categoryCounts(entries, '');
  return {
    faqView: {
      entries,
      groups: faq.groupByTopic(entries).map((group) => ({ ...group, slug: faq.topicSlug(group.topic) })),
      chips: faq.FAQ_CATEGORIES.map((name) => ({ name, count: counts[name], pressed: name === faq.FAQ_ALL })),
      search: searchField(faq.FAQ_SEARCH_FIELD),
      status: `${entries.length} questions`,
      stillQuestions: faq.FAQ_STILL_QUESTIONS,
      contactLabel: faq.FAQ_CONTACT_LABEL,
      contactHref: faq.FAQ_CONTACT_HREF,
    },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: entries.map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: entry.answer },
      })),
    },
  };
}
