import { legalPageData } from './_pageData/legalPage.js';

export default legalPageData('terms');
