/**
 * Lists fit their card at 1366 and 1024 px, in English and Arabic: the card stays inside the
 * window, and the columns that matter (the first, which names the row and holds its link, and
 * the row's actions, such as the student's Pay) are in sight without scrolling the table, on
 * the lists that were wider than their card.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  appReady,
  DEMO,
  E2E_ENABLED,
  ensureClientBuild,
  launchBrowser,
  newContext,
  screenshot,
  signIn,
  startServer,
  type Lang,
  type RunningServer,
} from './setup.ts';

let server: RunningServer;
let browser: Browser;

const LISTS: { email: string; path: string; actions?: boolean }[] = [
  { email: DEMO.student, path: '/payments', actions: true },
  { email: DEMO.admin, path: '/registrations' },
  { email: DEMO.admin, path: '/applicants' },
  { email: DEMO.admin, path: '/certificates' },
  { email: DEMO.admin, path: '/excuses' },
  // /transactions is drawn on the spreadsheet grid, which scrolls its own columns (tests/e2e/grid.test.ts).
];

async function signedIn(email: string, lang: Lang, width: number): Promise<Page> {
  const context = await newContext(browser, server.url, lang);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/login');
  await appReady(page);
  await signIn(page, email, lang);
  return page;
}

/** How far (px) the first row's first cell and last cell lie outside the table's visible box; null: no rows. */
async function outside(page: Page) {
  const table = page.getByTestId('list-table');
  const ok = await table
    .locator('tbody tr')
    .first()
    .waitFor()
    .then(() => true)
    .catch(() => false);
  if (!ok) return null;
  return table.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const cells = el.querySelectorAll('tbody tr:first-child td');
    const beyond = (cell: Element | undefined) => {
      if (!cell) return 0;
      const r = cell.getBoundingClientRect();
      return Math.max(0, box.left - r.left, r.right - box.right);
    };
    return {
      card: Math.max(0, box.right - document.documentElement.clientWidth, -box.left),
      first: beyond(cells[0]),
      last: beyond(cells[cells.length - 1]),
    };
  });
}

describe.skipIf(!E2E_ENABLED).sequential('e2e: lists fit their card at 1366 and 1024 px', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, timeoutMs: 240_000 });
    browser = await launchBrowser();
  }, 360_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [1366, 1024]) {
      test(`${lang} at ${width} px: the first column and the row actions stay in sight`, async () => {
        const pages = new Map<string, Page>();
        const failures: string[] = [];
        for (const { email, path, actions } of LISTS) {
          let page = pages.get(email);
          if (!page) pages.set(email, (page = await signedIn(email, lang, width)));
          await page.goto(path);
          await appReady(page);
          const o = await outside(page);
          if (!o) {
            failures.push(`${path}: no rows shown`);
            continue;
          }
          if (o.card > 1) failures.push(`${path}: the card is ${o.card} px outside the window`);
          if (o.first > 1) failures.push(`${path}: the first column is ${o.first} px out of sight`);
          if (actions && o.last > 1) failures.push(`${path}: the row actions are ${o.last} px out of sight`);
          if (path === '/payments') await screenshot(page, `lists-fit-payments-${width}`, lang);
        }
        for (const page of pages.values()) await page.context().close();
        expect(failures).toEqual([]);
      });
    }
  }
});
