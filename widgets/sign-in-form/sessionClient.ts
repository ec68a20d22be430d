import { API_BASE } from '../../shared/constants';
import { safeNextPath } from '../../shared/nextPath';

/**
 * The browser side of sign-in (server/accounts/sessionRoutes.ts): same-origin JSON posts, the
 * session cookie set by the answer. Resolves on success; rejects with the server's message
 * (problem JSON `message`) or a network message.
 */
export const SESSION_CLIENT_MESSAGES = {
  network: 'We could not reach the server. Please check your connection and try again.',
  unexpected: 'Something went wrong on our side. Please try again later.',
} as const;

export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function signIn(email: string, password: string, fetcher: typeof fetch = fetch): Promise<void> {
  let response: Response;
  try {
    response = await fetcher(`${API_BASE}/session`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    throw new SignInError(SESSION_CLIENT_MESSAGES.network, 0);
  }
  if (response.ok) return;
  let message: string = SESSION_CLIENT_MESSAGES.unexpected;
  try {
    const data = (await response.json()) as { message?: unknown };
    if (typeof data.message === 'string' && data.message !== '') message = data.message;
  } catch {
    // not JSON: the generic message
  }
  throw new SignInError(message, response.status);
}

/** Where to go after signing in: the page's `?next=` when it is a path of this site, else /account. */
export function nextAfterSignIn(search: string): string {
  return safeNextPath(new URLSearchParams(search).get('next')) ?? '/account';
}
