/**
 * The record every bench leaves of its run: one JSON file in bench/results/ per run, with the
 * date, the commit, the machine, the load and the figures, so figures can be compared across
 * runs and machines without reading prose.
 *
 *   import { writeResult } from './results.ts';
 *   writeResult('wallet', {
 *     'postgres: own wallets': { value: 812, unit: 'payments/s' },
 *     'postgres: own wallets p99': { value: 116.3, unit: 'ms', goal: { below: 300 } },
 *   });
 *
 * The load at the start is read when this module is first imported (a bench imports it at the
 * top), the load at the end when the result is written. BENCH_RESULTS_DIR writes elsewhere
 * (tests use a temporary folder). docs/benchmarks.md says how to read the files.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What a figure is judged against: below a limit, at most a limit, or at least a floor. */
export type Goal = { below: number } | { atMost: number } | { atLeast: number };

/** One measured figure. `met` is worked out from the goal when there is one. */
export interface Figure {
  value: number | null;
  unit: string;
  goal?: Goal;
  met?: boolean;
  note?: string;
}

/** One run of one bench, as written to bench/results/<date>-<bench>.json. */
export interface BenchResult {
  bench: string;
  /** ISO 8601, UTC; a date alone when only the day is known. */
  date: string;
  /** Short hash of HEAD, null when unknown; `dirty` when the tree had uncommitted changes. */
  commit: string | null;
  dirty?: boolean;
  machine: { cpus: number; cpu?: string; memoryGB?: number; os?: string; node?: string; note?: string };
  /** One-minute load average at the start and the end of the run. */
  load: { start: number | null; end: number | null };
  /** The BENCH_* variables the run was given (an empty object: the defaults). */
  settings: Record<string, string>;
  figures: Record<string, Figure>;
  note?: string;
}

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const REPO = path.resolve(import.meta.dirname, '..');
const loadAtStart = os.loadavg()[0]!;

/** Whether `value` meets `goal`. */
export function meets(value: number, goal: Goal): boolean {
  if ('below' in goal) return value < goal.below;
  if ('atMost' in goal) return value <= goal.atMost;
  return value >= goal.atLeast;
}

/** The goal in words, as the docs and the console print it: "under 100", "at most 0", "at least 1000". */
export function goalText(goal: Goal): string {
  if ('below' in goal) return `under ${goal.below}`;
  if ('atMost' in goal) return `at most ${goal.atMost}`;
  return `at least ${goal.atLeast}`;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Writes the result of a run of `bench` and returns the file's path. A figure given as a bare
 * number has no unit; give `{value, unit, goal}` whenever the figure has one.
 */
export function writeResult(
  bench: string,
  figures: Record<string, Figure | number | null>,
  options: { note?: string; dir?: string } = {},
): string {
  const now = new Date();
  const commit = git(['rev-parse', '--short', 'HEAD']);
  // Results written by earlier runs are not a change of the code measured.
  const changes = git(['status', '--porcelain', '--', '.', ':(exclude)bench/results']);
  const result: BenchResult = {
    bench,
    date: now.toISOString(),
    commit,
    ...(changes ? { dirty: true } : {}),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model.trim(),
      memoryGB: round(os.totalmem() / 1024 ** 3),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
    },
    load: { start: round(loadAtStart), end: round(os.loadavg()[0]!) },
    settings: Object.fromEntries(
      Object.entries(process.env)
        .filter(([k, v]) => k.startsWith('BENCH_') && k !== 'BENCH_RESULTS_DIR' && v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)) as [string, string][],
    ),
    figures: Object.fromEntries(
      Object.entries(figures).map(([name, f]) => {
        const figure: Figure = typeof f === 'object' && f !== null ? { ...f } : { value: f, unit: '' };
        if (figure.value !== null && Number.isFinite(figure.value)) figure.value = round(figure.value);
        else figure.value = null;
        if (figure.goal && figure.value !== null) figure.met = meets(figure.value, figure.goal);
        return [name, figure];
      }),
    ),
    ...(options.note ? { note: options.note } : {}),
  };
  const dir = options.dir ?? process.env.BENCH_RESULTS_DIR ?? RESULTS_DIR;
  fs.mkdirSync(dir, { recursive: true });
  // 2026-11-24T094512-wallet.json: sorts by date; two benches in the same second differ by name.
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/^(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')
    .slice(0, 17);
  const file = path.join(dir, `${stamp}-${bench}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`result written to ${path.relative(process.cwd(), file)}`);
  return file;
}

/** Every result in `dir`, oldest first (runs of one day without a time: in the order of their file names). */
export function readResults(dir = RESULTS_DIR): BenchResult[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as BenchResult)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The latest result of each bench, by bench name. */
export function latestResults(dir = RESULTS_DIR): Map<string, BenchResult> {
  const latest = new Map<string, BenchResult>();
  for (const r of readResults(dir)) latest.set(r.bench, r);
  return latest;
}
