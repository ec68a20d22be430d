/**
 * npm run staff -- add <email> | remove <email> | list: staff members on the server's database
 * (server/staff/cli.ts). Bundled into server-dist/staff.mjs by scripts/build-server.mjs.
 */
import { runStaffCli } from '../server/staff/cli';

try {
  process.exitCode = await runStaffCli(process.argv.slice(2), process.env, { log: (line) => console.log(line), error: (line) => console.error(line) });
} catch (error) {
  console.error(`staff: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
