import { LIMITS } from './constants';

/**
 * Form validation rules of SPEC section 5 and their messages (SPEC section 8), shared by the
 * browser forms (contact, sign in, sign up, reset password) and the server's register endpoint.
 *
 * Conventions, the same for every form:
 * - Each `xxxError(value)` returns the message to show for that field, or `''` when the value is
 *   valid. Each `validateX(values)` returns only the fields that have an error, so an empty
 *   object means "submit may go ahead" (see {@link hasErrors}).
 * - Text fields (names, email, phone, message) are judged on their trimmed value: a value made of
 *   spaces is "required", and "at least N characters" counts the characters after trimming, for
 *   the contact message as for the names. Passwords are never trimmed: every character counts.
 * - Lengths count Unicode code points (`[...text].length`), so an emoji or a letter outside the
 *   Basic Multilingual Plane is one character, as a person would count it.
 * - Names and email addresses never hold control characters or invisible format characters
 *   (INVISIBLE_IN_NAME / INVISIBLE_IN_EMAIL below); such a value gets the field's SPEC 8 message.
 *   Nor do they hold RFC 2047 encoded words (ENCODED_WORD): a name gets a message of its own
 *   in the SPEC's style, an email address 'Please enter a valid email address'.
 * - Maximum lengths are not in the SPEC: they exist so that absurd input gets a clear message in
 *   the form and is refused by the server before it is hashed or stored.
 */

// ---------------------------------------------------------------------------------------------
// Limits that the SPEC does not give (the minimums are LIMITS in ./constants).
// ---------------------------------------------------------------------------------------------

/** Maximum lengths, in characters (code points), of free-text and credential fields. */
export const INPUT_MAX = {
  /** RFC 5321 path limit: the longest address a mail server will accept. */
  email: 254,
  /** Contact name, first name, last name. */
  name: 100,
  /** Passwords: long passphrases (64+ characters) are welcome; 128 bounds the hashing cost. */
  password: 128,
  /** Contact message. */
  message: 5000,
} as const;

// ---------------------------------------------------------------------------------------------
// Messages (SPEC 8, exact strings), each once.
// ---------------------------------------------------------------------------------------------

export const NAME_REQUIRED = 'Name is required';
export const NAME_TOO_SHORT = 'Name must be at least 2 characters';
export const NAME_TOO_LONG = `Name must be at most ${INPUT_MAX.name} characters`;
export const NAME_ENCODED_TEXT = 'Name must not contain mail-encoded text such as =?UTF-8?B?…?=';

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const EMAIL_TOO_LONG = `Email address must be at most ${INPUT_MAX.email} characters`;

export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = 'Please enter a valid phone number';

export const MESSAGE_REQUIRED = 'Message is required';
export const MESSAGE_TOO_SHORT = 'Message must be at least 10 characters';
export const MESSAGE_TOO_LONG = `Message must be at most ${INPUT_MAX.message} characters`;

export const PASSWORD_REQUIRED = 'Password is required';
export const SIGN_IN_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const PASSWORD_TOO_LONG = `Password must be at most ${INPUT_MAX.password} characters long`;

export const FIRST_NAME_TOO_SHORT = 'First name must be at least 2 characters long';
export const FIRST_NAME_TOO_LONG = `First name must be at most ${INPUT_MAX.name} characters long`;
export const LAST_NAME_TOO_SHORT = 'Last name must be at least 2 characters long';
export const LAST_NAME_TOO_LONG = `Last name must be at most ${INPUT_MAX.name} characters long`;
export const FIRST_NAME_ENCODED_TEXT = 'First name must not contain mail-encoded text such as =?UTF-8?B?…?=';
export const LAST_NAME_ENCODED_TEXT = 'Last name must not contain mail-encoded text such as =?UTF-8?B?…?=';
export const SIGN_UP_PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
export const SIGN_UP_PASSWORD_WEAK =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character (@$!%*?&)';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const TERMS_NOT_ACCEPTED = 'You must accept the terms and conditions';

/** Fallback of the sign-up failure message (SPEC 8). */
export const SIGN_UP_FAILED = 'Failed to create account. Please try again.';

/** The simulated reset-password result, shown as a warning toast for 3 s after every valid submit. */
export const RESET_NOT_REGISTERED = 'This email is not yet registered. Please sign-up and try again.';

// ---------------------------------------------------------------------------------------------
// Shared patterns, each once.
// ---------------------------------------------------------------------------------------------

/**
 * The one email pattern of every form: "text, at sign, text, dot, text" with no whitespace and
 * no second at sign in any part: `^[^\s@]+@[^\s@]+\.[^\s@]+$`. It is deliberately loose (the
 * only reliable test of an address is a mail to it) and matches what SPEC 5 asks of the contact,
 * sign-in, sign-up and reset forms alike.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters no name or email address may hold: C0 and C1 control characters (NUL, tab, CR/LF,
 * ESC, U+0080-U+009F) and DEL (\p{Cc}); invisible format characters (\p{Cf}: bidi overrides and
 * isolates, zero-width space, word joiner, BOM, soft hyphen, tag characters); line and paragraph
 * separators; lone surrogate halves (\p{Cs}, which no text encoding can store). They are either
 * invisible or rewrite what is shown around them, so they only ever smuggle something past a
 * reader (or a log, a CSV export, a mail header).
 *
 * The one exception: a name may hold ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER (U+200C,
 * U+200D), which Persian, Arabic and Indic scripts need to write names correctly. An email
 * address may not.
 */
const INVISIBLE_IN_EMAIL = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const INVISIBLE_IN_NAME = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * RFC 2047 encoded-word syntax, loosely: "=?" followed anywhere later by "?=". Mail clients decode
 * `=?charset?B|Q?text?=` in a Subject or a display name, so a name holding one would reach the
 * reader as whatever it encodes (a bidi override, CR/LF) although the raw text passed the
 * character rules above. Names and email addresses reach mail headers (the contact request's Subject and
 * Reply-To, the account mails), so they may not hold it. Looser than RFC 2047 on purpose: some
 * clients decode malformed words too, and no real name holds "=?…?=".
 */
const ENCODED_WORD = /=\?[\s\S]*\?=/;

/** True when `value` holds RFC 2047 encoded-word syntax (see ENCODED_WORD). */
export function hasEncodedWord(value: string): boolean {
  return ENCODED_WORD.test(value);
}

/** True when `value` holds a character that is not allowed in a name (see INVISIBLE_IN_NAME). */
export function hasInvisibleNameCharacter(value: string): boolean {
  return INVISIBLE_IN_NAME.test(value);
}

/** True when `value` holds a control or invisible format character (not allowed in an email address). */
export function hasInvisibleEmailCharacter(value: string): boolean {
  return INVISIBLE_IN_EMAIL.test(value);
}

/** Separators a person may type in a phone number; they are removed before the check. */
const PHONE_SEPARATORS = /[\s\-()]/g;

/**
 * Phone after removing separators, one of two forms (16 digits at most, LIMITS.phoneMaxDigits):
 * - international (SPEC 5): optional leading '+', a first digit 1-9, then up to 15 more digits;
 * - national (DESIGN, as people in Mannheim write "0621 123 4567"): a leading 0, then 1-9, at least
 *   LIMITS.phoneNationalMinDigits digits in all ('0123' is not a number).
 * `^(?:\+?[1-9]\d{0,15}|0[1-9]\d{4,14})$`.
 */
export const PHONE_PATTERN = new RegExp(
  `^(?:\\+?[1-9]\\d{0,${LIMITS.phoneMaxDigits - 1}}|0[1-9]\\d{${LIMITS.phoneNationalMinDigits - 2},${LIMITS.phoneMaxDigits - 2}})$`,
);

/** The special characters a sign-up password may use to satisfy the "special character" rule. */
export const PASSWORD_SPECIALS = '@$!%*?&#';

/** Character classes a sign-up password must each contain at least once (the live checklist names them too). */
export const PASSWORD_CLASSES = {
  lowercase: /\p{Ll}/u, // a lowercase letter (any script: 'ä' counts)
  uppercase: /\p{Lu}/u, // an uppercase letter
  digit: /[0-9]/, // a digit
  special: new RegExp(`[${PASSWORD_SPECIALS}]`), // one of PASSWORD_SPECIALS (none needs escaping in a class)
} as const;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Number of characters (Unicode code points) in `text`. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** True when a validateX result holds at least one error. */
export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && message !== '');
}

/** Keeps only the fields whose message is not empty. */
function collect<F extends string>(checks: Record<F, string>): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(checks) as F[]) {
    if (checks[field] !== '') errors[field] = checks[field];
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

/**
 * The email rule of every form: required, at most 254 characters, matches {@link EMAIL_PATTERN}.
 * Leading and trailing spaces are ignored (as the browser's email input does and as the server
 * stores it); a space, a control character (NUL...) or an invisible format character inside the
 * address makes it invalid.
 */
export function emailError(value: string): string {
  const email = value.trim();
  if (email === '') return EMAIL_REQUIRED;
  if (charCount(email) > INPUT_MAX.email) return EMAIL_TOO_LONG;
  if (hasInvisibleEmailCharacter(email) || hasEncodedWord(email)) return EMAIL_INVALID;
  return EMAIL_PATTERN.test(email) ? '' : EMAIL_INVALID;
}

/**
 * Contact name: required, 2 to 100 characters after trimming, no control or invisible format
 * character (SPEC 8 has no message of its own for that: the name's 'at least 2 characters'
 * message, as for any name that is not one).
 */
export function contactNameError(value: string): string {
  const length = charCount(value.trim());
  if (length === 0) return NAME_REQUIRED;
  if (length < LIMITS.nameMin || hasInvisibleNameCharacter(value.trim())) return NAME_TOO_SHORT;
  if (length > INPUT_MAX.name) return NAME_TOO_LONG;
  if (hasEncodedWord(value)) return NAME_ENCODED_TEXT;
  return '';
}

/** Digits-and-plus form of a phone number: spaces, hyphens and parentheses removed. */
export function normalizePhone(value: string): string {
  return value.replace(PHONE_SEPARATORS, '');
}

/**
 * Phone: required; after {@link normalizePhone}, matches {@link PHONE_PATTERN}
 * ('+49 (621) 123-4567' and '0621 123 4567' are valid; '0123', '00 49 621', a lone '+' or 17 digits
 * are not).
 */
export function phoneError(value: string): string {
  if (value.trim() === '') return PHONE_REQUIRED;
  return PHONE_PATTERN.test(normalizePhone(value)) ? '' : PHONE_INVALID;
}

/** Contact message: required, 10 to 5000 characters after trimming (consistent with the name). */
export function messageError(value: string): string {
  const length = charCount(value.trim());
  if (length === 0) return MESSAGE_REQUIRED;
  if (length < LIMITS.messageMin) return MESSAGE_TOO_SHORT;
  if (length > INPUT_MAX.message) return MESSAGE_TOO_LONG;
  return '';
}

/** Sign-in password: required, 6 to 128 characters, not trimmed. */
export function signInPasswordError(value: string): string {
  if (value === '') return PASSWORD_REQUIRED;
  const length = charCount(value);
  if (length < LIMITS.signInPasswordMin) return SIGN_IN_PASSWORD_TOO_SHORT;
  if (length > INPUT_MAX.password) return PASSWORD_TOO_LONG;
  return '';
}

/** A sign-up name: 2 to 100 characters after trimming, no control or invisible format character (then the field's SPEC 8 message). */
function personNameError(value: string, tooShort: string, tooLong: string, encoded: string): string {
  const length = charCount(value.trim());
  if (length < LIMITS.personNameMin || hasInvisibleNameCharacter(value.trim())) return tooShort;
  if (length > INPUT_MAX.name) return tooLong;
  if (hasEncodedWord(value)) return encoded;
  return '';
}

/** Sign-up first name: required and 2 to 100 characters after trimming (one message for both), no control characters. */
export function firstNameError(value: string): string {
  return personNameError(value, FIRST_NAME_TOO_SHORT, FIRST_NAME_TOO_LONG, FIRST_NAME_ENCODED_TEXT);
}

/** Sign-up last name: required and 2 to 100 characters after trimming (one message for both), no control characters. */
export function lastNameError(value: string): string {
  return personNameError(value, LAST_NAME_TOO_SHORT, LAST_NAME_TOO_LONG, LAST_NAME_ENCODED_TEXT);
}

/**
 * Sign-up email: the shared {@link emailError} rule; SPEC 8 has no 'Email is required' for the
 * sign-up form, so an empty address gets 'Please enter a valid email address'.
 */
export function signUpEmailError(value: string): string {
  const error = emailError(value);
  return error === EMAIL_REQUIRED ? EMAIL_INVALID : error;
}

/**
 * Sign-up password, not trimmed: 8 to 128 characters, and at least one lowercase letter, one
 * uppercase letter, one digit and one of `@$!%*?&#`. Other characters (spaces, '-', umlauts...)
 * are allowed; they just do not count as the special character.
 */
export function signUpPasswordError(value: string): string {
  const length = charCount(value);
  if (length < LIMITS.signUpPasswordMin) return SIGN_UP_PASSWORD_TOO_SHORT;
  if (length > INPUT_MAX.password) return PASSWORD_TOO_LONG;
  return Object.values(PASSWORD_CLASSES).every((pattern) => pattern.test(value)) ? '' : SIGN_UP_PASSWORD_WEAK;
}

/** Confirmation: exactly equal to the password (no trimming). */
export function confirmPasswordError(password: string, confirmPassword: string): string {
  return confirmPassword === password ? '' : PASSWORDS_DO_NOT_MATCH;
}

/** Terms checkbox: must be ticked (exactly `true`). */
export function termsError(termsAccepted: boolean): string {
  return termsAccepted === true ? '' : TERMS_NOT_ACCEPTED;
}

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}
export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Message for one contact field (for on-blur checks), or ''. */
export function contactFieldError(field: ContactField, values: ContactValues): string {
  switch (field) {
    case 'name':
      return contactNameError(values.name);
    case 'email':
      return emailError(values.email);
    case 'phone':
      return phoneError(values.phone);
    case 'message':
      return messageError(values.message);
  }
}

/** All contact errors; submit is blocked when the result is not empty. */
export function validateContact(values: ContactValues): ContactErrors {
  return collect<ContactField>({
    name: contactFieldError('name', values),
    email: contactFieldError('email', values),
    phone: contactFieldError('phone', values),
    message: contactFieldError('message', values),
  });
}

export interface SignInValues {
  email: string;
  password: string;
}
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** Message for one sign-in field, or ''. */
export function signInFieldError(field: SignInField, values: SignInValues): string {
  return field === 'email' ? emailError(values.email) : signInPasswordError(values.password);
}

/** All sign-in errors. */
export function validateSignIn(values: SignInValues): SignInErrors {
  return collect<SignInField>({
    email: signInFieldError('email', values),
    password: signInFieldError('password', values),
  });
}

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}
export type SignUpField = keyof SignUpValues;
export type SignUpErrors = Partial<Record<SignUpField, string>>;

/** Message for one sign-up field (the confirmation depends on the password too), or ''. */
export function signUpFieldError(field: SignUpField, values: SignUpValues): string {
  switch (field) {
    case 'firstName':
      return firstNameError(values.firstName);
    case 'lastName':
      return lastNameError(values.lastName);
    case 'email':
      return signUpEmailError(values.email);
    case 'password':
      return signUpPasswordError(values.password);
    case 'confirmPassword':
      return confirmPasswordError(values.password, values.confirmPassword);
    case 'termsAccepted':
      return termsError(values.termsAccepted);
  }
}

/** All sign-up errors (the form and the server's register endpoint both use this). */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  return collect<SignUpField>({
    firstName: signUpFieldError('firstName', values),
    lastName: signUpFieldError('lastName', values),
    email: signUpFieldError('email', values),
    password: signUpFieldError('password', values),
    confirmPassword: signUpFieldError('confirmPassword', values),
    termsAccepted: signUpFieldError('termsAccepted', values),
  });
}

/**
 * Reads sign-up values from an untrusted request body (server side): a field that is missing or
 * not a string becomes '' and termsAccepted is true only when it is exactly `true`, so that
 * {@link validateSignUp} then names every bad field instead of the server throwing.
 */
export function readSignUpValues(body: unknown): SignUpValues {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (key: string): string => {
    const value = source[key];
    return typeof value === 'string' ? value : '';
  };
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    password: text('password'),
    confirmPassword: text('confirmPassword'),
    termsAccepted: source.termsAccepted === true,
  };
}

export interface ResetValues {
  email: string;
}
export type ResetErrors = Partial<Record<keyof ResetValues, string>>;

/** All reset-password errors. */
export function validateReset(values: ResetValues): ResetErrors {
  return collect<keyof ResetValues>({ email: emailError(values.email) });
}

// ---------------------------------------------------------------------------------------------
// Sign-up failure message
// ---------------------------------------------------------------------------------------------

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * What the sign-up form shows when registering fails (SPEC 8): the server's `data.message`, else
 * the error's own `message`, else 'Failed to create account. Please try again.'. Accepts anything
 * thrown (an ApiError from ./apiClient, an Error, a plain object, a string is ignored).
 */
export function signUpErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return SIGN_UP_FAILED;
  const { data, message } = error as { data?: unknown; message?: unknown };
  const serverMessage =
    typeof data === 'object' && data !== null ? nonEmptyString((data as { message?: unknown }).message) : undefined;
  return serverMessage ?? nonEmptyString(message) ?? SIGN_UP_FAILED;
}
