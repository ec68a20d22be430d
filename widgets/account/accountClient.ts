import { API_BASE } from '../../shared/constants';
import type { User } from '../../shared/user';

/** One signed-in device as GET /me/sessions returns it (server/accounts/sessionRoutes.ts). */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  browser: string;
  os: string;
  current: boolean;
}

/** Thrown when the API says the visitor is not signed in. */
export class SignedOutError extends Error {}

async function call<T>(method: string, path: string): Promise<T | null> {
  const response = await fetch(`${API_BASE}${path}`, { method, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401) throw new SignedOutError();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.status === 204 ? null : ((await response.json()) as T);
}

/** The account page's calls; each rejects with SignedOutError when the session has ended. */
export const accountApi = {
  me: () => call<User>('GET', '/me') as Promise<User>,
  sessions: () => call<SessionInfo[]>('GET', '/me/sessions') as Promise<SessionInfo[]>,
  endSession: (id: string) => call<null>('DELETE', `/me/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => call<{ ended: number }>('DELETE', '/me/sessions') as Promise<{ ended: number }>,
};
