/**
 * `npm run bench:latest`: the latest figures of every bench (bench/results/) as Markdown tables,
 * figure, value and goal, as docs/benchmarks.md shows them. By default the latest run of each
 * bench's full scenario (no BENCH_* setting but BENCH_RUNS: a quick or partial run does not
 * replace it); --any takes the latest run whatever its settings.
 *   npx tsx bench/latest.ts [--any] [bench ...]
 */
import { goalText, readResults, type BenchResult } from './results.ts';

const args = process.argv.slice(2);
const any = args.includes('--any');
const only = args.filter((a) => !a.startsWith('--'));

/** A run of the bench's full scenario: repeated or not, with nothing else changed. */
function fullScenario(r: BenchResult): boolean {
  return Object.keys(r.settings).every((k) => k === 'BENCH_RUNS');
}

function table(r: BenchResult): string {
  const load =
    r.load.start === null && r.load.end === null
      ? 'load not recorded'
      : `load ${[r.load.start, r.load.end].map((l) => l ?? '?').join(' to ')}`;
  const commit = r.commit ? `${r.commit}${r.dirty ? ' (with uncommitted changes)' : ''}` : 'commit not recorded';
  const settings = Object.entries(r.settings).map(([k, v]) => `${k}=${v}`);
  const lines = [
    `### ${r.bench}`,
    '',
    `${r.date.replace('T', ' ').slice(0, 16)} UTC, ${commit}, ${r.machine.cpus} cores, ${load}${settings.length ? `, ${settings.join(' ')}` : ''}.`,
    '',
    '| figure | value | goal |',
    '|---|---|---|',
  ];
  for (const [name, f] of Object.entries(r.figures)) {
    const value = f.value === null ? 'n/a' : `${f.value.toLocaleString('en')}${f.unit ? ` ${f.unit}` : ''}`;
    const unit = f.unit && !f.unit.startsWith('of ') ? ` ${f.unit}` : '';
    const goal = f.goal ? `${goalText(f.goal)}${unit}: ${f.met ? 'met' : '**not met**'}` : '';
    lines.push(`| ${name} | ${value} | ${goal} |`);
  }
  if (r.note) lines.push('', r.note);
  return lines.join('\n');
}

const latest = new Map<string, BenchResult>();
for (const r of readResults()) if (any || fullScenario(r)) latest.set(r.bench, r);
const shown = [...latest.values()].filter((r) => only.length === 0 || only.includes(r.bench));
console.log(shown.map(table).join('\n\n'));
