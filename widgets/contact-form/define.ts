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
 * @event submit - CustomEvent<ContactSubmitDetail>, bubbles and composed, on a valid submit
 * @csspart card - the form's outer box
 * @csspart heading - the heading
 * @csspart submit - the submit button
 */
defineElement(TAG, ContactForm, {
  props: { variant: 'string', heading: 'string', headingLevel: 'string', submitLabel: 'string' },
  css,
});

export type { ContactSubmitDetail };

declare global {
  interface HTMLElementTagNameMap {
    'dc-contact-form': HTMLElement & { variant?: string; heading?: string; headingLevel?: string; submitLabel?: string };
  }
}
