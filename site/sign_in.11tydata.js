import { sharedRules } from './_config/libRules.js';

const { SIGN_IN_FRAGMENTS, SIGN_IN_OUTCOME_TEXT } = await sharedRules('accountMessages');

/** The texts a no-JavaScript sign-in comes back to (shared/accountMessages.ts), one per fragment. */
export default {
  signInOutcomes: Object.entries(SIGN_IN_FRAGMENTS).map(([outcome, id]) => ({ id, text: SIGN_IN_OUTCOME_TEXT[outcome] })),
};
