// Written by build/elementAttributes.mjs from widgets/contact-form/api.json (npm run build). Do not edit: edit api.json.

/** The properties r2wc reads from <dc-contact-form>'s attributes, and the type each arrives in. */
export const PROPS = {
  variant: 'string',
  heading: 'string',
  headingLevel: 'string',
  submitLabel: 'string',
  action: 'string',
  contactEmail: 'string',
} as const;

/** What the component of <dc-contact-form> receives from its attributes, as written on the element (it checks the values itself). */
export interface DcContactFormAttributes {
  /** `variant` ('contact' | 'consultation'), default `contact`: `contact`: heading "Send us a message", button "Send Message". `consultation`: heading "Request your free consultation", button "Request Free Consultation", message label "What would you like to discuss?". Same fields and rules. */
  variant?: string;
  /** `heading`: Text of the form's heading (default: the variant's). */
  heading?: string;
  /** `heading-level`, default `2`: `1`–`6`: the heading element, to fit your page's outline. */
  headingLevel?: string;
  /** `submit-label`: Text of the submit button while idle (default: the variant's). */
  submitLabel?: string;
  /** `action`: Where a valid submit POSTs the values (JSON). Without it they go to DataClarity: the contact endpoint of the site the script comes from (`/dc_api/wa_v1/contact`). Set your own backend's URL to receive the requests yourself. */
  action?: string;
  /** `contact-email`, default `hello@dataclarity.de`: The address named in the "could not send" messages (set your own when `action` points at your backend). */
  contactEmail?: string;
}
