import { defineElement } from '../lib/defineElement';
import { PROPS } from './attributes';
import { ContactForm, type ContactSubmitDetail } from './ContactForm';
import css from './styles.css';

export const TAG = 'dc-contact-form';

/** <dc-contact-form> (public, embeddable): its API is api.json (README.md). */
defineElement(TAG, ContactForm, { props: PROPS, css });

export type { ContactSubmitDetail };
