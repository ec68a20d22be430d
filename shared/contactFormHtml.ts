import { CONTACT_ENDPOINT, CONTACT_FIELDS, HONEYPOT_FIELD, VARIANT_TEXT, type LeadVariant } from './contactLead';
import { INPUT_MAX, type ContactErrors, type ContactField, type ContactValues } from './validation';
import { LIMITS } from './constants';
import { escapeHtml } from './escapeHtml';

/**
 * The contact form as plain HTML: the no-JavaScript content of <dc-contact-form> on /contact and
 * /free_consultation (built by Eleventy through site/_config/libRules.js) and the form the server
 * sends back with the visitor's values and the messages to fix when a form post is refused. One
 * function, so the page and the server's answer cannot drift apart. The browser checks the native
 * constraints (required, minlength, type=email, a phone pattern) before posting; the server
 * checks the shared rules again.
 */

/** Separators allowed anywhere in a phone number (as ./validation removes them). */
const SEP = '(?:\\s|-|\\(|\\))*';

/**
 * The phone rule of ./validation as an HTML `pattern` (implicitly anchored, compiled with the `v`
 * flag): separators anywhere, then either an optional leading +, a first digit 1-9 and up to 15 more
 * digits, or a national number: 0, a digit 1-9 and 4 to 14 more digits.
 */
const INTERNATIONAL = `\\+?${SEP}[1-9](?:${SEP}[0-9]){0,${LIMITS.phoneMaxDigits - 1}}`;
const NATIONAL = `0${SEP}[1-9](?:${SEP}[0-9]){${LIMITS.phoneNationalMinDigits - 2},${LIMITS.phoneMaxDigits - 2}}`;
export const PHONE_HTML_PATTERN = `${SEP}(?:${INTERNATIONAL}|${NATIONAL})${SEP}`;

export interface StaticFormOptions {
  variant: LeadVariant;
  action?: string;
  values?: Partial<ContactValues>;
  errors?: ContactErrors & { variant?: string };
  /** The page the form is on (sent along as `page`). */
  page?: string;
  /** Prefix of the element ids (default 'lf'), unique per page. */
  idPrefix?: string;
  /** Heading level (default 2). */
  headingLevel?: number;
}

interface StaticField {
  label: string;
  attributes: string;
  hint?: string;
  textarea?: boolean;
}

function fieldSpecs(variant: LeadVariant): Record<ContactField, StaticField> {
  const text = VARIANT_TEXT[variant];
  return {
    name: { label: 'Name', attributes: `type="text" autocomplete="name" minlength="${LIMITS.nameMin}" maxlength="${INPUT_MAX.name}"` },
    email: { label: 'Email', attributes: `type="email" autocomplete="email" maxlength="${INPUT_MAX.email}"` },
    phone: {
      label: 'Phone',
      attributes: `type="tel" autocomplete="tel" pattern="${escapeHtml(PHONE_HTML_PATTERN)}"`,
      hint: 'For example +49 621 123 4567 or 0621 123 4567; spaces, hyphens and brackets are fine.',
    },
    message: { label: text.messageLabel, attributes: `rows="5" minlength="${LIMITS.messageMin}" maxlength="${INPUT_MAX.message}"`, textarea: true },
  };
}

/** The whole form (a `.card` block), with values and error messages when given. */
export function contactFormHtml(options: StaticFormOptions): string {
  const { variant, values = {}, errors = {} } = options;
  const prefix = options.idPrefix ?? 'lf';
  const level = options.headingLevel ?? 2;
  const text = VARIANT_TEXT[variant];
  const specs = fieldSpecs(variant);
  const invalid = CONTACT_FIELDS.filter((field) => errors[field]);
  const parts: string[] = [];
  parts.push(`<form class="card lead-form" method="post" action="${escapeHtml(options.action ?? CONTACT_ENDPOINT)}" aria-labelledby="${prefix}-heading">`);
  parts.push(`<h${level} id="${prefix}-heading" class="lead-form-heading">${escapeHtml(text.heading)}</h${level}>`);
  parts.push(`<p class="lead-form-intro">${escapeHtml(text.intro)}</p>`);
  if (invalid.length > 0 || errors.variant) {
    parts.push(`<div class="lead-form-alert" role="alert" tabindex="-1" id="${prefix}-alert"><p><strong>Please correct ${invalid.length === 1 ? 'this field' : 'these fields'} and send again:</strong></p><ul>`);
    for (const field of invalid) {
      parts.push(`<li><a href="#${prefix}-${field}">${escapeHtml(specs[field].label)}: ${escapeHtml(errors[field]!)}</a></li>`);
    }
    if (errors.variant) parts.push(`<li>${escapeHtml(errors.variant)}</li>`);
    parts.push('</ul></div>');
  }
  parts.push(`<input type="hidden" name="variant" value="${escapeHtml(variant)}">`);
  if (options.page) parts.push(`<input type="hidden" name="page" value="${escapeHtml(options.page)}">`);
  for (const field of CONTACT_FIELDS) {
    const spec = specs[field];
    const id = `${prefix}-${field}`;
    const error = errors[field] ?? '';
    const describedBy = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    const common = `id="${id}" name="${field}" class="form-input" required${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
    const value = values[field] ?? '';
    parts.push(`<div class="form-field lead-form-${field}">`);
    parts.push(`<label for="${id}">${escapeHtml(spec.label)}</label>`);
    parts.push(
      spec.textarea
        ? `<textarea ${common} ${spec.attributes}>${escapeHtml(value)}</textarea>`
        : `<input ${common} ${spec.attributes} value="${escapeHtml(value)}">`,
    );
    if (spec.hint) parts.push(`<p id="${id}-hint" class="lead-form-hint">${escapeHtml(spec.hint)}</p>`);
    if (error) parts.push(`<p id="${id}-error" class="lead-form-error">${escapeHtml(error)}</p>`);
    parts.push('</div>');
  }
  // The honeypot: off-screen, out of the tab order and hidden from assistive technology.
  parts.push(
    `<div class="lead-form-hp" aria-hidden="true"><label for="${prefix}-hp">Leave this field empty</label><input id="${prefix}-hp" type="text" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" value=""></div>`,
  );
  parts.push(`<div class="lead-form-actions"><button type="submit" class="btn btn-primary">${escapeHtml(text.submit)}</button></div>`);
  parts.push('</form>');
  return parts.join('\n');
}
