/**
 * The pure part of <dc-contact-form>: variants and their texts, reading the
 * element's attributes, the state texts of SPEC 4 and the submitted values.
 * The field rules and messages are the shared ones of ../../shared/validation.
 */
import { CONTACT_FIELDS, CONTACT_REQUEST_VARIANTS, type ContactRequestVariant } from '../../shared/contactRequest';
import type { ContactErrors, ContactField, ContactValues } from '../../shared/validation';

export const EMPTY_CONTACT: Readonly<ContactValues> = Object.freeze({ name: '', email: '', phone: '', message: '' });

/** Button texts of the processing and sent states (SPEC 4, exact). */
export const PROCESSING_TEXT = 'Processing...';
export const SENT_TEXT = '✓ Message Sent!';

export type FormStatus = 'idle' | 'processing' | 'sent';

/** The variants: the contact request variants the server accepts (../../shared/contactRequest). */
export const VARIANTS = CONTACT_REQUEST_VARIANTS;
export type Variant = ContactRequestVariant;

/** A warning for the console, or none. */
export type Parsed<T> = { value: T; warning?: string };

/** The `variant` attribute: 'contact' (default) or 'consultation'; anything else warns and falls back. */
export function parseVariant(raw: string | null | undefined): Parsed<Variant> {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return { value: 'contact' };
  if ((VARIANTS as readonly string[]).includes(value)) return { value: value as Variant };
  return { value: 'contact', warning: `variant="${raw}" is not one of ${VARIANTS.join(', ')}; using "contact".` };
}

/** The `heading-level` attribute: 1 to 6, default 2; anything else warns and falls back to 2. */
export function parseHeadingLevel(raw: string | null | undefined): Parsed<1 | 2 | 3 | 4 | 5 | 6> {
  const value = (raw ?? '').trim();
  if (value === '') return { value: 2 };
  if (/^[1-6]$/.test(value)) return { value: Number(value) as 1 | 2 | 3 | 4 | 5 | 6 };
  return { value: 2, warning: `heading-level="${raw}" is not a number from 1 to 6; using 2.` };
}

/** A text attribute that overrides a default: blank means "use the default". */
export function textOr(raw: string | null | undefined, fallback: string): string {
  const value = (raw ?? '').trim();
  return value === '' ? fallback : value;
}

/** The first field (in form order) that has an error, or null. */
export function firstInvalidField(errors: ContactErrors): ContactField | null {
  return CONTACT_FIELDS.find((field) => (errors[field] ?? '') !== '') ?? null;
}

/** The values a valid submit hands on (event detail, console): each trimmed of surrounding whitespace. */
export function submittedValues(values: ContactValues): ContactValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    message: values.message.trim(),
  };
}

/** Text of the submit button in each state. */
export function buttonText(status: FormStatus, idleText: string): string {
  if (status === 'processing') return PROCESSING_TEXT;
  if (status === 'sent') return SENT_TEXT;
  return idleText;
}
