/**
 * npx tsx scripts/bench-backup.ts [--leads 100000]: the time of npm run backup's SQLite online
 * backup (server/ops/backup.ts) of a database holding that many contact requests, and of its restore into a
 * new file. A bench, not a test: it prints figures. Uses a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteContactRequestStore } from '../server/contactRequests/sqliteStore';
import { backupSqlite, restoreSqlite } from '../server/ops/backup';

const { values } = parseArgs({ options: { leads: { type: 'string', default: '100000' } } });
const total = Number(values.leads);
const dir = mkdtempSync(join(tmpdir(), 'dc-bench-backup-'));
try {
  const file = join(dir, 'dc.sqlite');
  const store = openSqliteContactRequestStore(file);
  const filling = performance.now();
  for (let done = 0; done < total; done += 1000) {
    const batch = Math.min(1000, total - done);
    // One group commit per batch (the store writes the contact requests queued in one turn of the loop together).
    await Promise.all(
      Array.from({ length: batch }, (_, i) =>
        store.create(
          {
            variant: 'contact',
            name: 'Jana Weber',
            email: `contact${done + i}@example.de`,
            phone: '+49 621 4305 8870',
            message: 'We would like to talk about our monthly reporting and a dashboard for the sales team.',
            source: 'https://www.dataclarity.de/contact',
            spam: false,
          },
          new Date(),
        ),
      ),
    );
  }
  await store.close();
  console.log(`bench-backup: ${total} contact requests written in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
  const started = performance.now();
  const summary = await backupSqlite(file, join(dir, 'backup.sqlite'));
  const backupMs = performance.now() - started;
  const restoring = performance.now();
  restoreSqlite(summary.file, join(dir, 'restored.sqlite'), false);
  const restoreMs = performance.now() - restoring;
  console.log(
    `bench-backup: backup of ${summary.rows!.leads} contact requests (${(summary.bytes / 1024 / 1024).toFixed(1)} MiB) in ${(backupMs / 1000).toFixed(2)} s ` +
      `(online backup + integrity_check); restore into a new file in ${(restoreMs / 1000).toFixed(2)} s`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
