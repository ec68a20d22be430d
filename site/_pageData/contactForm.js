import { sharedRules } from './rules.js';

/**
 * The static contact form (shared/contactFormHtml.ts) for a page's data: the light-DOM
 * content of <dc-contact-form> that posts without JavaScript, and the endpoint the element uses.
 */
const { contactFormHtml } = /** @type {typeof import('../../shared/contactFormHtml')} */ (await sharedRules('contactFormHtml'));
const { CONTACT_ENDPOINT, FORM_PAGE_PATHS } = /** @type {typeof import('../../shared/contactRequest')} */ (await sharedRules('contactRequest'));

export const contactEndpoint = CONTACT_ENDPOINT;

/** @param {import('../../shared/contactRequest').ContactRequestVariant} variant */
export function contactForm(variant) {
  return contactFormHtml({ variant, page: FORM_PAGE_PATHS[variant] });
}
