import { VARIANT_TEXT, type ContactRequestVariant } from './contactRequest';
import { LIMITS } from './constants';
import { INPUT_MAX, type ContactField } from './validation';

/**
 * The contact form's fields, described once: <dc-contact-form> (widgets/contact-form/ContactForm.tsx)
 * and the no-JavaScript form (./contactFormHtml: the pages' light DOM and the server's answer to a
 * refused form post) both render these, so the two forms cannot drift apart again. (They had: the
 * element's fields had no maxlength, minlength or phone pattern; the static form had none of the
 * element's placeholders, inputmode or autocomplete="off" on the message; and the element's
 * `spellCheck={false}` never reached the DOM: Preact drops an attribute set to false, so spelling
 * marks showed under names and addresses.)
 * The order is the forms' order.
 */
export interface ContactFieldSpec {
  field: ContactField;
  label: string;
  /** `textarea`, or the input's type. */
  type: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete: string;
  inputMode?: 'email' | 'tel';
  /** false: no spelling marks (names, addresses and numbers are not words). */
  spellCheck?: false;
  placeholder: string;
  /** Shown under the field, referenced by aria-describedby. */
  hint?: string;
  /** Native constraints: the browser checks them before a no-JavaScript post; the shared rules check again. */
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** A textarea's height. */
  rows?: number;
}

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

/** The fields of a variant's form, in order (the message's label and placeholder are the variant's). */
export function contactFieldSpecs(variant: ContactRequestVariant): readonly ContactFieldSpec[] {
  const text = VARIANT_TEXT[variant];
  return [
    {
      field: 'name',
      label: 'Name',
      type: 'text',
      autoComplete: 'name',
      spellCheck: false,
      placeholder: 'e.g. Jana Weber',
      minLength: LIMITS.nameMin,
      maxLength: INPUT_MAX.name,
    },
    {
      field: 'email',
      label: 'Email',
      type: 'email',
      autoComplete: 'email',
      inputMode: 'email',
      spellCheck: false,
      placeholder: 'e.g. jana.weber@company.com',
      maxLength: INPUT_MAX.email,
    },
    {
      field: 'phone',
      label: 'Phone',
      type: 'tel',
      autoComplete: 'tel',
      inputMode: 'tel',
      spellCheck: false,
      placeholder: 'e.g. +49 621 1234567',
      hint: 'For example +49 621 123 4567 or 0621 123 4567; spaces, hyphens and brackets are fine.',
      pattern: PHONE_HTML_PATTERN,
    },
    {
      field: 'message',
      label: text.messageLabel,
      type: 'textarea',
      autoComplete: 'off',
      placeholder: text.messagePlaceholder,
      minLength: LIMITS.messageMin,
      maxLength: INPUT_MAX.message,
      rows: 5,
    },
  ];
}
