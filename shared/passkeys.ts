/**
 * Passkeys (WebAuthn, issue 32): the rule for a passkey's name and every message of the passkey
 * routes (server/passkeys) and the elements that run the ceremonies (widgets/staff-enroll,
 * widgets/passkey-sign-in, widgets/staff-console), once.
 */

/** Longest name of a passkey, in characters. */
export const PASSKEY_NAME_MAX = 60;

/** How long a ceremony's challenge can be answered: 5 minutes (WebAuthn's recommended timeout range). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Adding a passkey to an account needs a recent sign-in or the account's password (OWASP ASVS 5.0
 * V7.5.1: full re-authentication before a change to how an account signs in): a session signed in
 * less than this long ago counts as re-authenticated (server/passkeys/meRoutes.ts).
 */
export const PASSKEY_REAUTH_MS = 5 * 60_000;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Please give the passkey a name, for example the device it is on.',
  nameTooLong: `The name must be at most ${PASSKEY_NAME_MAX} characters.`,
  /** The body is not an object, or has no usable `response`. */
  responseMissing: 'Send the passkey response (response) from the browser.',
  /** The answer's challenge is not one the server gave, was used, or expired. */
  challengeUnknown: 'This passkey request has expired or was already used. Please try again.',
  /** The WebAuthn checks failed (origin, RP ID, signature, user verification, counter…). */
  verificationFailed: 'The passkey could not be verified. Please try again.',
  /** A registration of a credential that is registered already. */
  alreadyRegistered: 'This passkey is registered already.',
  /** Sign-in with a credential the server does not know. */
  unknownPasskey: 'This passkey is not registered with DataClarity. Use a passkey you registered here.',
  /** The enrollment link is missing, used, replaced or too old. */
  enrollmentExpired: 'This enrollment link no longer works. Ask a colleague to run npm run staff -- add again for a new link.',
  enrollmentTokenMissing: 'Send the enrollment link’s token (token).',
  deactivated: 'This account is deactivated.',
  passkeyNotFound: 'There is no passkey with this id on your account.',
  /** Removing the account's last passkey. */
  lastPasskey: 'This is your only passkey. Add another one before you remove it, or you could not sign in any more.',
  /** Adding a passkey without a recent sign-in: the password is asked for (PASSKEY_REAUTH_MS). */
  reauthRequired: 'For your security, enter your password to add a passkey.',
  /** A staff account's own passkeys need a session proven with a passkey (as the console does). */
  staffPasskeySession: 'Staff manage their passkeys after signing in with a passkey. Please sign out and sign in with your passkey.',
  /** Adding a passkey to an account whose address nobody proved yet. */
  verifyFirst:
    'Please verify your email address first: open the link we sent you, or send a new one. You can add a passkey once the address is confirmed.',
  /** The browser cannot do WebAuthn. */
  unsupported: 'This browser cannot use passkeys. Please use a current browser.',
  /** The person closed the browser's dialog, or it timed out. */
  cancelled: 'The passkey dialog was closed before it finished. Please try again.',
  /** A network or server failure during a ceremony. */
  failed: 'Something went wrong. Please try again.',
} as const;

/** The name's problem ('' when it is fine). The name is trimmed first. */
export function passkeyNameError(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') return PASSKEY_MESSAGES.nameRequired;
  if ([...trimmed].length > PASSKEY_NAME_MAX) return PASSKEY_MESSAGES.nameTooLong;
  return '';
}
