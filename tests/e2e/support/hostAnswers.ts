/**
 * What the hosts answer, reduced to what must be equal everywhere: status, Location, the
 * headers of server/hosting/siteRules.ts, Cache-Control, the media type and a hash of the body.
 * Plus readers of dist/_headers and dist/_redirects that answer a path the way Netlify and
 * Cloudflare Pages do (every matching header rule applies, a repeated name is joined with ', ';
 * the first matching redirect wins and keeps the query).
 */
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type IncomingHttpHeaders } from 'node:http2';

/** Headers compared between hosts (lower case). */
export const COMPARED_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'access-control-allow-origin',
  'x-frame-options',
  'cache-control',
  'vary',
] as const;

export interface Answer {
  status: number;
  location: string | null;
  headers: Record<string, string | null>;
  contentType: string | null;
  bodySha: string | null;
}

/**
 * Vary as a sorted set of lower-case names (order and case carry no meaning), without
 * accept-encoding: each server's compression adds that for its own encodings (nginx on every
 * compressible type, the Node server when it compresses), which is transport, not the site's rules.
 */
function normaliseVary(value: string | null): string | null {
  if (value === null) return null;
  const names = new Set(value.split(',').map((part) => part.trim().toLowerCase()).filter((name) => name && name !== 'accept-encoding'));
  return names.size > 0 ? [...names].sort().join(', ') : null;
}

/**
 * One request on a connection of its own (no keep-alive): a reused idle connection can be closed by
 * the server in the moment the next request goes out, which is a race of the client, not an answer
 * of the host.
 */
export function fetchAnswer(baseURL: string, path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const base = new URL(baseURL);
    // The path as written (a URL object would normalise it), on a connection of its own.
    const request = httpRequest({ hostname: base.hostname, port: base.port, path, agent: false, headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const header = (name: string) => {
          const value = response.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);
        };
        done(toAnswer(response.statusCode ?? 0, header, Buffer.concat(chunks)));
      });
      response.on('error', fail);
    });
    request.on('error', (error) => fail(new Error(`GET ${baseURL}${path}: ${error.message}`, { cause: error })));
    request.end();
  });
}

/** The same over HTTP/2 with TLS (the certificate not checked: a throwaway one in tests). */
export function fetchAnswerHttp2(origin: string, path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const session = connect(origin, { rejectUnauthorized: false });
    session.on('error', fail);
    const request = session.request({ ':path': path, 'accept-encoding': 'identity' });
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    request.on('response', (received) => (headers = received));
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      session.close();
      const header = (name: string) => {
        const value = headers[name];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);
      };
      done(toAnswer(Number(headers[':status']), header, Buffer.concat(chunks)));
    });
    request.on('error', fail);
    request.end();
  });
}

function toAnswer(status: number, header: (name: string) => string | null, body: Buffer): Answer {
  const headers: Record<string, string | null> = {};
  for (const name of COMPARED_HEADERS) headers[name] = header(name);
  headers.vary = normaliseVary(headers.vary ?? null);
  const isRedirect = status >= 300 && status < 400;
  return {
    status,
    location: header('location'),
    headers,
    contentType: isRedirect ? null : (header('content-type')?.replace(/\s+/g, '').toLowerCase() ?? null),
    bodySha: isRedirect ? null : createHash('sha256').update(body).digest('hex').slice(0, 16),
  };
}

/** The differences between two answers to `path`, one line each ('' when equal). */
export function diffAnswers(path: string, left: Answer, right: Answer, leftName: string, rightName: string): string[] {
  const lines: string[] = [];
  const compare = (what: string, a: unknown, b: unknown) => {
    if (a !== b) lines.push(`${path} ${what}: ${leftName}=${JSON.stringify(a)} ${rightName}=${JSON.stringify(b)}`);
  };
  compare('status', left.status, right.status);
  compare('location', left.location, right.location);
  compare('content-type', left.contentType, right.contentType);
  compare('body', left.bodySha, right.bodySha);
  for (const name of COMPARED_HEADERS) compare(name, left.headers[name], right.headers[name]);
  return lines;
}

interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const colon = line.indexOf(':');
      rules.at(-1)!.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return pattern === path;
}

/** The headers _headers gives `path` (all matching rules, repeated names joined). */
export function headersFromFile(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule.pattern, path)) continue;
    for (const [name, value] of rule.headers) result[name] = name in result ? `${result[name]}, ${value}` : value;
  }
  return result;
}

export function parseRedirectsFile(text: string): [string, string, number][] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status] = line.trim().split(/\s+/);
      return [from!, to!, Number(status)];
    });
}

/** The redirect _redirects gives `pathWithQuery`, or null. */
export function redirectFromFile(rules: readonly [string, string, number][], pathWithQuery: string): { status: number; location: string } | null {
  const [path, query] = pathWithQuery.split('?') as [string, string | undefined];
  const rule = rules.find(([from]) => from === path);
  return rule ? { status: rule[2], location: rule[1] + (query !== undefined ? `?${query}` : '') } : null;
}
