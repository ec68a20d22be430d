import { leadForm } from './_pageData/leadForm.js';

/** The "please check" page: an empty contact form until the server fills in a refused post. */
export default { leadForm: leadForm('contact') };
