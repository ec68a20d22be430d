import { API_BASE } from '../../shared/constants';
import type { DeliveryAttempt, StaffContactRequest } from '../../shared/contactRequestSchema';
import type { StoredPressItem } from '../../shared/pressItems';
import type { StaffInvitation, StaffMember } from '../../shared/staffMember';

export interface ContactRequestDetail {
  lead: StaffContactRequest;
  note: string;
  deliveryAttempts: DeliveryAttempt[];
}

/** An account as GET /staff/users answers it (server/staff/userRoutes.ts). */
export interface StaffAccount {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'client' | 'staff';
  emailVerified: boolean;
  active: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string;
  action: string;
  recordType: string;
  recordId: string;
  detail: string;
}

export interface StaffPasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A client's dashboard as the staff API answers it (server/dashboards/staffRoutes.ts). */
export interface StaffDashboard {
  id: string;
  title: string;
  category: string;
  src: string;
  position: number;
  createdAt: string;
}

export interface Page {
  total: number;
  limit: number;
  offset: number;
}

/**
 * A refusal of the staff API: its status and the problem's `detail` (the text to show). A 401
 * (no session) and a 403 (not staff, or no passkey check) reach the console's gate this way too.
 */
export class StaffApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Each refused field's message (problem+json `errors`), for a form to show beside its field. */
    readonly errors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

const FAILED = 'Something went wrong. Please try again.';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/staff${path}`, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new StaffApiError(FAILED, 0);
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { detail?: unknown; message?: unknown; errors?: unknown } | null;
    const detail =
      typeof problem?.detail === 'string' && problem.detail !== ''
        ? problem.detail
        : typeof problem?.message === 'string'
          ? problem.message
          : FAILED;
    const errors = typeof problem?.errors === 'object' && problem.errors !== null ? (problem.errors as Record<string, string>) : {};
    throw new StaffApiError(detail, response.status, errors);
  }
  return (response.status === 204 ? null : await response.json()) as T;
}

/** The console's calls (prefix /dc_api/wa_v1/staff); each rejects with a {@link StaffApiError}. */
export const staffApi = {
  leads: (query: string) => call<Page & { leads: StaffContactRequest[] }>('GET', `/leads${query}`),
  csvUrl: (query: string) => `${API_BASE}/staff/leads.csv${query}`,
  lead: (id: string) => call<ContactRequestDetail>('GET', `/leads/${encodeURIComponent(id)}`),
  patchLead: (id: string, body: { handled?: boolean; note?: string }) =>
    call<ContactRequestDetail>('PATCH', `/leads/${encodeURIComponent(id)}`, body),
  retryLead: (id: string) => call<ContactRequestDetail>('POST', `/leads/${encodeURIComponent(id)}/retry`),
  deleteLead: (id: string) => call<null>('DELETE', `/leads/${encodeURIComponent(id)}`),
  accounts: (query: string) => call<Page & { accounts: StaffAccount[] }>('GET', `/users${query}`),
  setActive: (id: string, active: boolean) => call<StaffAccount>('PATCH', `/users/${encodeURIComponent(id)}`, { active }),
  rename: (id: string, body: { firstName: string; lastName: string }) => call<StaffAccount>('PATCH', `/users/${encodeURIComponent(id)}`, body),
  deleteAccount: (id: string) => call<null>('DELETE', `/users/${encodeURIComponent(id)}`),
  requestsOf: (id: string) => call<{ requests: StaffContactRequest[] }>('GET', `/users/${encodeURIComponent(id)}/requests`),
  members: () => call<{ members: StaffMember[]; invited: StaffInvitation[]; you: string }>('GET', '/members'),
  invite: (email: string) => call<{ account: StaffAccount; created: boolean; expiresAt: string }>('POST', '/invitations', { email }),
  removeMember: (id: string) => call<null>('DELETE', `/members/${encodeURIComponent(id)}`),
  dashboards: (userId: string) => call<{ dashboards: StaffDashboard[] }>('GET', `/users/${encodeURIComponent(userId)}/dashboards`),
  addDashboard: (userId: string, body: { title: string; category: string; snippet: string }) =>
    call<StaffDashboard>('POST', `/users/${encodeURIComponent(userId)}/dashboards`, body),
  moveDashboard: (userId: string, id: string, position: number) =>
    call<{ dashboards: StaffDashboard[] }>('PATCH', `/users/${encodeURIComponent(userId)}/dashboards/${encodeURIComponent(id)}`, { position }),
  removeDashboard: (userId: string, id: string) => call<null>('DELETE', `/users/${encodeURIComponent(userId)}/dashboards/${encodeURIComponent(id)}`),
  press: () => call<{ items: StoredPressItem[] }>('GET', '/press'),
  addPress: (body: Record<string, string>) => call<StoredPressItem>('POST', '/press', body),
  editPress: (id: string, body: Record<string, string>) => call<StoredPressItem>('PATCH', `/press/${encodeURIComponent(id)}`, body),
  removePress: (id: string) => call<null>('DELETE', `/press/${encodeURIComponent(id)}`),
  audit: (query: string) => call<Page & { entries: AuditEntry[] }>('GET', `/audit${query}`),
  passkeys: () => call<{ passkeys: StaffPasskey[] }>('GET', '/passkeys'),
  renamePasskey: (id: string, name: string) => call<StaffPasskey>('PATCH', `/passkeys/${encodeURIComponent(id)}`, { name }),
  removePasskey: (id: string) => call<null>('DELETE', `/passkeys/${encodeURIComponent(id)}`),
};
