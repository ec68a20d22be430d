import { contactForm } from './_pageData/contactForm.js';

/** The "please check" page: an empty contact form until the server fills in a refused post. */
export default { contactForm: contactForm('contact') };
