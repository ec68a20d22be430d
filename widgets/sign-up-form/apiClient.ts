import { API_BASE } from '../../shared/constants';
import type { RegisterBody, User, UserPatch } from '../../shared/user';

/**
 * Typed client of the product's own API (SPEC 7), used by the sign-up form and by
 * administrators' tools. Framework-free: a widget wraps it in hooks, a test injects `fetch` and a
 * clock.
 *
 * Responses are the bare JSON values: a {@link User} for register, user, updateUser and
 * deactivateUser, a `User[]` for allUsers. Every failure is thrown as an {@link ApiError}.
 *
 * Cache (SPEC 7): GET responses are kept per URL with tags `AllUsers` (the list) and `AUser`
 * (one user, also tagged per id). register invalidates every `AllUsers` and `AUser` entry;
 * updateUser and deactivateUser invalidate `AllUsers` and that user's `AUser` entry (when the
 * write ends, even in failure). An entry
 * that nobody has read for 60 s is evicted. Nothing refetches on window focus or reconnect: the
 * client listens to no events.
 */

/** A user as the API returns it: never a password or its hash. */
/** SPEC 8 request error kinds, or the HTTP status when it is outside 200-299. */
export type ApiErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | number;

/** A failed call. `data` is the parsed JSON body of an HTTP error response, else undefined. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly data: unknown;

  constructor(kind: ApiErrorKind, message: string, data?: unknown) {
    super(message);
    this.kind = kind;
    this.data = data;
  }

  /** The HTTP status, when the server answered outside 200-299. */
  get status(): number | undefined {
    return typeof this.kind === 'number' ? this.kind : undefined;
  }
}

/** True for errors thrown by this client. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Messages of the client's own errors (an HTTP error prefers the server's data.message). */
export const API_ERROR_MESSAGES = {
  fetch: 'Could not reach the server. Please check your connection and try again.',
  timeout: 'The server took too long to respond. Please try again.',
  parsing: 'The server sent a response that could not be read.',
  http: (status: number) => `The server answered with status ${status}.`,
} as const;

/** Cache tags of SPEC 7. */
export const TAGS = { allUsers: 'AllUsers', aUser: 'AUser' } as const;

/** How long an unread cache entry is kept (SPEC 7: 60 s). */
export const CACHE_UNUSED_MS = 60_000;

/** Default time allowed for one call before it fails with TIMEOUT_ERROR. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Base URL of the API (default API_BASE, '/dc_api/wa_v1'); a trailing slash is ignored. */
  baseUrl?: string;
  /** fetch implementation (default: the global fetch, looked up at call time). */
  fetch?: FetchLike;
  /** Administrator token sent as `Authorization: Bearer …` on the user list, read and edit calls. */
  adminToken?: string;
  /** Milliseconds before a call is aborted with TIMEOUT_ERROR (default 15 000; 0 disables). */
  timeoutMs?: number;
  /** Clock for cache eviction, in milliseconds (default Date.now). */
  now?: () => number;
  /** How long an unread cache entry is kept (default 60 000 ms). */
  cacheUnusedMs?: number;
}

export interface ApiClient {
  /** POST /user/register. */
  register(body: RegisterBody): Promise<User>;
  /** GET /user/all-users (cached, tag AllUsers). */
  allUsers(): Promise<User[]>;
  /** GET /user/{id} (cached, tag AUser). */
  user(id: string): Promise<User>;
  /** PATCH /user/{id} with the editable fields. */
  updateUser(id: string, patch: UserPatch): Promise<User>;
  /** PATCH /user/{id} with no body: deactivates the user. */
  deactivateUser(id: string): Promise<User>;
  /** Drops every cache entry carrying one of these tags ('AllUsers', 'AUser' or 'AUser:{id}'). */
  invalidate(tags: readonly string[]): void;
  /** Number of entries in the cache, after evicting the unused ones. */
  cacheSize(): number;
  /** Empties the cache. */
  clearCache(): void;
}

interface CacheEntry {
  promise: Promise<unknown>;
  tags: readonly string[];
  lastRead: number;
}

interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  admin: boolean;
}

/** The per-user tag of one user's cache entry. */
export function userTag(id: string): string {
  return `${TAGS.aUser}:${id}`;
}

function userPath(id: string): string {
  return `/user/${encodeURIComponent(id)}`;
}

/** Creates a client. One client per page (or per admin session) shares one cache. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? API_BASE).replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const unusedMs = options.cacheUnusedMs ?? CACHE_UNUSED_MS;
  const cache = new Map<string, CacheEntry>();

  function evictUnused(): void {
    const t = now();
    for (const [key, entry] of cache) {
      if (t - entry.lastRead >= unusedMs) cache.delete(key);
    }
  }

  function invalidate(tags: readonly string[]): void {
    for (const [key, entry] of cache) {
      if (entry.tags.some((tag) => tags.includes(tag))) cache.delete(key);
    }
  }

  async function request<T>(spec: RequestSpec): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method: spec.method, headers };
    if (spec.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(spec.body);
    }
    if (spec.admin && options.adminToken) headers.Authorization = `Bearer ${options.adminToken}`;

    const controller = new AbortController();
    init.signal = controller.signal;
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;

    try {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(baseUrl + spec.path, init);
        text = await response.text();
      } catch {
        throw timedOut
          ? new ApiError('TIMEOUT_ERROR', API_ERROR_MESSAGES.timeout)
          : new ApiError('FETCH_ERROR', API_ERROR_MESSAGES.fetch);
      }

      let data: unknown;
      let parsed = true;
      if (text.trim() !== '') {
        try {
          data = JSON.parse(text);
        } catch {
          parsed = false;
        }
      }

      if (response.status < 200 || response.status > 299) {
        const serverMessage =
          typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
        throw new ApiError(
          response.status,
          typeof serverMessage === 'string' && serverMessage !== ''
            ? serverMessage
            : API_ERROR_MESSAGES.http(response.status),
          parsed ? data : undefined,
        );
      }
      if (!parsed) throw new ApiError('PARSING_ERROR', API_ERROR_MESSAGES.parsing);
      return data as T;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  /** A cached GET: concurrent and later reads share one request until eviction or invalidation. */
  function cachedGet<T>(path: string, tags: readonly string[]): Promise<T> {
    evictUnused();
    const existing = cache.get(path);
    if (existing) {
      existing.lastRead = now();
      return existing.promise as Promise<T>;
    }
    const promise = request<T>({ method: 'GET', path, admin: true });
    const entry: CacheEntry = { promise, tags, lastRead: now() };
    cache.set(path, entry);
    // A failed read is not kept: the next read tries again.
    promise.catch(() => {
      if (cache.get(path) === entry) cache.delete(path);
    });
    return promise;
  }

  /**
   * A write. Its tags are invalidated when it ends, failed or not: a write that timed out may
   * still have happened on the server, and a needless refetch costs less than stale data.
   */
  async function mutate<T>(spec: RequestSpec, tags: readonly string[]): Promise<T> {
    try {
      return await request<T>(spec);
    } finally {
      invalidate(tags);
    }
  }

  return {
    register: (body) =>
      mutate<User>({ method: 'POST', path: '/user/register', body, admin: false }, [TAGS.allUsers, TAGS.aUser]),
    allUsers: () => cachedGet<User[]>('/user/all-users', [TAGS.allUsers]),
    user: (id) => cachedGet<User>(userPath(id), [TAGS.aUser, userTag(id)]),
    updateUser: (id, patch) =>
      mutate<User>({ method: 'PATCH', path: userPath(id), body: patch, admin: true }, [TAGS.allUsers, userTag(id)]),
    deactivateUser: (id) =>
      mutate<User>({ method: 'PATCH', path: userPath(id), admin: true }, [TAGS.allUsers, userTag(id)]),
    invalidate,
    cacheSize: () => {
      evictUnused();
      return cache.size;
    },
    clearCache: () => cache.clear(),
  };
}
