/**
 * The six finance reports of the SPEC's portfolio gallery, in their order: what
 * site/_data/reports.json must hold and the gallery's tabs show. Written here as the SPEC has
 * them, not read from the data, so that the tests of the data and of the page can fail.
 */
export const SPEC_REPORT_TITLES: readonly string[] = [
  'Overview',
  'Expense & Cost Control',
  'Balance Sheet Analysis',
  'Income Statement',
  'Forecasting & Scenario Planning',
  'Variance & Budget Control',
];
