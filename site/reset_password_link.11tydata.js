import { sharedRules } from './_pageData/rules.js';

const { ACCOUNT_MESSAGES, RESET_FRAGMENTS } = await sharedRules('accountMessages');
const { SIGN_UP_PASSWORD_WEAK, PASSWORDS_DO_NOT_MATCH } = await sharedRules('validation');

/** What a no-JavaScript post of a new password comes back to (/reset_password/<token>#…). */
export default {
  signInOutcomes: [
    { id: RESET_FRAGMENTS.weak, text: SIGN_UP_PASSWORD_WEAK },
    { id: RESET_FRAGMENTS.mismatch, text: PASSWORDS_DO_NOT_MATCH },
    { id: RESET_FRAGMENTS.busy, text: ACCOUNT_MESSAGES.busy },
    { id: RESET_FRAGMENTS.expired, text: ACCOUNT_MESSAGES.linkExpired },
  ],
};
