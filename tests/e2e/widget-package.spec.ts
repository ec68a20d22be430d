import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { build } from 'esbuild';
import { seedConsent } from './support/consent';
import { usePartnerOrigin } from './support/partnerOrigin';
import { stubPowerBi } from './support/powerbi';

/**
 * Issue 33: `npm pack` of packages/widgets gives @dataclarity/widgets; installed into a fresh
 * project, a React 19 page using the gallery and the contact form with their events type-checks,
 * bundles and works in Chromium. No network: the tarball has no dependencies, and React and its
 * types are linked from this project's node_modules.
 */
const root = process.cwd();
const ours = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const { version } = JSON.parse(readFileSync('widgets/manifest.json', 'utf8')) as { version: string };

const partner = usePartnerOrigin();
let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-widgets-package-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const APP = `import '@dataclarity/widgets/dc-dashboard-gallery';
import '@dataclarity/widgets/dc-contact-form';
import type {} from '@dataclarity/widgets/react';
import type { DcContactFormElement, DcReportChangeDetail, DcSubmitDetail } from '@dataclarity/widgets';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const form: DcContactFormElement | null = document.querySelector('dc-contact-form');
void form;

function App() {
  const [seen, setSeen] = useState<string[]>([]);
  const [lead, setLead] = useState('');
  return (
    <main>
      <dc-dashboard-gallery
        src=${JSON.stringify(`${ours}/data/reports.json`)}
        label="Partner reports"
        headingLevel="2"
        ondc-report-change={(event: CustomEvent<DcReportChangeDetail>) => setSeen((list) => [...list, event.detail.title])}
      />
      <p id="seen">Seen: {seen.join(', ')}</p>
      <dc-contact-form
        variant="contact"
        ondc-submit={(event: CustomEvent<DcSubmitDetail>) => {
          event.preventDefault();
          setLead(event.detail.name + ' <' + event.detail.email + '>');
        }}
      />
      <p id="lead">Lead: {lead}</p>
      {/* @ts-expect-error a variant the element does not have */}
      <dc-contact-form variant="newsletter" hidden />
    </main>
  );
}
createRoot(document.getElementById('root')!).render(<App />);
`;

test('the packed @dataclarity/widgets installs into a fresh project; a React 19 page with the gallery and the contact form type-checks, bundles and works', async ({ page }) => {
  test.setTimeout(180_000);
  // npm pack (its prepack copies the build of dist/widgets).
  const packed = execFileSync('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: join(root, 'packages/widgets'), encoding: 'utf8' }).trim().split('\n').at(-1)!;
  expect(packed).toBe(`dataclarity-widgets-${version}.tgz`);

  const project = join(dir, 'app');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'partner-app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, packed)], { cwd: project, stdio: 'pipe' });
  const installed = join(project, 'node_modules/@dataclarity/widgets');
  expect(readdirSync(join(installed, 'dist')).sort()).toEqual([
    'custom-elements.json', 'dc-blog.js', 'dc-consent.js', 'dc-contact-form.js', 'dc-dashboard-gallery.js', 'dc-theme-toggle.js',
    'dc-tokens.css', 'dc-widgets-react.d.ts', 'dc-widgets.d.ts', 'index.js',
  ]);
  expect(JSON.parse(readFileSync(join(installed, 'dist/custom-elements.json'), 'utf8')).modules).toHaveLength(5);
  // React 19 and its types, linked from this project (no download).
  for (const name of ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom']) {
    mkdirSync(join(project, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }

  writeFileSync(join(project, 'app.tsx'), APP);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: false, lib: ['ES2022', 'DOM'], types: [] }, files: ['app.tsx'] }),
  );
  // Type-check: passes, and the @ts-expect-error line proves the element types are not `any`.
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project, stdio: 'pipe' });

  const bundled = await build({
    entryPoints: [join(project, 'app.tsx')],
    absWorkingDir: project,
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const code = bundled.outputFiles[0]!.text;
  expect(code).toContain('react.transitional.element'); // real React 19

  partner.page('/app.js', code, {}, 'text/javascript');
  partner.page('/', '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner app</title></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>');
  await seedConsent(page.context());
  await stubPowerBi(page);
  await page.goto(`${partner.origin}/`);
  await expect(page.getByRole('tablist', { name: 'Partner reports' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  await page.getByRole('tab', { name: 'Income Statement' }).click();
  await expect(page.locator('#seen')).toHaveText('Seen: Income Statement');

  const form = page.locator('dc-contact-form:not([hidden])');
  await form.getByLabel('Name', { exact: true }).fill('Jana Weber');
  await form.getByLabel('Email', { exact: true }).fill('jana.weber@example.de');
  await form.getByLabel('Phone', { exact: true }).fill('+49 621 1234567');
  await form.getByLabel('Message', { exact: true }).fill('We would like a Power BI review.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('#lead')).toHaveText('Lead: Jana Weber <jana.weber@example.de>');
  await expect(form.getByText('Message Sent!')).toBeVisible();
});
