import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORM_PAGE_PATHS, type ContactRequestVariant } from '../../shared/contactRequest';
import { contactFormHtml } from '../../shared/contactFormHtml';
import { escapeHtml } from '../../shared/escapeHtml';
import type { ContactErrors, ContactValues } from '../../shared/validation';

/**
 * The HTML answer to a form post (no JavaScript) that cannot be taken: the built page
 * dist/contact/form_error/index.html (site/contact_form_error.njk: the site's layout, styles and
 * CSP hashes) with its marked region replaced by the form, filled with what the visitor typed and the
 * message of each field to fix, or by a plain notice (too many requests, too large, server error).
 * Every visitor value is escaped.
 */

export const FORM_MARKER = '<!--dc-lead-form-->';
export const FORM_MARKER_END = '<!--/dc-lead-form-->';

/** Where the built page is, relative to dist/. */
export const FORM_ERROR_PAGE = 'contact/form_error/index.html';

export interface FormPageRenderer {
  /** The form again with values and messages. */
  invalid(variant: ContactRequestVariant, values: ContactValues, errors: ContactErrors & { variant?: string }): string;
  /** A notice (429, 413, 500): the message and a link back to the form. */
  notice(variant: ContactRequestVariant, message: string): string;
}

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check your message | DataClarity</title><meta name="robots" content="noindex"></head><body><main>${FORM_MARKER}</main></body></html>`;

export function formPageRenderer(distDir: string): FormPageRenderer {
  let template: string | null = null;
  const page = (): string => {
    if (template === null) {
      const file = join(distDir, FORM_ERROR_PAGE);
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      template = text.includes(FORM_MARKER) ? text : FALLBACK;
    }
    return template;
  };
  const fill = (html: string) => {
    const text = page();
    const start = text.indexOf(FORM_MARKER);
    const end = text.indexOf(FORM_MARKER_END, start);
    return end === -1 ? text.replace(FORM_MARKER, () => html) : text.slice(0, start) + html + text.slice(end + FORM_MARKER_END.length);
  };
  return {
    invalid(variant, values, errors) {
      return fill(contactFormHtml({ variant, values, errors, page: FORM_PAGE_PATHS[variant], idPrefix: 'lf' }));
    },
    notice(variant, message) {
      const back = FORM_PAGE_PATHS[variant];
      return fill(
        `<div class="card lead-form lead-form-notice" role="alert"><h2 class="lead-form-heading">Your message was not sent</h2><p>${escapeHtml(message)}</p><p><a class="btn btn-primary" href="${escapeHtml(back)}">Back to the form</a></p></div>`,
      );
    },
  };
}
