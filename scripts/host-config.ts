/**
 * Writes the host configurations of a built dist/ (run by `npm run build`, after the pages):
 *   dist/_headers, dist/_redirects   Netlify / Cloudflare Pages
 *   deploy/nginx.conf                nginx (include inside http { })
 * all from server/hosting/siteRules.ts and the build's CSP hashes, so no host can drift from the
 * Node server.
 *
 *   tsx scripts/host-config.ts [--dist dist] [--nginx deploy/nginx.conf]
 *                              [--root /srv/dataclarity/dist] [--listen 80] [--api 10.0.0.5:8080,10.0.0.6:8080]
 *                              [--tls-cert /etc/ssl/dc.pem --tls-key /etc/ssl/dc.key [--http-listen 80]]
 * Defaults: --root is the absolute path of --dist, --listen 8080, --api 127.0.0.1:3000, no TLS
 * (with both TLS files nginx listens with HTTPS and HTTP/2, and on plain HTTP, --http-listen, default
 * port 80 of the --listen address, answers every request with a 301 to HTTPS).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { headersFile } from '../server/hosting/headersFile';
import { nginxConfig } from '../server/hosting/nginxConfig';
import { redirectsFile } from '../server/hosting/redirectsFile';
import { listSiteFiles } from '../server/hosting/siteFiles';
import { FRAME_SOURCES } from '../server/hosting/siteRules';
import { buildCsp, readScriptHashes } from '../server/securityHeaders';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    nginx: { type: 'string', default: 'deploy/nginx.conf' },
    root: { type: 'string' },
    listen: { type: 'string', default: '8080' },
    api: { type: 'string', default: '127.0.0.1:3000' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'http-listen': { type: 'string' },
  },
});
if (!values['tls-cert'] !== !values['tls-key']) {
  console.error('host-config: --tls-cert and --tls-key go together (the certificate and its key, PEM files on the web server).');
  process.exit(1);
}
const tls =
  values['tls-cert'] && values['tls-key']
    ? { certificate: resolve(values['tls-cert']), key: resolve(values['tls-key']), ...(values['http-listen'] ? { httpListen: values['http-listen'] } : {}) }
    : undefined;

const distDir = resolve(values.dist);
const files = listSiteFiles(distDir);
if (!files.some((file) => file.file === 'index.html')) {
  console.error(`host-config: no built site in ${distDir} (run the build first).`);
  process.exit(1);
}
const csp = buildCsp(readScriptHashes(distDir), FRAME_SOURCES);
const api = values.api.split(',').map((server) => server.trim()).filter(Boolean);

writeFileSync(join(distDir, '_headers'), headersFile(files, csp));
writeFileSync(join(distDir, '_redirects'), redirectsFile(files));
const nginxPath = resolve(values.nginx);
mkdirSync(dirname(nginxPath), { recursive: true });
writeFileSync(nginxPath, nginxConfig(files, csp, { root: resolve(values.root ?? distDir), listen: values.listen, api, tls }));
console.log(`host-config: ${files.length} files -> dist/_headers, dist/_redirects, ${values.nginx}`);
