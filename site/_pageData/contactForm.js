import { sharedRules } from './rules.js';

/**
 * The static contact form (shared/contactFormHtml.ts) for a page's data: the light-DOM
 * content of <dc-contact-form> that posts without JavaScript, and the endpoint the element uses.
 */
const { contactFormHtml } = await sharedRules('contactFormHtml');
const { CONTACT_ENDPOINT, FORM_PAGE_PATHS } = await sharedRules('contactLead');

export const contactEndpoint = CONTACT_ENDPOINT;

export function contactForm(variant) {
  return contactFormHtml({ variant, page: FORM_PAGE_PATHS[variant] });
}
