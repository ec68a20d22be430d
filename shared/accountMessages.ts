/**
 * Messages of sign-in and sign-out (server answers, and the pages that show them), once.
 * The field rules' messages stay in ./validation.
 */
export const ACCOUNT_MESSAGES = {
  /** A wrong email and a wrong password get this same text (no hint which one was wrong). */
  signInFailed: 'The email address or password is incorrect.',
  /** After too many failed sign-ins for one account or from one network. */
  signInThrottled: 'Too many failed sign-in attempts. Please wait a few minutes before trying again, or reset your password.',
  /** A deactivated account, told only after the right password. */
  deactivated: 'This account has been deactivated. Please contact us if you think this is a mistake.',
  /** A valid request whose origin is another site. */
  crossSite: 'This request must come from a page of this site.',
  /** No valid session. */
  signedOut: 'You are not signed in.',
  /** The password hashing queue is full. */
  busy: 'We are busy signing in other people right now. Please try again in a few seconds.',
  /** A password change whose current password is wrong. */
  currentPasswordWrong: 'Your current password is incorrect.',
  /** PATCH /me with nothing to change, or a key it does not know. */
  profileNothing: 'Send firstName and lastName, or currentPassword, password and confirmPassword.',
  profileUnknownKey: (key: string) => `${key} is not a field you can change here`,
  /** A password change without the current password. */
  currentPasswordRequired: 'Please enter your current password',
  /** A no-JavaScript sign-in with a missing or malformed field. */
  signInInvalid: 'Signing in needs your email address and your password (at least 6 characters).',
  /** A sign-in body that is not a JSON object or form. */
  bodyNotObject: 'The request body must be a JSON object with email and password.',
} as const;

/**
 * The fragments of /sign_in a no-JavaScript sign-in is sent back to with 303: each shows its
 * message through `:target` (the message is in the static page, hidden otherwise).
 */
export const SIGN_IN_FRAGMENTS = {
  invalid: 'sign-in-invalid',
  failed: 'sign-in-failed',
  throttled: 'sign-in-throttled',
  deactivated: 'sign-in-deactivated',
  busy: 'sign-in-busy',
} as const;
export type SignInOutcome = keyof typeof SIGN_IN_FRAGMENTS;

/** What each fragment of /sign_in says. */
export const SIGN_IN_OUTCOME_TEXT: Record<SignInOutcome, string> = {
  invalid: ACCOUNT_MESSAGES.signInInvalid,
  failed: ACCOUNT_MESSAGES.signInFailed,
  throttled: ACCOUNT_MESSAGES.signInThrottled,
  deactivated: ACCOUNT_MESSAGES.deactivated,
  busy: ACCOUNT_MESSAGES.busy,
};

/** The cookie the pre-paint script reads to draw the signed-in header: no secret, just "1". */
export const SESSION_HINT_COOKIE = 'dc_signed_in';
