import { describe, expect, it } from 'vitest';
import { httpListenFor, nginxConfig, NGINX_CONNECTIONS_PER_CLIENT } from '../../server/hosting/nginxConfig';
import type { SiteFile } from '../../server/hosting/siteFiles';
import { API_PAGE_PATTERN } from '../../server/hosting/siteRules';

/** The generated nginx config's HTTP→HTTPS server and connection limits (served for real in tests/e2e/hosting.spec.ts). */

const FILES = [{ file: 'index.html', url: '/', page: true, cacheControl: 'no-cache' }] as unknown as SiteFile[];
const BASE = { root: '/srv/dist', api: ['10.0.0.11:3000'] };
const TLS = { certificate: '/etc/ssl/dc.pem', key: '/etc/ssl/dc.key' };

describe('nginx config', () => {
  it('sends the account mails\' link pages (a 43-character token only) to the API, whose Referrer-Policy stays no-referrer', () => {
    const pattern = new RegExp(API_PAGE_PATTERN);
    expect(pattern.test(`/reset_password/${'a'.repeat(43)}`) && pattern.test(`/verify_email/${'_'.repeat(43)}`)).toBe(true);
    expect([`/reset_password/${'a'.repeat(42)}`, `/reset_password/${'a'.repeat(44)}`, '/reset_password/', `/reset_password/${'a'.repeat(42)}.`, `/about/${'a'.repeat(43)}`].some((path) => pattern.test(path))).toBe(false);
    const config = nginxConfig(FILES, "default-src 'self'", { ...BASE, listen: '80' });
    const block = config.slice(config.indexOf(`location ~ "${API_PAGE_PATTERN}" {`));
    expect(block.length).toBeLessThan(config.length);
    const location = block.slice(0, block.indexOf('\n    }'));
    expect(location).toContain('proxy_pass http://dc_api;');
    expect(location).toContain('add_header Referrer-Policy "no-referrer" always;');
    expect(location.match(/add_header Referrer-Policy/g)).toHaveLength(1);
    expect(location).toContain('add_header Content-Security-Policy');
  });

  it('never skips an API instance for failing once: a restarted instance takes requests at once (rolling restart)', () => {
    const config = nginxConfig(FILES, "default-src 'self'", { ...BASE, listen: '127.0.0.1:8080', api: ['10.0.0.11:3000', '10.0.0.12:3000'] });
    expect(config).toContain('upstream dc_api {\n    server 10.0.0.11:3000 max_fails=0;\n    server 10.0.0.12:3000 max_fails=0;\n');
    expect(config).toContain('proxy_connect_timeout 5s;');
  });

  it('with TLS: a plain-HTTP server that answers every request with 301 to its HTTPS URL', () => {
    const standard = nginxConfig(FILES, "default-src 'self'", { ...BASE, listen: '443', tls: TLS });
    expect(standard).toContain('listen 443 ssl http2;');
    expect(standard).toContain('listen 80;');
    expect(standard).toContain('location / { return 301 https://$host$request_uri; }');
    const custom = nginxConfig(FILES, "default-src 'self'", { ...BASE, listen: '127.0.0.1:8443', tls: { ...TLS, httpListen: '127.0.0.1:8080' } });
    expect(custom).toContain('listen 127.0.0.1:8080;');
    expect(custom).toContain('return 301 https://$host:8443$request_uri;');
  });

  it('without TLS: one server, no redirect to HTTPS', () => {
    const plain = nginxConfig(FILES, "default-src 'self'", { ...BASE, listen: '80' });
    expect(plain.match(/^server \{/gm)).toHaveLength(1);
    expect(plain).not.toContain('https://$host');
  });

  it('caps connections per client address and gives 10 s for a request head', () => {
    const config = nginxConfig(FILES, "default-src 'self'", { ...BASE, listen: '80' });
    expect(config).toContain('limit_conn_zone $binary_remote_addr zone=dc_conn_per_client:10m;');
    expect(config).toContain(`limit_conn dc_conn_per_client ${NGINX_CONNECTIONS_PER_CLIENT};`);
    expect(config).toContain('client_header_timeout 10s;');
  });

  it('the plain-HTTP listen of a TLS listen is port 80 of the same address', () => {
    expect(httpListenFor('443')).toBe('80');
    expect(httpListenFor('10.0.0.5:443')).toBe('10.0.0.5:80');
    expect(httpListenFor('[::1]:8443')).toBe('[::1]:80');
  });
});
