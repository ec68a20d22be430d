/**
 * npm run build: widgets first (their manifest tells the pages which scripts
 * to add), then the public widgets' release (versioned files, SRI, custom-elements.json,
 * types), then the pages, then the size budgets. Any failure fails the build.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`\nBuild failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
};

rmSync('dist', { recursive: true, force: true });
run(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', 'rollup.config.mjs', '--silent']);
run(process.execPath, ['scripts/widget-release.mjs']);
run(process.execPath, ['node_modules/@11ty/eleventy/cmd.cjs']);
run(process.execPath, ['scripts/size.mjs', '--check']);
