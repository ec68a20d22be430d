import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { API_BASE } from '../../shared/constants';
import { PASSKEY_MESSAGES } from '../../shared/passkeys';
import { safeNextPath } from '../../shared/nextPath';

/**
 * The browser side of the passkey ceremonies (server/passkeys, server/staff/passkeyRoutes.ts):
 * ask the server for options, let the browser's WebAuthn dialog answer them
 * (@simplewebauthn/browser), send the answer back. Same-origin JSON posts; a refusal rejects with
 * a {@link PasskeyError} carrying the server's message (problem JSON `message`) and the field it
 * names, a closed dialog with PASSKEY_MESSAGES.cancelled.
 */
export class PasskeyError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function postJson(path: string, body: unknown, method = 'POST'): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new PasskeyError(PASSKEY_MESSAGES.failed, 0);
  }
  if (response.status === 204) return null;
  type Answer = { message?: unknown; errors?: Record<string, unknown> } | null;
  let data: Answer;
  try {
    data = (await response.json()) as Answer;
  } catch {
    data = null;
  }
  if (response.ok) return data;
  const message = typeof data?.message === 'string' && data.message !== '' ? data.message : PASSKEY_MESSAGES.failed;
  const field = data?.errors ? Object.keys(data.errors)[0] : undefined;
  throw new PasskeyError(message, response.status, field);
}

function dialogError(error: unknown): PasskeyError {
  const name = error instanceof Error ? error.name : '';
  // NotAllowedError: the person closed the dialog, or it timed out.
  return new PasskeyError(name === 'NotAllowedError' || name === 'AbortError' ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.failed, 0);
}

function supported(): void {
  if (!browserSupportsWebAuthn()) throw new PasskeyError(PASSKEY_MESSAGES.unsupported, 0);
}

/**
 * A registration: POST `optionsPath` with `optionsBody`, the browser makes the passkey, POST
 * `finishPath` with `finishBody` and the answer. Resolves with the server's answer.
 */
export async function registerPasskey(optionsPath: string, optionsBody: unknown, finishPath: string, finishBody: Record<string, unknown>): Promise<unknown> {
  supported();
  const optionsJSON = (await postJson(optionsPath, optionsBody)) as Parameters<typeof startRegistration>[0]['optionsJSON'];
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw dialogError(error);
  }
  return postJson(finishPath, { ...finishBody, response });
}

/** A passkey sign-in; resolves with the page to go to (a path of this site). */
export async function signInWithPasskey(): Promise<string> {
  supported();
  const optionsJSON = (await postJson('/passkeys/sign-in/options', {})) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    throw dialogError(error);
  }
  const answer = (await postJson('/passkeys/sign-in', { response })) as { next?: unknown };
  return safeNextPath(answer.next) ?? '/account';
}
