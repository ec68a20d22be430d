import { API_BASE } from '../../shared/constants';
import type { AccountUser } from '../../shared/user';

/** One signed-in device as GET /me/sessions returns it (server/accounts/sessionRoutes.ts). */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  browser: string;
  os: string;
  current: boolean;
}

/** One request as GET /me/requests returns it (server/accounts/accountDataRoutes.ts). */
export interface AccountRequest {
  id: string;
  variant: 'contact' | 'consultation';
  receivedAt: string;
  message: string;
  handled: boolean;
}

/** One of the account's passkeys as GET /me/passkeys returns it (server/passkeys/ownPasskeyRoutes.ts). */
export interface AccountPasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Thrown when the API says the visitor is not signed in. */
export class SignedOutError extends Error {}

/** An answer the page shows: the problem's message and its fields' messages. */
export class ApiProblem extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T | null> {
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 401) throw new SignedOutError();
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
    throw new ApiProblem(problem.message ?? `HTTP ${response.status}`, response.status, problem.errors ?? {});
  }
  return response.status === 204 ? null : ((await response.json()) as T);
}

/** The account page's calls; each rejects with SignedOutError when the session has ended, ApiProblem otherwise. */
export const accountApi = {
  me: () => call<AccountUser>('GET', '/me') as Promise<AccountUser>,
  sessions: () => call<SessionInfo[]>('GET', '/me/sessions') as Promise<SessionInfo[]>,
  requests: () => call<{ verified: boolean; requests: AccountRequest[] }>('GET', '/me/requests') as Promise<{ verified: boolean; requests: AccountRequest[] }>,
  /** The client's dashboards, in the gallery's format (server/dashboards/meRoutes.ts); the page counts them. */
  dashboards: () => call<{ reports: unknown[] }>('GET', '/me/dashboards') as Promise<{ reports: unknown[] }>,
  dashboardsUrl: `${API_BASE}/me/dashboards`,
  endSession: (id: string) => call<null>('DELETE', `/me/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => call<{ ended: number }>('DELETE', '/me/sessions') as Promise<{ ended: number }>,
  resendVerification: () => call<{ message: string }>('POST', '/email-verification') as Promise<{ message: string }>,
  patch: (body: Record<string, string>) => call<{ message?: string }>('PATCH', '/me', body) as Promise<{ message?: string }>,
  deleteAccount: (password: string, eraseRequests: boolean) => call<null>('DELETE', '/me', { password, eraseRequests }),
  exportUrl: `${API_BASE}/me/export`,
  /** The account's passkeys, and whether adding one asks for the password (no recent sign-in). */
  passkeys: () => call<{ passkeys: AccountPasskey[]; passwordNeeded?: boolean }>('GET', '/me/passkeys') as Promise<{ passkeys: AccountPasskey[]; passwordNeeded?: boolean }>,
  renamePasskey: (id: string, name: string) => call<AccountPasskey>('PATCH', `/me/passkeys/${encodeURIComponent(id)}`, { name }),
  removePasskey: (id: string) => call<null>('DELETE', `/me/passkeys/${encodeURIComponent(id)}`),
};
