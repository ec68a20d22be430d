import { sharedRules } from './_pageData/rules.js';

const { ACCOUNT_MESSAGES, SIGN_IN_FRAGMENTS, SIGN_IN_NOTICES, SIGN_IN_OUTCOME_TEXT } = await sharedRules('accountMessages');

/**
 * The texts a no-JavaScript sign-in comes back to (shared/accountMessages.ts), one per fragment,
 * and the notices of what happened elsewhere (a password reset, an account deleted).
 */
export default {
  signInOutcomes: [
    ...Object.entries(SIGN_IN_FRAGMENTS).map(([outcome, id]) => ({ id, text: SIGN_IN_OUTCOME_TEXT[outcome] })),
    { id: SIGN_IN_NOTICES.passwordReset, text: ACCOUNT_MESSAGES.passwordReset, tone: 'success' },
    { id: SIGN_IN_NOTICES.accountDeleted, text: ACCOUNT_MESSAGES.accountDeleted, tone: 'success' },
  ],
};
