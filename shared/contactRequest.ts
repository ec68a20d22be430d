import { COMPANY } from './company';
import { API_BASE } from './constants';
import { validateContact, type ContactErrors, type ContactField, type ContactValues } from './validation';

/**
 * A contact request (a contact or consultation request) as it travels from <dc-contact-form> or the
 * no-JavaScript form to `POST /dc_api/wa_v1/contact`: the field names, the variants, the honeypot,
 * the reading of an untrusted body and the messages of a failed send. Shared by the element,
 * the static form (built with ./contactFormHtml) and the server, so each rule and text is written
 * once. The field rules and SPEC 8 messages themselves are those of ./validation.
 */

/** The company's contact address (site/_data/company.json, through ./company): named in every "could not send" message. */
export const COMPANY_EMAIL: string = COMPANY.email;

/** The contact request endpoint of the site's own server. */
export const CONTACT_ENDPOINT = `${API_BASE}/contact`;

export const CONTACT_REQUEST_VARIANTS = ['contact', 'consultation'] as const;
export type ContactRequestVariant = (typeof CONTACT_REQUEST_VARIANTS)[number];

export function isContactRequestVariant(value: unknown): value is ContactRequestVariant {
  return typeof value === 'string' && (CONTACT_REQUEST_VARIANTS as readonly string[]).includes(value);
}

/**
 * Name of the honeypot field: hidden from people (and from assistive technology), filled in by
 * form-filling bots. A request that fills it is answered like a success and kept as spam.
 */
export const HONEYPOT_FIELD = 'company_website';

/** How long the element waits for the server before it reports a timeout. */
export const SEND_TIMEOUT_MS = 15_000;

/** Where a no-JavaScript form post lands after the contact request is stored (303 See Other). */
export const THANK_YOU_PATHS: Readonly<Record<ContactRequestVariant, string>> = Object.freeze({
  contact: '/contact/thank_you',
  consultation: '/free_consultation/thank_you',
});

/** The page a no-JavaScript form post comes back to when a field must be corrected. */
export const FORM_PAGE_PATHS: Readonly<Record<ContactRequestVariant, string>> = Object.freeze({
  contact: '/contact',
  consultation: '/free_consultation',
});

/** JSON body of `POST /contact` (the element sends this; a form post sends the same names). */
export interface ContactRequestBody extends ContactValues {
  variant: ContactRequestVariant;
  /** The honeypot, always sent empty by a person's browser. */
  [HONEYPOT_FIELD]?: string;
  /** The page the form is on (origin and path; the server keeps no query string). */
  page?: string;
}

/** `201` answer of `POST /contact`. */
export interface ContactRequestReceipt {
  id: string;
  receivedAt: string;
}

export const VARIANT_INVALID = `Choose the kind of request: ${CONTACT_REQUEST_VARIANTS.join(' or ')}.`;

export const SEND_FAILURES = ['rateLimited', 'network', 'timeout', 'server', 'tooLarge', 'rejected'] as const;
export type SendFailure = (typeof SEND_FAILURES)[number];

/** The message of a send that did not reach the company; each names the address to write to instead. */
export function sendFailureMessage(kind: SendFailure, email: string = COMPANY_EMAIL): string {
  switch (kind) {
    case 'rateLimited':
      return `You have sent several messages in a short time. Please wait a few minutes and try again, or write to us at ${email}.`;
    case 'network':
      return `Your message could not be sent: our server could not be reached. Please check your connection and try again, or write to us at ${email}.`;
    case 'timeout':
      return `Our server did not answer in time, so we cannot be sure your message arrived. Please try again (it will not be counted twice), or write to us at ${email}.`;
    case 'server':
      return `Something went wrong on our side and your message was not sent. Please try again in a moment, or write to us at ${email}.`;
    case 'tooLarge':
      return `Your message is too long to send. Please shorten it, or write to us at ${email}.`;
    case 'rejected':
      return `Your message could not be sent. Please check the fields and try again, or write to us at ${email}.`;
  }
}

/** The messages with the company's address (the server's HTML answers). */
export const SEND_FAILURE = Object.freeze(
  Object.fromEntries(SEND_FAILURES.map((kind) => [kind, sendFailureMessage(kind)])) as Record<SendFailure, string>,
);

/** What the server reads from a body: every field a string ('' when missing or not a string). */
export interface ContactRequestInput {
  values: ContactValues;
  /** The raw variant text ('' when missing); see {@link validateContactRequest}. */
  variant: string;
  honeypot: string;
  page: string;
}

function text(source: Record<string, unknown>, key: string): string {
  const value = source[key];
  return typeof value === 'string' ? value : '';
}

/**
 * Reads a contact request from an untrusted body (JSON object or parsed form post). A field that is missing
 * or not a string becomes '', so that {@link validateContactRequest} names each bad field. A form post
 * without a variant is a contact request.
 */
export function readContactRequestInput(body: unknown): ContactRequestInput {
  const source = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  return {
    values: {
      name: text(source, 'name'),
      email: text(source, 'email'),
      phone: text(source, 'phone'),
      message: text(source, 'message'),
    },
    variant: text(source, 'variant').trim().toLowerCase() || 'contact',
    honeypot: text(source, HONEYPOT_FIELD),
    page: text(source, 'page'),
  };
}

export type ContactRequestErrors = ContactErrors & { variant?: string };

/** The contact rules of ./validation (SPEC 5, SPEC 8 messages), plus the variant. */
export function validateContactRequest(input: ContactRequestInput): ContactRequestErrors {
  const errors: ContactRequestErrors = validateContact(input.values);
  if (!isContactRequestVariant(input.variant)) errors.variant = VARIANT_INVALID;
  return errors;
}

/** Field order: the order of the form, and of "focus the first invalid field". */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

/** The words of each variant: the element, the static form of the pages and the server's form pages. */
export interface VariantText {
  heading: string;
  intro: string;
  submit: string;
  /** Label of the message field. */
  messageLabel: string;
  messagePlaceholder: string;
  /** What the live region says in the sent state. */
  sentAnnouncement: string;
}

export const VARIANT_TEXT: Readonly<Record<ContactRequestVariant, VariantText>> = Object.freeze({
  contact: {
    heading: 'Send us a message',
    intro: 'Tell us about your data challenge. All fields are required.',
    submit: 'Send Message',
    messageLabel: 'Message',
    messagePlaceholder: 'What would you like to improve in your reporting or data?',
    sentAnnouncement: 'Message sent. Thank you, we will get back to you within 24 hours.',
  },
  consultation: {
    heading: 'Request your free consultation',
    intro: 'Tell us a little about your situation and we will propose a time for the call. All fields are required.',
    submit: 'Request Free Consultation',
    messageLabel: 'What would you like to discuss?',
    messagePlaceholder: 'For example: our monthly reporting takes three days and the numbers never match.',
    sentAnnouncement: 'Request sent. Thank you, we will get back to you within 24 hours to schedule your consultation.',
  },
});
