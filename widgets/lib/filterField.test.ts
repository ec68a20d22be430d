// @vitest-environment happy-dom
import { resolve } from 'node:path';
import nunjucks from 'nunjucks';
import { createElement, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { CAREERS_FILTER_FIELDS } from '../careers/rules';
import { FAQ_SEARCH_FIELD } from '../faq/rules';
import { searchField, selectField, type FilterFieldSpec, type FilterOption } from './filterField';
import { PRESS_FILTER_FIELDS, yearFilterOptions } from '../press/rules';
import { SearchField } from './SearchField';
import { SelectField } from './SelectField';

/*
 * The toolbar fields are one markup: what the islands render (SearchField.tsx, SelectField.tsx) must
 * equal what the pages serve (site/_includes/partials/filter-fields.njk), element by element and
 * attribute by attribute, or the upgrade would change the toolbar on screen.
 */
const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(resolve(import.meta.dirname, '../../site/_includes')), {
  autoescape: true,
});

function served(call: string, context: Record<string, unknown>): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = env.renderString(`{%- import "partials/filter-fields.njk" as fields -%}{{ ${call} }}`, context);
  return host;
}

function upgraded(node: Parameters<typeof render>[0]): HTMLElement {
  const host = document.createElement('div');
  render(node, host);
  return host;
}

/** Tag, sorted attributes (the input's `value` is a property in one and an attribute in the other) and own text, depth first. */
function shape(root: Element): string[] {
  return [...root.querySelectorAll('*')].map((element) => {
    const attributes = [...element.attributes]
      .filter((attribute) => attribute.name !== 'value' || element.localName !== 'input')
      .map((attribute) => `${attribute.name}="${attribute.value}"`)
      .sort();
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === 3)
      .map((node) => node.textContent?.trim())
      .join('');
    return `<${element.localName} ${attributes.join(' ')}>${text}`;
  });
}

const noop = () => {};

function compareSearch(spec: FilterFieldSpec) {
  const island = upgraded(createElement(SearchField, { field: spec, value: '', onInput: noop }));
  const page = served('fields.searchField(field)', { field: searchField(spec) });
  expect(shape(island)).toEqual(shape(page));
  return shape(page);
}

function compareSelect(spec: FilterFieldSpec, options: FilterOption[]) {
  const island = upgraded(createElement(SelectField, { field: spec, options, value: '', onChange: noop }));
  const page = served('fields.selectField(field, options)', { field: selectField(spec), options });
  expect(shape(island)).toEqual(shape(page));
  return shape(page);
}

describe('filter toolbar fields: island and served page are the same markup', () => {
  it('the careers search field', () => {
    expect(compareSearch(CAREERS_FILTER_FIELDS.search)).toEqual([
      '<div class="form-field careers-field-search">',
      '<label for="careers-search">Search',
      '<input autocomplete="off" class="form-input form-input-search" id="careers-search" placeholder="Job title or keyword" type="search">',
    ]);
  });

  it('the careers dropdowns', () => {
    const options = [
      { value: '', label: 'All Departments' },
      { value: 'data', label: 'Data & Analytics' },
    ];
    for (const spec of [CAREERS_FILTER_FIELDS.department, CAREERS_FILTER_FIELDS.location, CAREERS_FILTER_FIELDS.employmentType]) {
      expect(compareSelect(spec, options)).toEqual([
        '<div class="form-field">',
        `<label for="${spec.id}">${spec.label}`,
        `<select class="form-input form-select" id="${spec.id}">`,
        '<option value="">All Departments',
        '<option value="data">Data & Analytics',
      ]);
    }
  });

  it('the press search field and year dropdown', () => {
    compareSearch(PRESS_FILTER_FIELDS.search);
    const years = yearFilterOptions([{ date: '2024-03-01' }, { date: '2025-01-15' }]);
    expect(years).toEqual([
      { value: '', label: 'All Years' },
      { value: '2025', label: '2025' },
      { value: '2024', label: '2024' },
    ]);
    expect(compareSelect(PRESS_FILTER_FIELDS.year, years)[0]).toBe('<div class="form-field">');
  });

  it('the FAQ search field, with its own classes and a hidden label', () => {
    expect(compareSearch(FAQ_SEARCH_FIELD)).toEqual([
      '<div class="faq-search">',
      '<label class="sr-only" for="faq-search">Search questions',
      '<input autocomplete="off" class="faq-search-input" id="faq-search" placeholder="Search frequently asked questions..." type="search">',
    ]);
  });

  it('fields without a wrapper (label and control straight in the toolbar, as the blog lays them out)', () => {
    const spec = { id: 'blog-year', label: 'Year', labelHidden: true, fieldClass: '', controlClass: 'blog-input blog-select' };
    expect(compareSelect(spec, [{ value: '', label: 'All years' }])).toEqual([
      '<label class="sr-only" for="blog-year">Year',
      '<select class="blog-input blog-select" id="blog-year">',
      '<option value="">All years',
    ]);
    expect(compareSearch({ id: 'q', label: 'Search', fieldClass: '' })).toEqual([
      '<label for="q">Search',
      '<input autocomplete="off" class="form-input form-input-search" id="q" type="search">',
    ]);
  });

  it('escapes text in both renderings', () => {
    compareSelect({ id: 'x', label: 'A <b> & "c"' }, [{ value: '"v"', label: '<i>' }]);
  });
});

describe('the components', () => {
  it('report the new value, and disable the control', () => {
    const seen: string[] = [];
    const host = upgraded(
      createElement('div', null, [
        createElement(SearchField, { field: PRESS_FILTER_FIELDS.search, value: '', onInput: (v: string) => seen.push(`search:${v}`), disabled: true }),
        createElement(SelectField, {
          field: PRESS_FILTER_FIELDS.year,
          options: [
            { value: '', label: 'All Years' },
            { value: '2024', label: '2024' },
          ],
          value: '2024',
          onChange: (v: string) => seen.push(`year:${v}`),
        }),
      ]),
    );
    const input = host.querySelector('input')!;
    const select = host.querySelector('select')!;
    expect(input.disabled).toBe(true);
    expect(select.value).toBe('2024');
    input.value = 'bi';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    select.value = '';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen).toEqual(['search:bi', 'year:']);
  });
});
