import { sharedRules } from './_pageData/rules.js';

const { ACCOUNT_MESSAGES, RESET_FRAGMENTS } = await sharedRules('accountMessages');

/** What a no-JavaScript reset request comes back to (/reset_password#…): the same neutral text for every address. */
export default {
  signInOutcomes: [
    { id: RESET_FRAGMENTS.sent, text: ACCOUNT_MESSAGES.resetSent, tone: 'success' },
    { id: RESET_FRAGMENTS.invalid, text: ACCOUNT_MESSAGES.resetInvalid },
    { id: RESET_FRAGMENTS.throttled, text: ACCOUNT_MESSAGES.resetThrottled },
  ],
};
