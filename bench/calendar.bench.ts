/**
 * The calendar: a month view of a full timetable (about 150 events: 30 weekly slots over a
 * month, exams, a holiday and a window) drawn in chromium, in English and in Arabic (right to left).
 *
 *   npx tsx bench/calendar.bench.ts     (or npm run bench calendar)
 *   BENCH_RUNS=7
 *
 * Builds bench/calendar/ (FullCalendar with the screen's plugins and options) with vite in
 * production mode, then per language and run opens a new page and times `drawMonth`: from the
 * mount call to the frame after the events are in the page; and, the calendar mounted in the week
 * view, the Month button (changeView) to the frame after the month is drawn. Goal: under 100 ms (medians).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { serveDir } from './grid/page.ts';
import { writeResult, type Figure } from './results.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-bench-calendar-'));
  await build({
    root: path.join(import.meta.dirname, 'calendar'),
    base: './',
    mode: 'production',
    logLevel: 'error',
    configFile: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const served = await serveDir(outDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const figures: Record<string, Figure> = {};
  try {
    for (const lang of ['en', 'ar'] as const) {
      const times: number[] = [];
      const switches: number[] = [];
      let events = 0;
      for (let run = 0; run < RUNS; run++) {
        const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
        await page.goto(served.base);
        await page.waitForFunction(() => typeof window.drawMonth === 'function');
        await page.waitForTimeout(300); // let the page settle after loading
        const result = await page.evaluate((l) => window.drawMonth(l), lang);
        times.push(result.ms);
        events = result.events;
        await page.reload();
        await page.waitForFunction(() => typeof window.drawMonth === 'function');
        await page.evaluate((l) => window.drawMonth(l, 'timeGridWeek'), lang);
        await page.waitForTimeout(300);
        switches.push(await page.evaluate(() => window.switchToMonth()));
        await page.close();
      }
      const value = Math.round(median(times) * 10) / 10;
      console.log(
        `month view (${lang}, ${events} events): median ${value} ms of ${times.map((t) => t.toFixed(1)).join(', ')}`,
      );
      figures[`month view of a full timetable (${lang})`] = {
        value,
        unit: 'ms',
        goal: { below: 100 },
        note: `${events} events, median of ${RUNS} new pages, mount to the frame after the events are drawn`,
      };
      const switched = Math.round(median(switches) * 10) / 10;
      console.log(`week to month (${lang}): median ${switched} ms of ${switches.map((t) => t.toFixed(1)).join(', ')}`);
      figures[`week view to month view of a full timetable (${lang})`] = {
        value: switched,
        unit: 'ms',
        goal: { below: 100 },
        note: 'the Month button on a mounted calendar, to the frame after the month is drawn',
      };
    }
  } finally {
    await browser.close();
    served.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  writeResult('calendar', figures);
}

await main();
