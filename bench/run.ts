/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after the other, so
 * one benchmark's warm caches never flatter the next. Exits non-zero if any of them fails.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${run.status ?? run.signal})`);
  }
}
process.exit(failed ? 1 : 0);
