import { libRules } from './libRules.js';

/**
 * The static contact form (widgets/lib/contactFormHtml.ts) for a page's data: the light-DOM
 * content of <dc-contact-form> that posts without JavaScript, and the endpoint the element uses.
 */
const { contactFormHtml } = await libRules('contactFormHtml');
const { CONTACT_ENDPOINT, FORM_PAGE_PATHS } = await libRules('contactLead');

export const leadEndpoint = CONTACT_ENDPOINT;

export function leadForm(variant) {
  return contactFormHtml({ variant, page: FORM_PAGE_PATHS[variant] });
}
