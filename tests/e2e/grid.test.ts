/**
 * The spreadsheet grid end to end, in chromium against the real server on a fresh embedded database with the
 * demo university, in English and in Arabic (right to left):
 * - /students/grid (the students sheet): import the LibreOffice fixtures (.xlsx, .xls, .csv)
 *   through the Import button, see the rows and the spec's messages, fix an invalid cell,
 *   filter with every operator (=, <>, >, >=, <, <=, * and ?, ~), export the filtered rows to
 *   .xlsx and .csv and re-import the export unchanged, edit with the keyboard, copy and paste.
 * - /students (the student list on the grid): rows from the server, status badges in their
 *   status table's colours, a row's link opens /students/{id} in a new tab.
 * Screenshots of both screens in both languages go to tests/e2e/artifacts/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Manifest } from '../../generator/manifest-types.ts';
import { importTable } from '../../engine/plugins/grid/io/import-table.ts';
import { IO_MESSAGES } from '../../engine/plugins/grid/io/messages.ts';
import { readSheet } from '../../engine/plugins/grid/io/read.ts';
import { GRID_MESSAGES, gridText } from '../../engine/plugins/grid/model/messages.ts';
import { gridUi } from '../../engine/plugins/grid/react/texts.ts';
import { GRID_STATUS_TABLE, gridBadge, gridColoursByName } from '../../engine/plugins/grid/react/status-colours.ts';
import * as XLSX from 'xlsx';
import { chipColours } from '../../engine/react/renderers/cells.tsx';
import { normalizeListResponse } from '../../engine/react/renderers/list/list-model.ts';
import { badge } from '../../engine/core/badges.ts';
import { FIXTURE_COLUMNS, FIXTURE_ROWS } from '../fixtures/grid/columns.ts';
import {
  appReady,
  DEMO,
  E2E_ENABLED,
  ensureClientBuild,
  launchBrowser,
  newContext,
  ROOT,
  screenshot,
  signIn,
  startServer,
  watchPage,
  type Lang,
  type RunningServer,
} from './setup.ts';

const FIXTURES = path.join(ROOT, 'tests/fixtures/grid');
const SHEET = '/students/grid';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-grid-e2e-'));

/**
 * The body cells drawn without a clip (class rg-fit: their text was measured to fit, text-fit.ts)
 * and the body cells whose text is wider than the cell but not clipped (must be none).
 */
async function cellClips(page: Page): Promise<{ cells: number; unclipped: number; spilling: string[] }> {
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll<HTMLElement>('.rg-scroll .rg-brow [role="gridcell"]')];
    const open = cells.filter((c) => getComputedStyle(c).overflowX === 'visible');
    // The text's drawn box against the cell's: scrollWidth misses text spilling toward the start in right-to-left.
    const spills = (c: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(c);
      const text = range.getBoundingClientRect();
      const box = c.getBoundingClientRect();
      return text.width > 0 && (text.left < box.left - 0.5 || text.right > box.right + 0.5);
    };
    return {
      cells: cells.length,
      unclipped: open.length,
      spilling: open.filter(spills).map((c) => c.textContent ?? ''),
    };
  });
}

/**
 * A page signed in as the registrar in `lang`, with clipboard access. Each test signs in through
 * the login form: a session saved from another context can be replaced by the time a later
 * test runs (the app renews its session), which would leave that test on /login.
 */
async function signedIn(lang: Lang): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await newContext(browser, server.url, lang);
  context.setDefaultTimeout(30_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  contexts.push(context);
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto('/login');
  await appReady(page);
  try {
    await signIn(page, DEMO.registrar, lang);
  } catch (error) {
    // What the page and the server said, to tell a slow machine from a broken sign-in.
    console.log(`grid e2e: sign-in failed at ${page.url()}; page errors: ${watched.errors.join(' | ').slice(0, 1500)}`);
    console.log(`grid e2e: server output (tail): ${server.output().slice(-2000)}`);
    throw error;
  }
  await appReady(page);
  watched.errors.length = 0; // the sign-in page's own noise is portal.test.ts's business
  return { page, context, errors: watched.errors };
}

const label = (name: string, lang: Lang) => gridText(FIXTURE_COLUMNS.find((c) => c.name === name)!.label, lang);
/** Column position in the grid: the sticky code column first, then the others in order. */
const col = (name: string) => FIXTURE_COLUMNS.findIndex((c) => c.name === name);
const cell = (page: Page, r: number, c: number) =>
  page.locator(`.rg-scroll [data-r="${r}"] [role="gridcell"][data-c="${c}"]`);

/** Every shown data row as its cells' texts (the check columns show ☑ / ☐ or the refused text). */
async function gridTexts(page: Page): Promise<string[][]> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('.rg-scroll .rg-row[aria-selected]')];
    return rows
      .map((row) =>
        [...row.querySelectorAll<HTMLElement>('[role="gridcell"][data-c]')].map((c) =>
          c.getAttribute('title') && c.getAttribute('aria-invalid') !== 'true'
            ? c.getAttribute('title')!
            : (c.textContent ?? ''),
        ),
      )
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
  });
}

const dataRows = (page: Page) => page.locator('.rg-scroll .rg-row[aria-selected]');

async function openSheet(page: Page, lang: Lang): Promise<void> {
  await page.goto(SHEET);
  await appReady(page);
  await page.getByRole('grid').waitFor();
  await page.getByRole('heading', { name: lang === 'en' ? 'Students sheet' : 'كشف الطلاب' }).waitFor();
}

/** Imports a file through the toolbar's Import (its file input) and returns the report's lines. */
async function importThroughUi(page: Page, file: string): Promise<string[]> {
  await page.locator('[data-testid="grid-import-file"]').setInputFiles(file);
  const report = page.locator('.rg-root').getByRole('status');
  await report.waitFor();
  return (await report.locator('.MuiAlert-message > div').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

async function filter(page: Page, lang: Lang, name: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: `${gridUi(lang, 'filter')} ${label(name, lang)}`, exact: true });
  await box.fill(text);
}

/**
 * How far the filter box's text area (its box less its padding) overlaps its list button, px
 * (0: clear). The box takes its text's direction (dir="auto"); the button sits at the cell's end
 * by the grid's direction.
 */
async function filterUnderButton(page: Page, lang: Lang, name: string): Promise<number> {
  const box = page.getByRole('textbox', { name: `${gridUi(lang, 'filter')} ${label(name, lang)}`, exact: true });
  return box.evaluate((input) => {
    const style = getComputedStyle(input);
    const rect = input.getBoundingClientRect();
    const left = rect.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = rect.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    const button = input.parentElement!.querySelector('.rg-list-btn')!.getBoundingClientRect();
    return Math.max(0, Math.min(right, button.right) - Math.max(left, button.left));
  });
}

async function names(page: Page): Promise<string[]> {
  return (await gridTexts(page)).map((row) => row[col('name')]!).sort();
}

async function download(page: Page, button: string, to: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  const target = path.join(downloads, to);
  await file.saveAs(target);
  return target;
}

describe.skipIf(!E2E_ENABLED)('grid in chromium', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    // Every test signs in (see signedIn): more than the default 10 sign-ins a minute.
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '100' } });
    browser = await launchBrowser();
    // The first page of a fresh server on a busy machine: signed in once with a long wait.
    const context = await newContext(browser, server.url, 'en');
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    await page.goto('/login');
    await appReady(page);
    await signIn(page, DEMO.registrar);
    await appReady(page);
    await context.close();
  }, 400_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  for (const lang of ['en', 'ar'] as const) {
    describe(`the students sheet (${lang})`, () => {
      test('an empty sheet says so; the LibreOffice .xlsx, .xls and .csv import with the spec messages', async () => {
        const { page, errors } = await signedIn(lang);
        await openSheet(page, lang);
        await expect(
          page.getByRole('grid').getByText(gridText(GRID_MESSAGES.noRecord, lang), { exact: true }).count(),
        ).resolves.toBe(1);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await page.locator('.rg-root').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

        const expectedMessages = importTable(
          readSheet(fs.readFileSync(path.join(FIXTURES, 'students.xlsx')), 'xlsx'),
          FIXTURE_COLUMNS,
          lang,
        ).errors.map((e) => e.text);
        expect(expectedMessages).toHaveLength(3);
        // SheetJS runs in the grid's Web Worker, started by the first import.
        const worker = page.waitForEvent('worker');
        let first: string[][] | undefined;
        for (const file of ['students.xlsx', 'students.xls', 'students.xlsm', 'students.csv']) {
          const lines = await importThroughUi(page, path.join(FIXTURES, file));
          expect(lines, file).toEqual([gridUi(lang, 'imported', { n: 10 }), ...expectedMessages]);
          // The code is the key: each later file updates the same ten rows.
          await expect.poll(() => dataRows(page).count(), { message: file }).toBe(10);
          const texts = await gridTexts(page);
          if (!first) first = texts;
          else expect(texts, `${file} shows what the .xlsx showed`).toEqual(first);
          await page.locator('.rg-root').getByRole('status').getByRole('button').click(); // close the report
          await page.locator('.rg-root').getByRole('status').waitFor({ state: 'detached' });
        }
        expect((await worker).url()).toMatch(/sheet\.worker[-\w]*\.js/);
        const ahmed = first!.find((row) => row[0] === '2024001')!;
        expect(ahmed[col('name_local')]).toBe('أحمد حسن');
        expect(ahmed[col('birth_date')]).toBe('2004-03-15');
        expect(ahmed[col('enrolled_at')]).toBe('2024-09-01 09:30');
        expect(ahmed[col('active')]).toBe('☑');
        const laila = first!.find((row) => row[0] === '2024007')!;
        expect(laila[col('fees')]).toBe('1,234,567.25');
        // The refused cells show their text, marked invalid with the reason on hover.
        const invalid = page.locator('.rg-scroll [role="gridcell"][aria-invalid="true"]');
        await expect(invalid.count()).resolves.toBe(3);
        expect(await invalid.first().getAttribute('title')).toBe(gridText(GRID_MESSAGES.invalidInput, lang));
        await screenshot(page, 'grid-sheet-imported', lang);
        // Cells whose text fits are drawn without a clip (most of them, once the font is loaded);
        // none of those spills over its neighbours.
        const sheetClips = await cellClips(page);
        expect(sheetClips.unclipped).toBeGreaterThan(sheetClips.cells / 2);
        expect(sheetClips.spilling).toEqual([]);
        // A header label wider than its column ends in an ellipsis (at its own end: the left in
        // Arabic) and keeps its whole text on hover. In Arabic, 'الرسوم مدفوعة' (Fees paid) and
        // 'المعدل التراكمي' (GPA) do not fit their 90 px columns.
        const clipped = await page.locator('.rg-head [role="columnheader"]').evaluateAll((cells) =>
          cells
            .filter((c) => c.scrollWidth > c.clientWidth)
            .map((c) => ({
              text: c.textContent,
              title: c.getAttribute('title'),
              overflow: getComputedStyle(c).textOverflow,
            })),
        );
        if (lang === 'ar') expect(clipped.length).toBeGreaterThanOrEqual(2);
        for (const c of clipped)
          expect(c.overflow === 'ellipsis' && c.title?.startsWith(`${c.text}:`), JSON.stringify(c)).toBe(true);
        // Bidi, drawn: '-250' keeps its sign on the left and 'Omar Khaled, Jr.' its '.' on the
        // right, in either direction of the grid (each cell's text is isolated).
        const drawn = await page.evaluate(() => {
          const leftOf = (text: string, i: number) => {
            const cell = [
              ...document.querySelectorAll<HTMLElement>('.rg-scroll .rg-brow .rg-text, .rg-scroll .rg-brow .rg-ltr'),
            ].find((b) => b.textContent === text);
            if (!cell) return null;
            const range = document.createRange();
            range.setStart(cell.firstChild!, i);
            range.setEnd(cell.firstChild!, i + 1);
            return range.getBoundingClientRect().left;
          };
          return {
            minus: (leftOf('-250', 0) ?? NaN) < (leftOf('-250', 1) ?? NaN),
            dot: (leftOf('Omar Khaled, Jr.', 15) ?? NaN) > (leftOf('Omar Khaled, Jr.', 0) ?? NaN),
          };
        });
        expect(drawn).toEqual({ minus: true, dot: true });

        // Files the import refuses, each with its message; the rows stay as they were.
        const refused: [string, string | Buffer, string][] = [
          ['notes.txt', 'Code\n1\n', gridText(IO_MESSAGES.unsupportedFile, lang)],
          [
            'damaged.xlsx',
            Buffer.from([80, 75, 3, 4, 20, 0, 0, 0, 1, 2, 3]),
            gridText(GRID_MESSAGES.noRecordRead, lang),
          ],
          ['header-only.csv', 'Code,Name\n', gridText(GRID_MESSAGES.noRecordRead, lang)],
          ['unknown.csv', 'Colour,Size\nred,3\n', gridText(GRID_MESSAGES.noMatchedColumn, lang)],
          ['no-key.csv', 'Name,GPA\nMona Ali,3\n', gridText(GRID_MESSAGES.missingKeyColumn, lang)],
        ];
        for (const [name, content, message] of refused) {
          const file = path.join(downloads, name);
          fs.writeFileSync(file, content);
          expect(await importThroughUi(page, file), name).toEqual([message]);
          await page.locator('.rg-root').getByRole('status').getByRole('button').click();
          await page.locator('.rg-root').getByRole('status').waitFor({ state: 'detached' });
        }
        expect(await gridTexts(page)).toEqual(first);
        expect(errors).toEqual([]);
      });

      test('3,000 imported rows in one scrolled body: every frame of a fast scroll, down and up, draws rows where rows are', async () => {
        const { page, errors } = await signedIn(lang);
        await openSheet(page, lang);
        const count = 3000;
        const file = path.join(downloads, `many-${lang}.csv`);
        const lines = ['code,name,name_local,gpa'];
        for (let i = 0; i < count; i++) lines.push(`${3_000_000 + i},Student ${i},طالب ${i},${(i % 40) / 10}`);
        fs.writeFileSync(file, lines.join('\n'));
        expect((await importThroughUi(page, file))[0]).toBe(gridUi(lang, 'imported', { n: count }));
        await page.locator('.rg-root').getByRole('status').getByRole('button').click();
        // The sheet has no pages (its YAML: grid: {paging: false}): every row is in the one body,
        // and only those near the sight are in the DOM.
        await expect
          .poll(() => page.locator('.rg-scroll').evaluate((el) => el.scrollHeight))
          .toBeGreaterThan(count * 24);
        expect(await dataRows(page).count()).toBeLessThan(80);
        // 240 px a frame, set in the frame's animation callback as a script scroll is: each frame
        // hit-tests three points down the body (the middle of the rows area, across) before it
        // is drawn. A point on no row is a band the frame would show empty.
        const scrolled = await page.evaluate(async (step) => {
          const scroller = document.querySelector<HTMLElement>('.rg-scroll')!;
          const box = scroller.getBoundingClientRect();
          const x = box.left + box.width / 2;
          const ys = [0.3, 0.6, 0.85].map((f) => box.top + scroller.clientHeight * f);
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          const run = async (direction: number, frames: number) => {
            let blank = 0;
            for (let i = 0; i < frames; i++) {
              await frame();
              scroller.scrollTop += step * direction;
              if (ys.some((y) => !document.elementFromPoint(x, y)?.closest('.rg-row[aria-selected]'))) blank++;
            }
            return blank;
          };
          const down = await run(1, 310);
          const bottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
          const up = await run(-1, 100);
          return { down, bottom, up };
        }, 240);
        expect(scrolled).toEqual({ down: 0, bottom: true, up: 0 });
        // Back at the end, the last row is drawn.
        await page.locator('.rg-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
        await expect
          .poll(() => page.locator(`.rg-scroll [data-r="${count - 1}"]`).textContent())
          .toContain(`${3_000_000 + count - 1}`);
        await screenshot(page, 'grid-sheet-3000-rows-end', lang);
        expect(errors).toEqual([]);
      });

      test('fix an invalid cell, filter with every operator, export the filtered rows and re-import them unchanged', async () => {
        const { page, errors } = await signedIn(lang);
        await openSheet(page, lang);
        await importThroughUi(page, path.join(FIXTURES, 'students.xlsx'));
        await expect.poll(() => dataRows(page).count()).toBe(10);

        // Fix GPA 'abc' (record 5): select the cell, type over it, Enter.
        const bad = page.locator('.rg-scroll [role="gridcell"][aria-invalid="true"]', { hasText: 'abc' });
        await bad.click();
        await page.keyboard.type('3.5');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('.rg-scroll [role="gridcell"][aria-invalid="true"]').count()).toBe(2);
        const fixed = (await gridTexts(page)).find((row) => row[0] === '2024005')!;
        expect(fixed[col('gpa')]).toBe('3.5');

        const cases: [string, string, string[]][] = [
          ['gpa', '=3.45', ['Ahmed Hassan']],
          [
            'gpa',
            '<>3.45',
            [
              'Hana Samir',
              'Karim Adel',
              'Laila Mostafa',
              'Mona Ali',
              'Nour El-Din',
              'Omar Khaled, Jr.',
              'Sara Mahmoud',
              'Tarek Fathy',
              'Youssef Ibrahim',
            ],
          ],
          ['gpa', '>3.3', ['Ahmed Hassan', 'Laila Mostafa', 'Omar Khaled, Jr.', 'Youssef Ibrahim']],
          ['gpa', '>=3.3', ['Ahmed Hassan', 'Hana Samir', 'Laila Mostafa', 'Omar Khaled, Jr.', 'Youssef Ibrahim']],
          ['gpa', '<2.5', ['Karim Adel', 'Tarek Fathy']],
          ['gpa', '<=2.75', ['Karim Adel', 'Nour El-Din', 'Tarek Fathy']],
          ['name', '?ar*', ['Karim Adel', 'Sara Mahmoud', 'Tarek Fathy']],
          ['name', '~^(hana|laila) ', ['Hana Samir', 'Laila Mostafa']],
          ['name_local', 'منى*', ['Mona Ali']],
          [
            'fees',
            '>=15000',
            ['Ahmed Hassan', 'Karim Adel', 'Laila Mostafa', 'Omar Khaled, Jr.', 'Tarek Fathy', 'Youssef Ibrahim'],
          ],
          ['birth_date', '<2004-01-01', ['Omar Khaled, Jr.', 'Sara Mahmoud', 'Tarek Fathy']],
        ];
        for (const [name, text, expected] of cases) {
          await filter(page, lang, name, text);
          await expect.poll(() => names(page), { message: `${name} ${text}` }).toEqual(expected);
          // What is typed stays clear of the list button, whichever its direction.
          expect(await filterUnderButton(page, lang, name), `${name} ${text}`).toBe(0);
          await filter(page, lang, name, '');
          await expect.poll(() => dataRows(page).count()).toBe(10);
        }

        // The value list of a column (Latin names and Arabic names, in both directions): each
        // value with its count set apart from it, and picking one filters on it.
        for (const [name, value] of [
          ['name', 'Karim Adel'],
          ['name_local', 'منى علي'],
        ] as const) {
          const header = page
            .getByRole('textbox', { name: `${gridUi(lang, 'filter')} ${label(name, lang)}`, exact: true })
            .locator('..');
          await header.getByRole('button', { name: `${gridUi(lang, 'valueList')}: ${label(name, lang)}` }).click();
          const list = page.getByRole('listbox', { name: gridUi(lang, 'valueList') });
          const option = list.getByRole('option', { name: value });
          await option.waitFor();
          // Between the value's text and its count: the count's own margin, not glued to the
          // value (a number after Latin text joined its run in a right-to-left list).
          const gaps = await list.getByRole('option').evaluateAll((options) =>
            options.map((o) => {
              const text = document.createRange();
              text.selectNodeContents(o.firstChild!);
              const a = text.getBoundingClientRect();
              const b = o.querySelector('.rg-count')!.getBoundingClientRect();
              return Math.max(b.left - a.right, a.left - b.right);
            }),
          );
          expect(Math.min(...gaps), `${name}: ${gaps.join(', ')}`).toBeGreaterThanOrEqual(6);
          await option.click();
          await expect
            .poll(() => names(page), { message: `value list ${value}` })
            .toEqual([FIXTURE_ROWS.find((r) => r[name] === value)!.name]);
          await filter(page, lang, name, '');
          await expect.poll(() => dataRows(page).count()).toBe(10);
        }

        // The fuzzy search (run in a worker: the page's thread stays free): a misspelt name and an
        // Arabic name, each alone; a code, best match first (the other codes differ by a digit,
        // within the threshold); cleared, every row again.
        const searchBox = page.getByRole('searchbox', { name: gridUi(lang, 'search') });
        const workers: string[] = [];
        page.on('worker', (worker) => workers.push(worker.url()));
        for (const [text, expected] of [
          ['Laila Mustafa', ['Laila Mostafa']],
          ['منى', ['Mona Ali']],
        ] as const) {
          await searchBox.fill(text);
          await expect.poll(() => names(page), { message: `search ${text}` }).toEqual(expected);
        }
        await searchBox.fill('2024007');
        await expect.poll(() => cell(page, 0, col('code')).innerText()).toBe('2024007');
        expect(workers.filter((url) => url.includes('search.worker'))).toHaveLength(1);
        await searchBox.fill('');
        await expect.poll(() => dataRows(page).count()).toBe(10);

        // Export what the filter leaves: three rows, in both formats.
        await filter(page, lang, 'name', '?ar*');
        await expect.poll(() => dataRows(page).count()).toBe(3);
        const shown = await gridTexts(page);
        const xlsx = await download(page, gridUi(lang, 'exportXlsx'), `sheet-${lang}.xlsx`);
        const csv = await download(page, gridUi(lang, 'exportCsv'), `sheet-${lang}.csv`);
        for (const [file, kind] of [
          [xlsx, 'xlsx'],
          [csv, 'csv'],
        ] as const) {
          const back = importTable(readSheet(fs.readFileSync(file), kind), FIXTURE_COLUMNS, lang);
          const wanted = FIXTURE_ROWS.filter((r) => /^.ar/i.test(r.name));
          expect(back.rows, `${kind} holds the filtered rows`).toEqual(wanted);
        }

        // Re-import each export into an empty sheet: the same rows, the same texts.
        for (const file of [xlsx, csv]) {
          await openSheet(page, lang);
          await expect(dataRows(page).count()).resolves.toBe(0);
          const lines = await importThroughUi(page, file);
          expect(lines[0]).toBe(gridUi(lang, 'imported', { n: 3 }));
          await expect.poll(() => dataRows(page).count()).toBe(3);
          expect(await gridTexts(page), path.basename(file)).toEqual(shown);
        }
        expect(errors).toEqual([]);
      });

      test('keyboard editing (Enter, Escape, Tab, arrows), undo, copy and paste a range', async () => {
        const { page, errors } = await signedIn(lang);
        await openSheet(page, lang);
        await importThroughUi(page, path.join(FIXTURES, 'students.csv'));
        await expect.poll(() => dataRows(page).count()).toBe(10);
        const nameC = col('name');

        await cell(page, 0, nameC).click();
        await page.keyboard.press('Enter');
        const editor = page.locator('.rg-editor');
        await editor.waitFor();
        await editor.fill('Edited Name');
        await page.keyboard.press('Escape'); // cancel: nothing changes
        await expect(cell(page, 0, nameC).innerText()).resolves.not.toBe('Edited Name');
        const before = await cell(page, 0, nameC).innerText();

        await page.keyboard.press('Enter');
        await editor.fill('Edited Name');
        await page.keyboard.press('Tab'); // commit and move to the next column
        await expect.poll(() => cell(page, 0, nameC).innerText()).toBe('Edited Name');
        await expect(cell(page, 0, nameC + 1).getAttribute('class')).resolves.toContain('rg-active');
        // The arrow toward the start of the line moves back: left in English, right in Arabic.
        await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft');
        await expect(cell(page, 0, nameC).getAttribute('class')).resolves.toContain('rg-active');
        await page.keyboard.press('ArrowDown');
        await expect(cell(page, 1, nameC).getAttribute('class')).resolves.toContain('rg-active');
        await page.keyboard.press('Control+z');
        await expect.poll(() => cell(page, 0, nameC).innerText()).toBe(before);

        // A number column refuses letters at the keyboard.
        await cell(page, 2, col('gpa')).click();
        await page.keyboard.type('x');
        await expect(editor.count()).resolves.toBe(0);

        // Copy rows 0-1 of name and Arabic name, paste them onto rows 2-3.
        const source = [
          [await cell(page, 0, nameC).innerText(), await cell(page, 0, nameC + 1).innerText()],
          [await cell(page, 1, nameC).innerText(), await cell(page, 1, nameC + 1).innerText()],
        ];
        await cell(page, 0, nameC).click();
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press(lang === 'ar' ? 'Shift+ArrowLeft' : 'Shift+ArrowRight');
        await page.keyboard.press('Control+c');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          source.map((r) => r.join('\t')).join('\n'),
        );
        await cell(page, 2, nameC).click();
        await page.keyboard.press('Control+v');
        await expect
          .poll(async () => [
            [await cell(page, 2, nameC).innerText(), await cell(page, 2, nameC + 1).innerText()],
            [await cell(page, 3, nameC).innerText(), await cell(page, 3, nameC + 1).innerText()],
          ])
          .toEqual(source);
        // Text pasted from elsewhere (another program's two cells) lands the same way.
        await page.evaluate(() => navigator.clipboard.writeText('Pasted One\tنص ملصق'));
        await cell(page, 4, nameC).click();
        await page.keyboard.press('Control+v');
        await expect
          .poll(async () => [await cell(page, 4, nameC).innerText(), await cell(page, 4, nameC + 1).innerText()])
          .toEqual(['Pasted One', 'نص ملصق']);
        // A text wider than its column keeps its clip (it is not drawn over the next cell); the
        // texts that fit are drawn without one, and none of them spills.
        await page.evaluate(() => navigator.clipboard.writeText('WWWWWWWWWWWWWWWWWW'));
        await cell(page, 5, nameC).click();
        await page.keyboard.press('Control+v');
        await expect.poll(() => cell(page, 5, nameC).innerText()).toMatch(/^WWWW/);
        const wide = await cell(page, 5, nameC).evaluate((c) => {
          const range = document.createRange();
          range.selectNodeContents(c);
          return {
            overflow: getComputedStyle(c).overflowX,
            wider: range.getBoundingClientRect().width > c.clientWidth,
          };
        });
        expect(wide).toEqual({ overflow: 'hidden', wider: true });
        const clips = await cellClips(page);
        expect(clips.unclipped).toBeGreaterThan(clips.cells / 2);
        expect(clips.spilling).toEqual([]);

        // The sticky code column stays at the start edge (left in English, right in Arabic).
        const grid = (await page.getByRole('grid').boundingBox())!;
        const code = (await cell(page, 0, col('code')).boundingBox())!;
        if (lang === 'ar') expect(grid.x + grid.width - (code.x + code.width)).toBeLessThan(60);
        else expect(code.x - grid.x).toBeLessThan(60);
        await page
          .getByRole('grid')
          .evaluate((el) => (el.scrollLeft = (el.scrollWidth - el.clientWidth) * (document.dir === 'rtl' ? -1 : 1)));
        const codeAfter = (await cell(page, 0, col('code')).boundingBox())!;
        expect(Math.abs(codeAfter.x - code.x), 'sticky column after scrolling sideways').toBeLessThan(2);
        expect(errors).toEqual([]);
      });
    });

    describe(`the student list /students on the grid (${lang})`, () => {
      test('rows from the server, status badges in their colours, a row opens the student in a new tab', async () => {
        const { page, context, errors } = await signedIn(lang);
        await page.goto('/students');
        await appReady(page);
        await page.getByRole('grid').waitFor();
        await expect.poll(() => dataRows(page).count(), { timeout: 60_000 }).toBeGreaterThan(10);
        // Every student the server has, not one page of them.
        const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
        const answer = await fetch(`${server.url}/api/sis/students`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}` },
          body: JSON.stringify({ page: 1, perPage: 1 }),
        });
        const total = normalizeListResponse(await answer.json()).total;
        expect(total).toBeGreaterThan(1000);
        const count = (await page.getByTestId('grid-count').innerText()).replace(/,/g, '');
        expect(count).toBe(lang === 'en' ? `${total} of ${total} rows` : `${total} من ${total} صف`);
        // The pager's arrows point outward, the way their pages lie, in both languages: from left
        // to right « ‹ › » (in Arabic the first page is the right-most). Each is drawn left to
        // right, so no right-to-left run mirrors the sign a second time.
        const arrows = await page.locator('.rg-pages button').evaluateAll((els) =>
          els.map((b) => ({
            text: b.textContent,
            dir: getComputedStyle(b).direction,
            x: b.getBoundingClientRect().left,
            label: b.getAttribute('aria-label'),
          })),
        );
        expect(arrows.map((a) => a.dir)).toEqual(['ltr', 'ltr', 'ltr', 'ltr']);
        expect([...arrows].sort((a, b) => a.x - b.x).map((a) => a.text)).toEqual(['«', '‹', '›', '»']);
        const firstPage = arrows.find((a) => a.label === (lang === 'en' ? 'First page' : 'الصفحة الأولى'))!;
        expect(firstPage.x === Math.min(...arrows.map((a) => a.x))).toBe(lang === 'en');

        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, '.generated/manifest.json'), 'utf8')) as Manifest;
        const table = manifest.statusTables.student_status!;
        const badges = await page.locator('.rg-scroll .rg-badge').evaluateAll((els) =>
          els.map((el) => ({
            text: el.textContent ?? '',
            colour: el.getAttribute('data-colour'),
            background: getComputedStyle(el).backgroundColor,
          })),
        );
        expect(badges.length).toBeGreaterThan(10);
        const toRgb = async (css: string) =>
          page.evaluate((c) => {
            const probe = document.createElement('span');
            probe.style.background = c;
            document.body.appendChild(probe);
            const out = getComputedStyle(probe).backgroundColor;
            probe.remove();
            return out;
          }, css);
        for (const b of badges.slice(0, 20)) {
          const status = table.statuses.find((s) => (lang === 'ar' ? s.name_local : s.name) === b.text);
          expect(status, `badge '${b.text}' is a student status`).toBeDefined();
          const wanted = badge(table, status!.id, lang).color;
          expect(b.colour, b.text).toBe(wanted);
          expect(b.background, b.text).toBe(await toRgb(chipColours(wanted).background));
        }
        await screenshot(page, 'grid-students-list', lang);
        const listClips = await cellClips(page);
        expect(listClips.unclipped).toBeGreaterThan(0);
        expect(listClips.spilling).toEqual([]);

        // The header's columns (labels and filter boxes) stand over the body's columns, sticky ones
        // included, in both directions of text; and a filter box shows what is typed in it.
        const misplaced = await page.evaluate(() => {
          const edges = (el: Element) => {
            const r = el.getBoundingClientRect();
            return [Math.round(r.left), Math.round(r.right)];
          };
          const body = document.querySelector('.rg-scroll .rg-brow')!;
          const wrong: string[] = [];
          for (const cell of body.querySelectorAll('[aria-colindex]')) {
            const c = cell.getAttribute('aria-colindex');
            for (const head of document.querySelectorAll(`.rg-scroll .rg-head [aria-colindex="${c}"]`)) {
              if (edges(head).join() !== edges(cell).join())
                wrong.push(`column ${c}: header ${edges(head)} body ${edges(cell)}`);
            }
          }
          return wrong;
        });
        expect(misplaced).toEqual([]);
        const filterBox = page.locator('.rg-head .rg-filter').first();
        const room = await filterBox.evaluate((el) => {
          const s = getComputedStyle(el);
          return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
        });
        expect(room).toBeGreaterThan(40);

        // The dark skin: the grid's colours come from the theme (header, cells, text), so no light
        // header or white cell is left in it.
        await page.evaluate(() => {
          const stored = JSON.parse(localStorage.getItem('rowaq.layout') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('rowaq.layout', JSON.stringify({ ...stored, skin: 'dark' }));
        });
        await page.reload();
        await appReady(page);
        await expect.poll(() => dataRows(page).count(), { timeout: 60_000 }).toBeGreaterThan(10);
        const lightness = (css: string) => {
          const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.map(Number);
          return (r! + g! + b!) / 3;
        };
        const darkColours = await page.evaluate(() => ({
          head: getComputedStyle(document.querySelector('.rg-head .rg-cell')!).backgroundColor,
          cell: getComputedStyle(document.querySelector('.rg-brow .rg-text')!).backgroundColor,
          text: getComputedStyle(document.querySelector('.rg-brow .rg-text')!).color,
        }));
        expect(lightness(darkColours.head), darkColours.head).toBeLessThan(80);
        expect(lightness(darkColours.cell), darkColours.cell).toBeLessThan(80);
        expect(lightness(darkColours.text), darkColours.text).toBeGreaterThan(160);
        await screenshot(page, 'grid-students-list-dark', lang);

        // Bidi: every cell's text is isolated. A shortened Latin name reads left to right with its
        // ellipsis at its right end, also in the right-to-left grid; numbers are left to right.
        const isolation = await page.evaluate(() => {
          const texts = [
            ...document.querySelectorAll<HTMLElement>(
              '.rg-scroll .rg-row[aria-selected] .rg-text, .rg-scroll .rg-row[aria-selected] .rg-ltr',
            ),
          ];
          const latin = texts.find((b) => /^[A-Za-z]/.test(b.textContent ?? '') && (b.textContent ?? '').endsWith('…'));
          if (!latin) return null;
          const node = latin.firstChild as Text;
          const at = (i: number) => {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return range.getBoundingClientRect().left;
          };
          const numbers = texts.filter((b) => b.classList.contains('rg-ltr'));
          return {
            // Isolated on the cell: the paragraph takes the direction of its first strong letter.
            bidi: getComputedStyle(latin).unicodeBidi,
            ellipsisAfter: at(node.length - 1) > at(0),
            numbers: numbers.length,
            // Left to right as drawn: each number's first character left of its second.
            numbersLtr: numbers.every((b) => {
              const t = b.firstChild as Text | null;
              if (!t || t.length < 2) return true;
              const left = (i: number) => {
                const range = document.createRange();
                range.setStart(t, i);
                range.setEnd(t, i + 1);
                return range.getBoundingClientRect().left;
              };
              return left(0) < left(1);
            }),
          };
        });
        expect(isolation, 'a shortened Latin name on the first page').not.toBeNull();
        expect(isolation).toEqual({
          bidi: 'plaintext',
          ellipsisAfter: true,
          numbers: isolation!.numbers,
          numbersLtr: true,
        });
        expect(isolation!.numbers).toBeGreaterThan(10);

        const firstCode = await cell(page, 0, 0).innerText();
        const link = page.locator('.rg-scroll .rg-row[aria-selected]').first().locator('a.rg-open');
        expect(await link.getAttribute('target')).toBe('_blank');
        const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await opened.waitForLoadState();
        await appReady(opened);
        expect(new URL(opened.url()).pathname).toMatch(/^\/students\/\d+$/);
        await opened.getByText(firstCode, { exact: true }).first().waitFor();
        await opened.close();
        expect(errors).toEqual([]);
      });

      test('server filters and page actions from YAML; filters, search and sort kept in the address', async () => {
        const { page, errors } = await signedIn(lang);
        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, '.generated/manifest.json'), 'utf8')) as Manifest;
        const statuses = manifest.statusTables.student_status!.statuses;
        const nameOf = (s: { name: string; name_local: string }) => (lang === 'ar' ? s.name_local : s.name);
        await page.goto('/students');
        await appReady(page);
        await expect.poll(() => dataRows(page).count(), { timeout: 60_000 }).toBeGreaterThan(10);
        const all = (await page.getByTestId('grid-count').innerText()).replace(/,/g, '');
        // The status filter of the YAML: a new server call with it, and the address says so.
        const statusLabel = manifest.entities.students!.fields.status_id!.label[lang];
        const chosen = statuses.find((s) => s.key !== 'active') ?? statuses[1]!;
        await page.getByTestId('grid-server-filters').getByRole('combobox', { name: statusLabel }).click();
        await page.getByRole('option', { name: nameOf(chosen), exact: true }).click();
        await expect
          .poll(async () => (await page.getByTestId('grid-count').innerText()).replace(/,/g, ''), { timeout: 60_000 })
          .not.toBe(all);
        expect(new URL(page.url()).searchParams.get('filter.status_id')).toBe(String(chosen.id));
        const texts = await page.locator('.rg-scroll .rg-badge').allInnerTexts();
        expect(texts.length).toBeGreaterThan(0);
        expect(new Set(texts)).toEqual(new Set([nameOf(chosen)]));
        const filtered = await page.getByTestId('grid-count').innerText();

        // The YAML export action: POST /students/export with the chosen filter, Students.xlsx.
        const exportLabel = lang === 'en' ? 'All matching to Students.xlsx' : 'كل المطابقين إلى Students.xlsx';
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: exportLabel, exact: true }).click(),
        ]);
        expect(file.suggestedFilename()).toBe('Students.xlsx');
        const saved = path.join(downloads, `students-${lang}.xlsx`);
        await file.saveAs(saved);
        const sheet = XLSX.read(fs.readFileSync(saved));
        const exportedRows = XLSX.utils.sheet_to_json(sheet.Sheets[sheet.SheetNames[0]!]!);
        expect(String(exportedRows.length)).toBe(filtered.replace(/,/g, '').split(' ')[0]);
        // Row actions the registrar may use (edit_students): edit and delete in each row.
        const firstRow = dataRows(page).first();
        expect(await firstRow.locator('button.rg-act[data-action="edit"]').count()).toBe(1);
        expect(await firstRow.locator('button.rg-act[data-action="delete"]').count()).toBe(1);

        // A column filter, the search and a sort: into the address, and back after a reload.
        const nameLabel = manifest.entities.students!.fields.name!.label[lang];
        await page.getByRole('textbox', { name: `${gridUi(lang, 'filter')} ${nameLabel}`, exact: true }).fill('A*');
        await expect.poll(() => new URL(page.url()).searchParams.get('col.name')).toBe('A*');
        const unsearched = await page.getByTestId('grid-count').innerText();
        await page.getByRole('searchbox', { name: gridUi(lang, 'search') }).fill('Ahmed');
        // The search's answer comes from its worker: the count changes when it is shown.
        await expect.poll(() => page.getByTestId('grid-count').innerText()).not.toBe(unsearched);
        const gpaLabel = manifest.entities.students!.fields.gpa!.label[lang];
        await page.locator('[role="columnheader"].rg-label').filter({ hasText: gpaLabel }).first().click();
        await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('gpa');
        const address = new URL(page.url());
        expect(address.searchParams.get('col.name')).toBe('A*');
        expect(address.searchParams.get('search')).toBe('Ahmed');
        expect(address.searchParams.get('filter.status_id')).toBe(String(chosen.id));
        const before = await page.getByTestId('grid-count').innerText();
        const shownBefore = await gridTexts(page);
        await page.reload();
        await appReady(page);
        await page.getByRole('grid').waitFor();
        await expect.poll(() => page.getByTestId('grid-count').innerText(), { timeout: 60_000 }).toBe(before);
        expect(
          await page.getByRole('textbox', { name: `${gridUi(lang, 'filter')} ${nameLabel}`, exact: true }).inputValue(),
        ).toBe('A*');
        expect(await page.getByRole('searchbox', { name: gridUi(lang, 'search') }).inputValue()).toBe('Ahmed');
        expect(
          await page
            .locator('[role="columnheader"].rg-label')
            .filter({ hasText: gpaLabel })
            .first()
            .getAttribute('aria-sort'),
        ).toBe('ascending');
        expect(await gridTexts(page)).toEqual(shownBefore);
        expect(errors).toEqual([]);
      });
    });

    describe(`students' courses on the grid (${lang})`, () => {
      test('registration states and flags as badges in the grid colours by status name', async () => {
        const { page, errors } = await signedIn(lang);
        await page.goto('/students-courses');
        await appReady(page);
        await page.getByRole('grid').waitFor();
        await expect.poll(() => dataRows(page).count(), { timeout: 60_000 }).toBeGreaterThan(5);
        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, '.generated/manifest.json'), 'utf8')) as Manifest;
        const byName = gridColoursByName(manifest.statusTables[GRID_STATUS_TABLE]);
        const toRgb = async (css: string) =>
          page.evaluate((c) => {
            const probe = document.createElement('span');
            probe.style.background = c;
            document.body.appendChild(probe);
            const out = getComputedStyle(probe).backgroundColor;
            probe.remove();
            return out;
          }, css);
        // status_code is the 4th column, flags the 5th (student_id is the sticky first one).
        const seen = new Map<string, string>();
        for (const [c, tableName] of [
          [3, 'registration_code'],
          [4, 'registration_status'],
        ] as const) {
          const table = manifest.statusTables[tableName]!;
          const badges = await page
            .locator(`.rg-scroll [role="gridcell"][data-c="${c}"] .rg-badge`)
            .evaluateAll((els) =>
              els.map((el) => ({
                text: el.textContent ?? '',
                colour: el.getAttribute('data-colour'),
                background: getComputedStyle(el).backgroundColor,
              })),
            );
          expect(badges.length, tableName).toBeGreaterThan(5);
          for (const b of badges) {
            // A badge's text is its status names; the first one decides the colour.
            const first = b.text.split(lang === 'ar' ? '، ' : ', ')[0];
            const status = table.statuses.find((s) => (lang === 'ar' ? s.name_local : s.name) === first);
            expect(status, `badge '${b.text}' is a ${tableName} status`).toBeDefined();
            const ids = table.flags
              ? table.statuses
                  .filter((s) =>
                    b.text.split(lang === 'ar' ? '، ' : ', ').includes(lang === 'ar' ? s.name_local : s.name),
                  )
                  .reduce((v, s) => v | s.id, 0)
              : status!.id;
            const wanted = gridBadge(table, ids, lang, byName).color;
            expect(b.colour, b.text).toBe(wanted);
            expect(b.background, b.text).toBe(await toRgb(chipColours(wanted).background));
            seen.set(status!.name, b.colour!);
          }
        }
        // The spec's colours by name, where the page has them: Registered is info (its own table says success).
        if (seen.has('Registered')) expect(seen.get('Registered')).toBe('info');
        if (seen.has('Fresh')) expect(seen.get('Fresh')).toBe('info');
        if (seen.has('Repeat')) expect(seen.get('Repeat')).toBe('secondary');
        expect(
          [...seen.keys()].some((n) => byName.has(n.toLowerCase())),
          `some badge named in ${GRID_STATUS_TABLE}: ${[...seen.keys()].join(', ')}`,
        ).toBe(true);
        // Read-only values from the server are not input errors (a flag combination is not one status).
        expect(await page.locator('.rg-scroll .rg-error').count()).toBe(0);
        await screenshot(page, 'grid-students-courses', lang);
        expect(errors).toEqual([]);
      });
    });
  }
});
