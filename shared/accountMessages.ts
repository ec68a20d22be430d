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
  /** The answer to every valid reset request, whether or not the address has an account. */
  resetSent: 'If an account exists for this address, we have sent a link to reset its password.',
  /** A no-JavaScript reset request without a usable address (its own words: the field's message is the island's). */
  resetInvalid: 'No link was sent: that email address does not look right. Please check it and try again.',
  /** Too many reset links asked for one address or from one network. */
  resetThrottled: 'Too many reset links were requested. Please wait a few minutes before asking for another one.',
  /** A reset or verification link that was used, replaced or is too old (the same text for each: a link says nothing more). */
  linkExpired: 'This link has expired or has already been used.',
  /** A token that is missing or not shaped like one. */
  linkInvalid: 'This link is not complete. Please open the link from the mail again, or ask for a new one.',
  /** The new password was set. */
  passwordReset: 'Your password has been changed and every device was signed out. Please sign in with your new password.',
  /** A new verification link was sent. */
  verificationSent: 'We have sent a new verification link to your email address.',
  /** Too many verification links asked for. */
  verificationThrottled: 'We have sent several links already. Please wait a few minutes before asking for another one.',
  /** The address was verified. */
  emailVerified: 'Your email address is verified. Thank you!',
  /** It already was. */
  alreadyVerified: 'Your email address is already verified.',
  /** An email change was asked for. */
  emailChangeSent: 'We have sent a link to your new address. Your email address changes when you open it.',
  /** The new address is the current one. */
  emailUnchanged: 'This is already your email address.',
  /** The new address belongs to another account. */
  emailTaken: 'An account with this email address already exists.',
  /** The email address was changed. */
  emailChanged: 'Your email address has been changed.',
  /** Deleting the account needs the password. */
  deletePasswordRequired: 'Please enter your password to delete your account',
  /** The account was deleted. */
  accountDeleted: 'Your account has been deleted.',
} as const;

/**
 * The fragments of /reset_password and /reset_password/<token> a no-JavaScript post is sent
 * back to with 303; each shows its message through `:target`.
 */
export const RESET_FRAGMENTS = {
  sent: 'reset-sent',
  invalid: 'reset-invalid',
  throttled: 'reset-throttled',
  weak: 'reset-weak',
  mismatch: 'reset-mismatch',
  expired: 'reset-expired',
  busy: 'reset-busy',
} as const;

/** The fragments of /sign_in that tell what just happened elsewhere. */
export const SIGN_IN_NOTICES = {
  passwordReset: 'password-reset-done',
  accountDeleted: 'account-deleted',
} as const;

/** The fragments of /verify_email (the no-JavaScript confirmation's outcome). */
export const VERIFY_FRAGMENTS = {
  verified: 'email-verified',
  changed: 'email-changed',
  expired: 'link-expired',
  taken: 'email-taken',
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
