import { legalPageData } from './_config/legalPage.js';

export default legalPageData('privacy');
