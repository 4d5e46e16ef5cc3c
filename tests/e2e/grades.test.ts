/**
 * Grade entry end to end, in chromium, in English and then in Arabic, against the real server on
 * the demo university (the demo instructor teaches a lecture section the demo student holds:
 * server/db/seed/demo/attendance.ts). Each language:
 *   1. the instructor opens "My sections to grade" and the section holding the demo student;
 *   2. types a mark above the row's maximum: the grid's own error is on the cell and Save is refused;
 *   3. corrects it: 'Save changes (1)'; the leave guard asks
 *      before a menu link leaves the page; Save: the success toast, the rows read again;
 *   4. a reload shows the saved marks, and the server holds them (the student's course data too);
 *   5. a refusal from the server (the PUT answered 422 by the test) lands on its cell.
 * No student page shows the current term's marks (the academic record lists past terms only), so
 * the student's side is checked on the data of their course page (POST /students/courses): no mark
 * while the results are not published (the server test tests/server/academic.test.ts shows it once they are).
 * Screenshots: tests/e2e/artifacts/grades-*.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiCall,
  apiLogin,
  appReady,
  DEMO,
  E2E_ENABLED,
  ensureClientBuild,
  launchBrowser,
  newContext,
  screenshot,
  signIn,
  startServer,
  watchPage,
  type Lang,
  type RunningServer,
} from './setup.ts';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens: Record<string, string> = {};

interface Section {
  id: number;
  code: string;
  course_code: string;
  course_name: string;
  students: number;
}
interface RosterRow {
  registration_id: number;
  code: string;
  grade: number | null;
  max_mark: number;
}
let section: Section;
let roster: RosterRow[];
let mine: RosterRow; // the demo student's row

const T = {
  en: {
    list: 'My sections to grade',
    title: 'Enter marks',
    save: (n: number) => `Save changes (${n})`,
    saved: /^Marks saved: 1$/,
    over: 'The mark may not exceed the maximum',
    fixFirst: /Edited cells with errors: 1/,
    leave: /unsaved changes\. Leave this page/,
    cancel: 'Cancel',
    refusedToast: /Nothing was saved/,
    server: 'This student is not registered in this section',
  },
  ar: {
    list: 'مجموعاتي لرصد الدرجات',
    title: 'رصد الدرجات',
    save: (n: number) => `حفظ التغييرات (${n})`,
    saved: /^تم حفظ الدرجات: 1$/,
    over: 'لا يجوز أن تتجاوز الدرجة الدرجة العظمى',
    fixFirst: /خلايا معدلة بها أخطاء: 1/,
    leave: /غير المحفوظة\. هل تغادر/,
    cancel: 'إلغاء',
    refusedToast: /لم يُحفظ شيء/,
    server: 'هذا الطالب غير مسجل في هذه المجموعة',
  },
} as const;

const MARKS = { en: 77.5, ar: 66.25 } as const;
const GRADE_C = 3; // code, name, name_local, grade, ...

async function open(lang: Lang, email: string, address: string): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, server.url, lang);
  contexts.push(context);
  const page = await context.newPage();
  const watched = watchPage(page);
  await signIn(page, email, lang);
  await page.goto(address);
  await appReady(page);
  return { page, errors: watched.errors };
}

const rowIndex = (row: RosterRow) => roster.findIndex((r) => r.registration_id === row.registration_id);
const cell = (page: Page, row: RosterRow, c = GRADE_C) =>
  page.locator(`.rg-scroll [data-r="${rowIndex(row)}"] [role="gridcell"][data-c="${c}"]`);

async function typeInto(page: Page, row: RosterRow, text: string) {
  await cell(page, row).click();
  await page.keyboard.press('Enter');
  const editor = page.locator('.rg-editor');
  await editor.waitFor();
  await editor.fill(text);
  await page.keyboard.press('Enter');
}

describe.skipIf(!E2E_ENABLED).sequential('e2e: grade entry', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 240_000 });
    browser = await launchBrowser();
    tokens.instructor = await apiLogin(server.url, DEMO.instructor);
    tokens.student = await apiLogin(server.url, DEMO.student);
    const held = new Set(
      (
        (await apiCall(server.url, tokens.student, 'POST', '/students/courses', {})).data as Array<{
          registration_id: number;
        }>
      ).map((c) => c.registration_id),
    );
    const taught = (await apiCall(server.url, tokens.instructor, 'GET', '/grades/sections')).data as Section[];
    for (const s of taught) {
      const rows = (await apiCall(server.url, tokens.instructor, 'GET', `/grades/sections/${s.id}/students`))
        .data as RosterRow[];
      const found = rows.find((r) => held.has(r.registration_id));
      if (found) {
        section = s;
        roster = rows;
        mine = found;
        break;
      }
    }
    expect(
      section,
      `a section of the demo instructor holding the demo student: ${JSON.stringify(taught).slice(0, 400)} ${[...held]}`,
    ).toBeDefined();
  }, 600_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`${lang}: the instructor types marks, a mark above the maximum is refused, saves, and the marks stay`, async () => {
      const t = T[lang];
      const mark = MARKS[lang];
      const { page, errors } = await open(lang, DEMO.instructor, '/grades');
      await page.getByRole('heading', { name: t.list }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.getByText(section.course_code, { exact: true }).first().waitFor();
      await screenshot(page, 'grades-sections', lang);

      // The section's row opens its grading grid.
      await page
        .getByRole('row')
        .filter({ hasText: section.course_code })
        .filter({ hasText: section.code })
        .first()
        .click();
      await page.waitForURL(`**/grades/sections/${section.id}`);
      await page.getByRole('heading', { name: t.title }).waitFor();
      await expect.poll(() => page.locator('.rg-scroll [data-r]').count()).toBe(roster.length);
      await expect.poll(() => cell(page, mine, 0).innerText()).toBe(mine.code);

      // Above the maximum: the grid's own error on the cell, Save refused.
      await typeInto(page, mine, String(mine.max_mark + 5));
      await expect.poll(() => cell(page, mine).getAttribute('aria-invalid')).toBe('true');
      expect(await cell(page, mine).getAttribute('title')).toBe(t.over);
      await expect(page.getByTestId('grid-save').isDisabled()).resolves.toBe(true);
      await page.getByText(t.fixFirst).waitFor();
      await screenshot(page, 'grades-invalid', lang);

      await typeInto(page, mine, String(mark));
      await expect.poll(() => cell(page, mine).getAttribute('aria-invalid')).toBe(null);
      const save = page.getByTestId('grid-save');
      await expect.poll(() => save.innerText()).toBe(t.save(1));

      // Leaving with unsaved changes (the browser's Back, to the list) asks first; Cancel stays.
      await page.evaluate(() => history.back());
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t.leave).waitFor();
      await screenshot(page, 'grades-leave', lang);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/grades/sections/${section.id}`);
      await expect.poll(() => save.innerText()).toBe(t.save(1));
      await screenshot(page, 'grades-edited', lang);

      await save.click();
      await page.getByText(t.saved).first().waitFor();
      await expect.poll(() => cell(page, mine).innerText()).toBe(String(mark));
      await expect.poll(() => save.innerText()).toBe(t.save(0));
      await screenshot(page, 'grades-saved', lang);

      await page.reload();
      await appReady(page);
      await expect.poll(() => cell(page, mine).innerText()).toBe(String(mark));
      const stored = (await apiCall(server.url, tokens.instructor, 'GET', `/grades/sections/${section.id}/students`))
        .data as RosterRow[];
      expect(stored.find((r) => r.registration_id === mine.registration_id)?.grade).toBe(mark);
      // The student does not see a mark the instructor may still change (results not published).
      const course = (
        (await apiCall(server.url, tokens.student, 'POST', '/students/courses', {})).data as Array<{
          registration_id: number;
          grade: number | null;
          results_published: boolean;
        }>
      ).find((c) => c.registration_id === mine.registration_id);
      expect(course).toMatchObject({ grade: null, results_published: false });

      // A refusal from the server (answered here, as the server words a row's error) lands on its cell.
      await page.route(`**/api/sis/grades/sections/${section.id}`, (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 422,
              contentType: 'application/json',
              body: JSON.stringify({ errors: { 'marks.0.registration_id': [t.server] }, message: 'x' }),
            })
          : route.continue(),
      );
      await typeInto(page, mine, '12');
      await save.click();
      await expect.poll(() => cell(page, mine).getAttribute('aria-invalid')).toBe('true');
      expect(await cell(page, mine).getAttribute('title')).toBe(t.server);
      await page.getByText(t.refusedToast).first().waitFor();
      await screenshot(page, 'grades-server-error', lang);
      await page.unroute(`**/api/sis/grades/sections/${section.id}`);
      // Typing another value clears the server's message.
      await typeInto(page, mine, String(mark));
      await expect.poll(() => cell(page, mine).getAttribute('aria-invalid')).toBe(null);
      await expect.poll(() => save.innerText()).toBe(t.save(0));

      expect(
        errors.filter((e) => !/status of 4\d\d/.test(e)),
        errors.join('\n'),
      ).toEqual([]);
    }, 240_000);
  }
});
