import { defineElement } from '../lib/defineElement';
import { ContactForm, type ContactSubmitDetail } from './ContactForm';
import css from './styles.css';

export const TAG = 'dc-contact-form';

/**
 * <dc-contact-form> (public, embeddable).
 * @attr variant - 'contact' (default) or 'consultation'
 * @attr heading - overrides the heading text
 * @attr heading-level - 1 to 6 (default 2)
 * @attr submit-label - overrides the submit button text
 * @attr action - endpoint URL: a valid submit POSTs the values there (JSON); without it nothing is sent
 * @attr contact-email - address named in the "could not send" messages (default DataClarity's)
 * @event dc-submit - CustomEvent<ContactSubmitDetail>, bubbles, composed, cancelable, on a valid submit
 * @event submit - deprecated twin of dc-submit (same detail, cancelable); removed in the next major version
 * @csspart card - the form's outer box
 * @csspart heading - the heading
 * @csspart submit - the submit button
 */
defineElement(TAG, ContactForm, {
  props: { variant: 'string', heading: 'string', headingLevel: 'string', submitLabel: 'string', action: 'string', contactEmail: 'string' },
  css,
});

export type { ContactSubmitDetail };

declare global {
  interface HTMLElementTagNameMap {
    'dc-contact-form': HTMLElement & {
      variant?: string;
      heading?: string;
      headingLevel?: string;
      submitLabel?: string;
      action?: string;
      contactEmail?: string;
    };
  }
}
