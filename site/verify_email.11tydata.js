import { sharedRules } from './_pageData/rules.js';

const { ACCOUNT_MESSAGES, VERIFY_FRAGMENTS } = await sharedRules('accountMessages');

/** What a confirmation comes back to (/verify_email#…). */
export default {
  signInOutcomes: [
    { id: VERIFY_FRAGMENTS.verified, text: ACCOUNT_MESSAGES.emailVerified, tone: 'success' },
    { id: VERIFY_FRAGMENTS.changed, text: ACCOUNT_MESSAGES.emailChanged, tone: 'success' },
    { id: VERIFY_FRAGMENTS.expired, text: ACCOUNT_MESSAGES.linkExpired },
    { id: VERIFY_FRAGMENTS.taken, text: ACCOUNT_MESSAGES.emailTaken },
  ],
};
