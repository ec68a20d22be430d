import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_TTL_MS } from '../../shared/passkeys';
import type { NewPasskey, Passkey, PasskeyStore } from './passkeyStore';
import type { RelyingParty } from './relyingParty';

/**
 * The two WebAuthn ceremonies (registration, authentication) with @simplewebauthn/server, over
 * the passkey store:
 * - options: a fresh random challenge, kept server-side (./passkeyStore) for
 *   PASSKEY_CHALLENGE_TTL_MS, bound to the user a registration is for;
 * - verification: the answer's challenge is taken from the store first (single use: a second
 *   answer with it, or one after the expiry, finds nothing), then the library checks origin
 *   (SITE_URL's), RP ID, type, user presence and verification (required), the signature and, for
 *   a sign-in, that the signature counter moved forward (a cloned authenticator's does not).
 * Every failure is a reason, never a thrown error: the routes answer 400/401, never 500.
 */
export type RegistrationResult =
  | { ok: true; userId: string; credential: Omit<NewPasskey, 'userId' | 'name'> }
  | { ok: false; reason: 'response' | 'challenge' | 'verification' };

export type AuthenticationResult = { ok: true; passkey: Passkey } | { ok: false; reason: 'response' | 'challenge' | 'unknown' | 'verification' };

export interface RegisteringUser {
  id: string;
  email: string;
  displayName: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isB64url(value: unknown, max = 16_384): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max && B64URL.test(value);
}

/** The challenge an answer names in its clientDataJSON, or null when it has none readable. */
export function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    return isObject(data) && isB64url(data.challenge, 512) ? data.challenge : null;
  } catch {
    return null;
  }
}

/** A registration answer in the shape the browser library sends (RegistrationResponseJSON), or null. */
export function asRegistrationResponse(value: unknown): RegistrationResponseJSON | null {
  if (!isObject(value) || !isObject(value.response) || value.type !== 'public-key') return null;
  if (!isB64url(value.id, 1_024) || value.rawId !== value.id) return null;
  if (!isB64url(value.response.clientDataJSON) || !isB64url(value.response.attestationObject)) return null;
  return value as unknown as RegistrationResponseJSON;
}

/** An authentication answer in the shape the browser library sends (AuthenticationResponseJSON), or null. */
export function asAuthenticationResponse(value: unknown): AuthenticationResponseJSON | null {
  if (!isObject(value) || !isObject(value.response) || value.type !== 'public-key') return null;
  if (!isB64url(value.id, 1_024) || value.rawId !== value.id) return null;
  const inner = value.response;
  if (!isB64url(inner.clientDataJSON) || !isB64url(inner.authenticatorData) || !isB64url(inner.signature)) return null;
  if (inner.userHandle !== undefined && !isB64url(inner.userHandle, 512)) return null;
  return value as unknown as AuthenticationResponseJSON;
}

/** The WebAuthn user handle of an account: its id's bytes (random, nothing personal). */
export function userHandleOf(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

export function passkeyCeremonies(store: PasskeyStore, rp: RelyingParty, now: () => Date = () => new Date()) {
  const expiry = (at: Date) => new Date(at.getTime() + PASSKEY_CHALLENGE_TTL_MS);

  return {
    rp,

    async registrationOptions(user: RegisteringUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await store.listForUser(user.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.displayName || user.email,
        userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports as AuthenticatorTransport[] })),
        // A discoverable credential (sign-in without typing an address) with user verification.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const at = now();
      await store.putChallenge(options.challenge, { purpose: 'registration', userId: user.id }, expiry(at), at);
      return options;
    },

    async verifyRegistration(body: unknown): Promise<RegistrationResult> {
      const response = asRegistrationResponse(body);
      if (!response) return { ok: false, reason: 'response' };
      const challenge = challengeOf(response);
      if (challenge === null) return { ok: false, reason: 'challenge' };
      const stored = await store.takeChallenge(challenge, 'registration', now());
      if (!stored || stored.userId === null) return { ok: false, reason: 'challenge' };
      try {
        const result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
        if (!result.verified) return { ok: false, reason: 'verification' };
        const { credential } = result.registrationInfo;
        return {
          ok: true,
          userId: stored.userId,
          credential: {
            id: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
          },
        };
      } catch {
        return { ok: false, reason: 'verification' };
      }
    },

    async authenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
      // No allowCredentials: the authenticator offers the site's discoverable passkeys.
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_MS });
      const at = now();
      await store.putChallenge(options.challenge, { purpose: 'authentication', userId: null }, expiry(at), at);
      return options;
    },

    async verifyAuthentication(body: unknown): Promise<AuthenticationResult> {
      const response = asAuthenticationResponse(body);
      if (!response) return { ok: false, reason: 'response' };
      const challenge = challengeOf(response);
      if (challenge === null) return { ok: false, reason: 'challenge' };
      if (!(await store.takeChallenge(challenge, 'authentication', now()))) return { ok: false, reason: 'challenge' };
      const passkey = await store.get(response.id);
      if (!passkey) return { ok: false, reason: 'unknown' };
      const handle = response.response.userHandle;
      if (handle !== undefined && handle !== userHandleOf(passkey.userId)) return { ok: false, reason: 'verification' };
      try {
        const result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
          credential: {
            id: passkey.id,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports,
          },
        });
        if (!result.verified) return { ok: false, reason: 'verification' };
        await store.recordUse(passkey.id, result.authenticationInfo.newCounter, now());
        return { ok: true, passkey: { ...passkey, counter: result.authenticationInfo.newCounter } };
      } catch {
        return { ok: false, reason: 'verification' };
      }
    },
  };
}
export type PasskeyCeremonies = ReturnType<typeof passkeyCeremonies>;
