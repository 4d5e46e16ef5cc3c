/**
 * The grid's fuzzy search split between workers (engine/plugins/grid/search), in chromium: on
 * enough rows each core's worker searches a part and the page merges their answers. Here the
 * real workers answer on 60,000 rows (the benchmark's page and rows, bench/grid/), and what the
 * grid shows is what one search over all the rows gives in Node: the count, and the first rows in
 * order (ties included: the bench's names repeat, so many matches share a score).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { benchRows } from '../../bench/grid/data.ts';
import { buildGridPage, serveDir } from '../../bench/grid/page.ts';
import { createFuzzySearcher } from '../../engine/plugins/grid/model/search.ts';
import { searchParts } from '../../engine/plugins/grid/search/background-search.ts';
import { E2E_ENABLED, launchBrowser } from './setup.ts';

const ROWS = 60_000;
/** Shown rows compared in order, from the top. */
const TOP = 12;

let browser: Browser;
let served: { base: string; close: () => void } | undefined;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-grid-parts-'));

/** The first shown rows' codes, in the view's order, and the row-count line. */
async function shown(page: Page): Promise<{ codes: string[]; count: string }> {
  return page.evaluate((top) => {
    const rows = [...document.querySelectorAll<HTMLElement>('.rg-brow[data-r]')].sort(
      (a, b) => Number(a.dataset.r) - Number(b.dataset.r),
    );
    return {
      codes: rows.slice(0, top).map((row) => row.querySelector('[data-c="0"]')?.textContent ?? ''),
      count: document.querySelector('[data-testid="grid-count"]')?.textContent ?? '',
    };
  }, TOP);
}

describe.skipIf(!E2E_ENABLED)('grid fuzzy search in parts, in chromium', () => {
  beforeAll(async () => {
    await buildGridPage(outDir);
    served = await serveDir(outDir);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    served?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  test("the workers' merged answers are the answer over all the rows, in order", async () => {
    const rows = benchRows(ROWS);
    const whole = createFuzzySearcher(rows);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The page as on a 2-core machine whatever this one has, so the rows are always split.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 }));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${served!.base}/index.html?grid=rowaq&rows=${ROWS}`);
    await page.waitForFunction(() => 'render' in ((window as unknown as { __bench?: object }).__bench ?? {}));
    await page.evaluate(() => (window as unknown as { __bench: { render(): Promise<number> } }).__bench.render());
    const box = page.getByLabel('Search name or code');
    await box.focus();
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    for (const query of ['Mustafa Hasan', 'مصطفى حسن', '2001234', 'Laila']) {
      const before = (await shown(page)).count;
      await box.fill(query);
      await expect.poll(async () => (await shown(page)).count, { timeout: 30_000 }).not.toBe(before);
      const found = whole.search(query);
      const { codes, count } = await shown(page);
      expect(count.replace(/,/g, '').split(' ')[0], query).toBe(String(found.length));
      expect(codes, query).toEqual(found.slice(0, TOP).map((i) => rows[i]!.code));
    }
    // One worker a core, started once for the four queries.
    expect(cores).toBe(2);
    expect(searchParts(ROWS, cores)).toBe(2);
    expect(workers.filter((url) => url.includes('search.worker'))).toHaveLength(2);
    await page.close();
  }, 180_000);
});
