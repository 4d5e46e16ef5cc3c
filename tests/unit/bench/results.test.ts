/** bench/results.ts: the file a bench run leaves, and reading the latest result of each bench back. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { goalText, latestResults, readResults, writeResult, type BenchResult } from '../../../bench/results.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-results-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('writeResult', () => {
  it('writes one file with the date, the commit, the machine, the load, the settings and the figures', () => {
    const dir = tempDir();
    process.env.BENCH_SECONDS = '2';
    try {
      const file = writeResult(
        'wallet',
        {
          'own wallets': { value: 812.3456, unit: 'payments/s', goal: { atLeast: 500 } },
          p99: { value: 116.3, unit: 'ms', goal: { below: 100 } },
          oversold: { value: 0, unit: '', goal: { atMost: 0 } },
          bare: 7,
          missing: { value: Number.NaN, unit: 'ms', goal: { below: 1 } },
        },
        { dir, note: 'a quick run' },
      );
      expect(path.dirname(file)).toBe(dir);
      expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}-wallet\.json$/);
      const r = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchResult;
      expect(r.bench).toBe('wallet');
      expect(Date.parse(r.date)).not.toBeNaN();
      expect(r.commit).toMatch(/^[0-9a-f]{7,}$/);
      expect(r.machine.cpus).toBe(os.cpus().length);
      expect(typeof r.load.start).toBe('number');
      expect(typeof r.load.end).toBe('number');
      expect(r.settings.BENCH_SECONDS).toBe('2');
      expect(r.note).toBe('a quick run');
      expect(r.figures['own wallets']).toEqual({
        value: 812.35,
        unit: 'payments/s',
        goal: { atLeast: 500 },
        met: true,
      });
      expect(r.figures.p99!.met).toBe(false);
      expect(r.figures.oversold!.met).toBe(true);
      expect(r.figures.bare).toEqual({ value: 7, unit: '' });
      // A figure the run could not take is null and judged on nothing.
      expect(r.figures.missing).toEqual({ value: null, unit: 'ms', goal: { below: 1 } });
    } finally {
      delete process.env.BENCH_SECONDS;
    }
  });

  it('says goals in words', () => {
    expect(goalText({ below: 100 })).toBe('under 100');
    expect(goalText({ atMost: 0 })).toBe('at most 0');
    expect(goalText({ atLeast: 1000 })).toBe('at least 1000');
  });
});

describe('latestResults', () => {
  it('keeps the latest run of each bench, by date', () => {
    const dir = tempDir();
    const result = (bench: string, date: string, value: number): BenchResult => ({
      bench,
      date,
      commit: null,
      machine: { cpus: 2 },
      load: { start: null, end: null },
      settings: {},
      figures: { x: { value, unit: 'ms' } },
    });
    const write = (name: string, r: BenchResult) => fs.writeFileSync(path.join(dir, name), JSON.stringify(r));
    write('b.json', result('grid', '2026-11-24T09:45:00Z', 54));
    write('a.json', result('grid', '2026-11-23', 100));
    write('c.json', result('wallet', '2026-11-22T18:57:00Z', 812));
    expect(readResults(dir).map((r) => r.date)).toEqual(['2026-11-22T18:57:00Z', '2026-11-23', '2026-11-24T09:45:00Z']);
    const latest = latestResults(dir);
    expect(latest.get('grid')!.figures.x!.value).toBe(54);
    expect(latest.get('wallet')!.figures.x!.value).toBe(812);
  });
});

describe('the benches', () => {
  it('every bench/*.bench.ts writes its result through writeResult', () => {
    const dir = path.resolve(import.meta.dirname, '../../../bench');
    const benches = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts'));
    expect(benches.length).toBeGreaterThan(0);
    for (const file of benches)
      expect(fs.readFileSync(path.join(dir, file), 'utf8'), file).toMatch(/\bwriteResult\(\s*'[a-z-]+'/);
  });
});
