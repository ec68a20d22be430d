import { spawn } from 'node:child_process';

/**
 * A second process holding the write lock of a SQLite file (`BEGIN IMMEDIATE`) until the test
 * releases it: what another server on the file, a script or a `sqlite3` shell left in a transaction
 * does to the server. Coordinated through the child's stdio, never by sleeping: it says `locked`
 * once it holds the lock, and gives it back when it reads a line.
 */
export interface WriteLock {
  /** Rolls back and ends the child; resolves when it is gone. Safe to call twice. */
  release(): Promise<void>;
}

const HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
process.stdin.once('data', () => {
  db.exec('ROLLBACK');
  db.close();
  process.exit(0);
});
`;

export async function holdWriteLock(databasePath: string): Promise<WriteLock> {
  // better-sqlite3 is required from the project's node_modules (the working directory).
  const child = spawn(process.execPath, ['--input-type=commonjs', '-e', HOLDER, databasePath], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
      if (stdout.includes('locked\n')) resolve();
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`the lock holder ended before it held the lock: ${stderr}`)));
  });
  return {
    async release() {
      if (child.exitCode === null && child.signalCode === null && child.stdin.writable) child.stdin.write('release\n');
      await exited;
    },
  };
}
