import { fillCompanyDeep } from './_config/companyText.js';
import { elementRules, libRules, readData } from './_pageData/rules.js';

const press = await elementRules('press');
const format = await libRules('format');
const { searchField, selectField } = await libRules('filterField');

/**
 * The press page's served list, built by the island's own rules: checked items, newest first,
 * dates as 'Jan 15, 2025', and the year options. A malformed press.json fails the build.
 */
export default function pressData() {
  const items = press.sortPress(press.parsePressItems(fillCompanyDeep(readData('press'), readData('company'))));
  return {
    pressView: {
      items: items.map((item) => ({
        ...item,
        dateLabel: press.pressDisplayDate(item),
        dated: format.parseDate(item.date) !== null,
      })),
      filters: {
        search: searchField(press.PRESS_FILTER_FIELDS.search),
        year: selectField(press.PRESS_FILTER_FIELDS.year),
        years: press.yearFilterOptions(items),
      },
      count: `${items.length} article${items.length === 1 ? '' : 's'}`,
    },
  };
}
