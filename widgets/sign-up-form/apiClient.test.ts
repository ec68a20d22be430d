import { describe, it, expect, vi, afterEach } from 'vitest';
import {
  API_ERROR_MESSAGES,
  ApiError,
  CACHE_UNUSED_MS,
  createApiClient,
  isApiError,
  type FetchLike,
} from './apiClient';
import type { RegisterBody, User } from '../../shared/user';
import { API_BASE } from '../../shared/constants';

const jana: User = {
  _id: '5f0c8a2e-6b1d-4c55-9f1e-2d1a3b4c5d6e',
  firstName: 'Jana',
  lastName: 'Weber',
  email: 'jana.weber@example.de',
  active: true,
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-01T09:00:00.000Z',
};

const registerBody: RegisterBody = {
  firstName: 'Jana',
  lastName: 'Weber',
  email: 'jana.weber@example.de',
  password: 'Mannheim#2025',
  confirmPassword: 'Mannheim#2025',
  termsAccepted: true,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch mock answering with `respond(url, init)` and recording each call. */
function mockFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response> = () => json(jana)) {
  return vi.fn<FetchLike>(async (url, init) => respond(url, init));
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return { ...(init?.headers as Record<string, string>) };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests (SPEC 7)', () => {
  it('register: POST /user/register with the JSON body, no admin token', async () => {
    const fetch = mockFetch(() => json(jana, 201));
    const client = createApiClient({ fetch, adminToken: 'secret' });
    await expect(client.register(registerBody)).resolves.toEqual(jana);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API_BASE}/user/register`);
    expect(url).toBe('/dc_api/wa_v1/user/register');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(registerBody);
    const headers = headersOf(init);
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('allUsers: GET /user/all-users with the bearer token', async () => {
    const fetch = mockFetch(() => json([jana]));
    const client = createApiClient({ fetch, adminToken: 'secret' });
    await expect(client.allUsers()).resolves.toEqual([jana]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/dc_api/wa_v1/user/all-users');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headersOf(init).Authorization).toBe('Bearer secret');
    expect(headersOf(init)['Content-Type']).toBeUndefined();
  });

  it('user: GET /user/{id}, the id encoded', async () => {
    const fetch = mockFetch();
    const client = createApiClient({ fetch, adminToken: 'secret' });
    await client.user(jana._id);
    await client.user('a/b c');
    expect(fetch.mock.calls[0]![0]).toBe(`/dc_api/wa_v1/user/${jana._id}`);
    expect(fetch.mock.calls[0]![1].method).toBe('GET');
    expect(fetch.mock.calls[1]![0]).toBe('/dc_api/wa_v1/user/a%2Fb%20c');
  });

  it('updateUser: PATCH /user/{id} with the patch', async () => {
    const fetch = mockFetch(() => json({ ...jana, lastName: 'Schmidt' }));
    const client = createApiClient({ fetch, adminToken: 'secret' });
    await expect(client.updateUser(jana._id, { lastName: 'Schmidt' })).resolves.toMatchObject({ lastName: 'Schmidt' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/dc_api/wa_v1/user/${jana._id}`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ lastName: 'Schmidt' });
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    expect(headersOf(init).Authorization).toBe('Bearer secret');
  });

  it('deactivateUser: PATCH /user/{id} with no body', async () => {
    const fetch = mockFetch(() => json({ ...jana, active: false }));
    const client = createApiClient({ fetch, adminToken: 'secret' });
    await expect(client.deactivateUser(jana._id)).resolves.toMatchObject({ active: false });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/dc_api/wa_v1/user/${jana._id}`);
    expect(init.method).toBe('PATCH');
    expect(init.body).toBeUndefined();
    expect(headersOf(init)['Content-Type']).toBeUndefined();
  });

  it('uses baseUrl (trailing slash ignored) and sends no Authorization without a token', async () => {
    const fetch = mockFetch(() => json([]));
    const client = createApiClient({ fetch, baseUrl: 'https://api.dataclarity.example/dc_api/wa_v1/' });
    await client.allUsers();
    expect(fetch.mock.calls[0]![0]).toBe('https://api.dataclarity.example/dc_api/wa_v1/user/all-users');
    expect(headersOf(fetch.mock.calls[0]![1]).Authorization).toBeUndefined();
  });

  it('uses the global fetch when none is given', async () => {
    const fetch = mockFetch(() => json([]));
    vi.stubGlobal('fetch', fetch);
    try {
      await createApiClient().allUsers();
      expect(fetch).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('errors (SPEC 8 kinds)', () => {
  it('FETCH_ERROR when the request cannot be made', async () => {
    const client = createApiClient({ fetch: vi.fn<FetchLike>().mockRejectedValue(new TypeError('Failed to fetch')) });
    const error = await caught(client.allUsers());
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('FETCH_ERROR');
    expect(error.message).toBe(API_ERROR_MESSAGES.fetch);
    expect(error.data).toBeUndefined();
  });

  it('TIMEOUT_ERROR when the server does not answer in time', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<FetchLike>(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ fetch, timeoutMs: 5000 });
    const result = caught(client.allUsers());
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error.kind).toBe('TIMEOUT_ERROR');
    expect(error.message).toBe(API_ERROR_MESSAGES.timeout);
  });

  it('clears the timer when the answer comes in time', async () => {
    vi.useFakeTimers();
    const client = createApiClient({ fetch: mockFetch(() => json([jana])), timeoutMs: 5000 });
    await client.allUsers();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('PARSING_ERROR for a 2xx body that is not JSON', async () => {
    const client = createApiClient({ fetch: mockFetch(() => new Response('<html>oops</html>', { status: 200 })) });
    const error = await caught(client.user(jana._id));
    expect(error.kind).toBe('PARSING_ERROR');
    expect(error.message).toBe(API_ERROR_MESSAGES.parsing);
  });

  it('the HTTP status for answers outside 200-299, with the parsed body as data', async () => {
    const body = { message: 'An account with this email address already exists.', field: 'email' };
    const client = createApiClient({ fetch: mockFetch(() => json(body, 409)) });
    const error = await caught(client.register(registerBody));
    expect(error.kind).toBe(409);
    expect(error.status).toBe(409);
    expect(error.data).toEqual(body);
    expect(error.message).toBe(body.message);
  });

  it('an HTTP error without a JSON body has data undefined', async () => {
    const client = createApiClient({ fetch: mockFetch(() => new Response('Bad Gateway', { status: 502 })) });
    const error = await caught(client.allUsers());
    expect(error.kind).toBe(502);
    expect(error.data).toBeUndefined();
    expect(error.message).toBe(API_ERROR_MESSAGES.http(502));
  });

  it('treats 299 as success and 300 as an error', async () => {
    const ok = createApiClient({ fetch: mockFetch(() => json(jana, 299)) });
    await expect(ok.user('x')).resolves.toEqual(jana);
    const redirect = createApiClient({ fetch: mockFetch(() => new Response(null, { status: 300 })) });
    expect((await caught(redirect.user('x'))).kind).toBe(300);
  });
});

describe('cache (SPEC 7: tags AllUsers and AUser, 60 s for unused data)', () => {
  it('serves a repeated GET from the cache, concurrent reads share one request', async () => {
    const fetch = mockFetch(() => json([jana]));
    const client = createApiClient({ fetch });
    const [a, b] = await Promise.all([client.allUsers(), client.allUsers()]);
    await client.allUsers();
    expect(a).toEqual([jana]);
    expect(b).toBe(a);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('caches each user by id', async () => {
    const fetch = mockFetch((url) => json({ ...jana, _id: url.split('/').pop() }));
    const client = createApiClient({ fetch });
    await client.user('1');
    await client.user('2');
    await client.user('1');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(client.cacheSize()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const fetch = mockFetch(() => (fail ? json({ message: 'down' }, 503) : json([jana])));
    const client = createApiClient({ fetch });
    await caught(client.allUsers());
    fail = false;
    await expect(client.allUsers()).resolves.toEqual([jana]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('register invalidates AllUsers and every AUser entry', async () => {
    const fetch = mockFetch((url, init) => (url.endsWith('/all-users') ? json([jana]) : json(jana, init.method === 'POST' ? 201 : 200)));
    const client = createApiClient({ fetch });
    await client.allUsers();
    await client.user('1');
    await client.user('2');
    expect(client.cacheSize()).toBe(3);
    await client.register(registerBody);
    expect(client.cacheSize()).toBe(0);
    await client.allUsers();
    await client.user('1');
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it("updateUser invalidates AllUsers and only that user's AUser", async () => {
    const fetch = mockFetch((url) => (url.endsWith('/all-users') ? json([jana]) : json(jana)));
    const client = createApiClient({ fetch });
    await client.allUsers();
    await client.user('1');
    await client.user('2');
    await client.updateUser('1', { firstName: 'Johanna' });
    expect(fetch).toHaveBeenCalledTimes(4);
    await client.user('2'); // still cached
    expect(fetch).toHaveBeenCalledTimes(4);
    await client.user('1'); // refetched
    await client.allUsers(); // refetched
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it("deactivateUser invalidates AllUsers and that user's AUser, even when it fails", async () => {
    const fetch = mockFetch((url, init) =>
      init.method === 'PATCH' ? json({ message: 'Server busy' }, 503) : url.endsWith('/all-users') ? json([jana]) : json(jana),
    );
    const client = createApiClient({ fetch });
    await client.allUsers();
    await client.user('1');
    await client.user('2');
    expect((await caught(client.deactivateUser('1'))).kind).toBe(503);
    expect(client.cacheSize()).toBe(1);
    await client.user('2');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('evicts an entry nobody has read for 60 s; each read restarts its 60 s', async () => {
    let time = 0;
    const fetch = mockFetch(() => json([jana]));
    const client = createApiClient({ fetch, now: () => time });
    await client.allUsers();
    time = CACHE_UNUSED_MS - 1;
    await client.allUsers(); // hit at 59.999 s, and it counts as a read
    expect(fetch).toHaveBeenCalledTimes(1);
    time += CACHE_UNUSED_MS - 1;
    expect(client.cacheSize()).toBe(1);
    await client.allUsers();
    expect(fetch).toHaveBeenCalledTimes(1);
    time += CACHE_UNUSED_MS;
    expect(client.cacheSize()).toBe(0); // unread for exactly 60 s: gone
    await client.allUsers();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('invalidate() and clearCache() drop entries on demand', async () => {
    const fetch = mockFetch((url) => (url.endsWith('/all-users') ? json([jana]) : json(jana)));
    const client = createApiClient({ fetch });
    await client.allUsers();
    await client.user('1');
    client.invalidate(['AUser:1']);
    expect(client.cacheSize()).toBe(1);
    client.clearCache();
    expect(client.cacheSize()).toBe(0);
  });

  it('listens to no focus or reconnect events', async () => {
    const add = vi.fn();
    vi.stubGlobal('addEventListener', add);
    vi.stubGlobal('window', { addEventListener: add });
    try {
      const client = createApiClient({ fetch: mockFetch(() => json([jana])) });
      await client.allUsers();
      expect(add).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
