/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after the other, so
 * one benchmark's warm caches never flatter the next. Each bench writes its result to
 * bench/results/ (bench/results.ts, writeResult); a bench that fails or writes none counts as
 * failed, and the command then exits non-zero.
 *   npm run bench [name ...]     (a part of a file name: npm run bench grid wallet)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR } from './results.ts';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
const resultsDir = process.env.BENCH_RESULTS_DIR ?? RESULTS_DIR;
mkdirSync(resultsDir, { recursive: true });
const results = () => new Set(readdirSync(resultsDir));
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const before = results();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  const written = [...results()].filter((f) => !before.has(f));
  if (run.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${run.status ?? run.signal})`);
  } else if (written.length === 0) {
    failed++;
    console.error(`${file} wrote no result: it should end with writeResult (bench/results.ts)`);
  }
}
process.exit(failed ? 1 : 0);
