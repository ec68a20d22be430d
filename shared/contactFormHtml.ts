import { PHONE_HTML_PATTERN, contactFieldSpecs, type ContactFieldSpec } from './contactFields';
import { CONTACT_ENDPOINT, HONEYPOT_FIELD, VARIANT_TEXT, type ContactRequestVariant } from './contactRequest';
import { type ContactErrors, type ContactValues } from './validation';
import { escapeHtml } from './escapeHtml';

/**
 * The contact form as plain HTML: the no-JavaScript content of <dc-contact-form> on /contact and
 * /free_consultation (built by Eleventy through site/_pageData/rules.js) and the form the server
 * sends back with the visitor's values and the messages to fix when a form post is refused. One
 * function, so the page and the server's answer cannot drift apart. The browser checks the native
 * constraints (required, minlength, type=email, a phone pattern) before posting; the server
 * checks the shared rules again.
 */

/** The phone pattern of the fields' description, kept under its old name for the static form's readers. */
export { PHONE_HTML_PATTERN };

export interface StaticFormOptions {
  variant: ContactRequestVariant;
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

/** A field's native attributes, in the static form's order (type, autocomplete, constraints). */
function fieldAttributes(spec: ContactFieldSpec): string {
  return [
    spec.type === 'textarea' ? `rows="${spec.rows ?? 5}"` : `type="${spec.type}"`,
    `autocomplete="${spec.autoComplete}"`,
    spec.inputMode ? `inputmode="${spec.inputMode}"` : '',
    spec.spellCheck === false ? 'spellcheck="false"' : '',
    `placeholder="${escapeHtml(spec.placeholder)}"`,
    spec.minLength !== undefined ? `minlength="${spec.minLength}"` : '',
    spec.maxLength !== undefined ? `maxlength="${spec.maxLength}"` : '',
    spec.pattern ? `pattern="${escapeHtml(spec.pattern)}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The whole form (a `.card` block), with values and error messages when given. */
export function contactFormHtml(options: StaticFormOptions): string {
  const { variant, values = {}, errors = {} } = options;
  const prefix = options.idPrefix ?? 'lf';
  const level = options.headingLevel ?? 2;
  const text = VARIANT_TEXT[variant];
  const specs = contactFieldSpecs(variant);
  const invalid = specs.filter((spec) => errors[spec.field]);
  const parts: string[] = [];
  parts.push(`<form class="card lead-form" method="post" action="${escapeHtml(options.action ?? CONTACT_ENDPOINT)}" aria-labelledby="${prefix}-heading">`);
  parts.push(`<h${level} id="${prefix}-heading" class="lead-form-heading">${escapeHtml(text.heading)}</h${level}>`);
  parts.push(`<p class="lead-form-intro">${escapeHtml(text.intro)}</p>`);
  if (invalid.length > 0 || errors.variant) {
    parts.push(`<div class="lead-form-alert" role="alert" tabindex="-1" id="${prefix}-alert"><p><strong>Please correct ${invalid.length === 1 ? 'this field' : 'these fields'} and send again:</strong></p><ul>`);
    for (const { field, label } of invalid) {
      parts.push(`<li><a href="#${prefix}-${field}">${escapeHtml(label)}: ${escapeHtml(errors[field]!)}</a></li>`);
    }
    if (errors.variant) parts.push(`<li>${escapeHtml(errors.variant)}</li>`);
    parts.push('</ul></div>');
  }
  parts.push(`<input type="hidden" name="variant" value="${escapeHtml(variant)}">`);
  if (options.page) parts.push(`<input type="hidden" name="page" value="${escapeHtml(options.page)}">`);
  for (const spec of specs) {
    const { field } = spec;
    const id = `${prefix}-${field}`;
    const error = errors[field] ?? '';
    const describedBy = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    const common = `id="${id}" name="${field}" class="form-input" required${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
    const value = values[field] ?? '';
    parts.push(`<div class="form-field lead-form-${field}">`);
    parts.push(`<label for="${id}">${escapeHtml(spec.label)}</label>`);
    parts.push(
      spec.type === 'textarea'
        ? `<textarea ${common} ${fieldAttributes(spec)}>${escapeHtml(value)}</textarea>`
        : `<input ${common} ${fieldAttributes(spec)} value="${escapeHtml(value)}">`,
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
