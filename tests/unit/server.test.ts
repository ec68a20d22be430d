import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { buildApp } from '../../server/app';
import { chooseEncoding, COMPRESSIBLE } from '../../server/distIndex';
import { loadConfig } from '../../server/config';
import { buildCsp } from '../../server/securityHeaders';
import { cacheControlFor } from '../../server/staticSite';
import { OPEN_REDIRECT_SPELLINGS } from '../support/openRedirectSpellings';

let dir: string;
let app: FastifyInstance;

function write(path: string, content: string) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dc-dist-'));
  write('index.html', '<!doctype html><title>Home</title>' + 'x'.repeat(4000));
  write('about/index.html', '<!doctype html><title>About</title>' + '<p>About us</p>'.repeat(50));
  write('privacy_policy/index.html', '<!doctype html><title>Privacy</title>');
  write('blog/index.html', '<!doctype html><title>Blog</title>');
  write('blog/star-schema-first/index.html', '<!doctype html><title>Star Schema First</title>');
  write('blog/feed.xml', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>');
  write('404.html', '<!doctype html><title>Page Not Found</title>');
  write('assets/js/runtime-AbCdEf12.js', 'export{};');
  write('assets/images/logo.svg', '<svg/>');
  write('widgets/dc-theme-toggle.js', `export const text = "${'toggle '.repeat(300)}";`);
  write('.csp.json', JSON.stringify({ scriptHashes: ['sha256-abc='] }));
  write('_headers', '/*\n  X-Test: 1\n');
  write('_redirects', '/a /b 301\n');
  write('assets/images/photo.png', 'x'.repeat(4000));
  await precompress(dir);
  const config = { ...loadConfig({ DIST_DIR: dir, DATABASE_PATH: join(dir, 'db.sqlite'), LOG_LEVEL: 'silent' }), distDir: dir };
  app = await buildApp(config);
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static site', () => {
  it('serves a route at its canonical URL without trailing slash', async () => {
    const response = await app.inject('/about');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('redirects the other slash form and index.html permanently, keeping the query', async () => {
    const slash = await app.inject('/about/?ref=x');
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/about?ref=x');
    const index = await app.inject('/about/index.html');
    expect(index.statusCode).toBe(301);
    expect(index.headers.location).toBe('/about');
  });

  it('serves a blog post at its canonical URL WITH trailing slash', async () => {
    const response = await app.inject('/blog/star-schema-first/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Star Schema First');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('redirects the other spellings of a blog post to the slash form, keeping the query', async () => {
    for (const [path, location] of [
      ['/blog/star-schema-first', '/blog/star-schema-first/'],
      ['/blog/star-schema-first?utm_source=x', '/blog/star-schema-first/?utm_source=x'],
      ['/blog/star-schema-first/index.html', '/blog/star-schema-first/'],
      ['/blog/star-schema-first//', '/blog/star-schema-first/'],
    ] as const) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(301);
      expect(response.headers.location, path).toBe(location);
    }
  });

  it('keeps /blog itself and files under /blog canonical without a slash', async () => {
    expect((await app.inject('/blog')).statusCode).toBe(200);
    const slash = await app.inject('/blog/');
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/blog');
    const feed = await app.inject('/blog/feed.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<feed');
  });

  it('answers a missing blog post with 404 in every spelling', async () => {
    for (const path of ['/blog/no-such-post', '/blog/no-such-post/', '/blog/Star-Schema-First/']) {
      expect((await app.inject(path)).statusCode, path).toBe(404);
    }
  });

  it('redirects /privacy-policy to /privacy_policy with 301', async () => {
    const response = await app.inject('/privacy-policy');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/privacy_policy');
  });

  it('does not serve the CDN files of dist/ (_headers, _redirects)', async () => {
    for (const path of ['/_headers', '/_redirects']) expect((await app.inject(path)).statusCode).toBe(404);
  });

  it('answers unknown paths with the not-found page and 404', async () => {
    for (const path of ['/nope', '/about/nope', '/..%2fpackage.json', '/.csp.json', '/assets/../../etc/passwd']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).toContain('Page Not Found');
    }
  });

  it('answers a malformed URL with 400, not an error', async () => {
    expect((await app.inject('/%E0%A4%A')).statusCode).toBe(400);
  });

  it('answers paths that decode to a stray % with the not-found page, never a 500 (decoded once)', async () => {
    for (const path of ['/%25/', '/a%25zz/', '/about%25/', '/%25', '/%25%32%35', '/about/%25/index.html', '/%25/index.html']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).toContain('Page Not Found');
    }
    for (const path of ['/%', '/%zz', '/about%E0%A4%A', '/%ED%A0%80', '/%C0%AF']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(400);
    }
  });

  it('never redirects to another host: every target starts with exactly one slash', async () => {
    const attempts = OPEN_REDIRECT_SPELLINGS;
    for (const path of attempts) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBeLessThan(500);
      const location = response.headers.location;
      if (location === undefined) continue;
      expect(response.statusCode, path).toBe(301);
      expect(location, path).toMatch(/^\/(?![/\\])/);
      expect(location, path).not.toMatch(/[\\\s\0]|%2f|%5c|%00|\.\.|evil/i);
      // A browser resolves the target against our origin and stays there.
      expect(new URL(location, 'https://www.dataclarity.de/x/').host, path).toBe('www.dataclarity.de');
    }
    // The plain spellings still redirect to the canonical page, built from the file.
    expect((await app.inject('//about/')).headers.location).toBe('/about');
    expect((await app.inject('/%2Fabout%2F')).headers.location).toBe('/about');
    expect((await app.inject('//blog/star-schema-first')).headers.location).toBe('/blog/star-schema-first/');
    expect((await app.inject('//index.html')).headers.location).toBe('/');
    // Encoded dot segments and control characters name no file of ours.
    for (const path of ['/%2F%2Fevil.example%2F..%2Fabout/', '/about%00/', '/%09/evil.example/%2e%2e/about/', '/%5Cevil.example/about/']) {
      expect((await app.inject(path)).statusCode, path).toBe(404);
    }
  });

  it('caches hashed assets forever and widgets briefly', async () => {
    expect((await app.inject('/assets/js/runtime-AbCdEf12.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/widgets/dc-theme-toggle.js')).headers['cache-control']).toMatch(/max-age=300/);
    expect(cacheControlFor('/assets/images/logo.svg')).toMatch(/max-age=3600/);
  });

  it('sends the Brotli or gzip copy the build wrote, by Accept-Encoding', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/html');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Home</title>');
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Home</title>');
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Home</title>');
  });

  it('keeps both Vary reasons on cross-origin assets', async () => {
    const response = await app.inject({ url: '/widgets/dc-theme-toggle.js', headers: { 'accept-encoding': 'br' } });
    expect(response.headers.vary).toBe('Accept-Encoding, Origin');
  });

  it('never compresses a static file on the fly, nor serves the copies under their own name', async () => {
    const image = await app.inject({ url: '/assets/images/photo.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBe('Origin');
    expect((await app.inject('/index.html.br')).statusCode).toBe(404);
    expect((await app.inject('/about/index.html.gz')).statusCode).toBe(404);
  });

  it('answers the not-found page precompressed too', async () => {
    const response = await app.inject({ url: '/nope', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Page Not Found');
  });

  it('still compresses API answers on the fly', async () => {
    const api = await buildApp({ ...loadConfig({ DIST_DIR: dir, DATABASE_PATH: join(dir, 'compress.sqlite'), LOG_LEVEL: 'silent' }), distDir: dir });
    api.get('/__big', async () => ({ text: 'x'.repeat(4000) }));
    const response = await api.inject({ url: '/__big', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    await api.close();
  });

  it('answers GET /healthz', async () => {
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with JSON problem details, not the HTML page', async () => {
    const response = await app.inject('/dc_api/wa_v1/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, message: expect.any(String) });
  });
});

describe('security headers', () => {
  it('sends a CSP with the build hashes and no unsafe-inline', async () => {
    const response = await app.inject('/about');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toContain('unsafe-inline');
    for (const directive of ["object-src 'none'", "base-uri 'self'", 'form-action', 'frame-ancestors']) expect(csp).toContain(directive);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('allows cross-origin loading of the widget modules only', async () => {
    const widget = await app.inject('/widgets/dc-theme-toggle.js');
    expect(widget.headers['access-control-allow-origin']).toBe('*');
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await app.inject('/about');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('buildCsp lists frame sources and hashes', () => {
    expect(buildCsp([], ['https://app.powerbi.com'])).toContain("frame-src 'self' https://app.powerbi.com");
    expect(buildCsp(['sha256-x'], [])).toContain("script-src 'self' 'sha256-x'");
  });
});

describe('config', () => {
  it('defaults to port 8080 and rejects a bad PORT', () => {
    expect(loadConfig({}).port).toBe(8080);
    expect(loadConfig({ PORT: '3000' }).port).toBe(3000);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('trusts no proxy unless TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect(hops('10.0.0.1', 0)).toBe(true);
    expect(hops('10.0.0.2', 1)).toBe(false);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const app = await buildApp({ ...loadConfig({ DIST_DIR: dir, DATABASE_PATH: join(dir, 'proxy.sqlite'), LOG_LEVEL: 'silent' }), distDir: dir });
    app.get('/__ip', async (request) => ({ ip: request.ip }));
    const response = await app.inject({ url: '/__ip', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '127.0.0.1' });
    expect(response.json()).toEqual({ ip: '127.0.0.1' });
    await app.close();
  });
});

describe('precompress (build step)', () => {
  it('writes .br and .gz next to every text file it shrinks, and none for images, dotfiles or tiny files', () => {
    for (const path of ['index.html', 'widgets/dc-theme-toggle.js']) {
      expect(COMPRESSIBLE.test(path)).toBe(true);
      expect(existsSync(join(dir, `${path}.br`)), path).toBe(true);
      expect(existsSync(join(dir, `${path}.gz`)), path).toBe(true);
    }
    // 'export{};' cannot shrink: no copy, the file itself is sent.
    expect(existsSync(join(dir, 'assets/js/runtime-AbCdEf12.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/images/photo.png.br'))).toBe(false);
    expect(existsSync(join(dir, '.csp.json.br'))).toBe(false);
  });
});

describe('static files from memory', () => {
  it('answers 304 to a matching If-None-Match or If-Modified-Since, per encoding', async () => {
    const first = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherEncoding = await app.inject({ url: '/about', headers: { 'accept-encoding': 'identity', 'if-none-match': etag } });
    expect(otherEncoding.statusCode).toBe(200);
    const since = await app.inject({ url: '/about', headers: { 'if-modified-since': first.headers['last-modified'] as string } });
    expect(since.statusCode).toBe(304);
    const older = await app.inject({ url: '/about', headers: { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' } });
    expect(older.statusCode).toBe(200);
  });

  it('answers a range request from the file itself', async () => {
    const response = await app.inject({ url: '/', headers: { range: 'bytes=0-14', 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('<!doctype html>');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe('');
  });
});

describe('chooseEncoding', () => {
  const both = { br: true, gzip: true };
  it('prefers Brotli, honours q-values and *, and falls back to the file as is', () => {
    expect(chooseEncoding('gzip, deflate, br', both)).toBe('br');
    expect(chooseEncoding('gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br', { br: false, gzip: true })).toBeNull();
    expect(chooseEncoding('identity', both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
  });
});
