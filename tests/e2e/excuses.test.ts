/**
 * Absence excuses end to end, in chromium, in English and then in Arabic, against the real
 * server on the demo university (server/domains/excuses, screens/services/excuse*.yaml). Each
 * language:
 *   1. the student fills /my_excuses/add (missed exam, one of their courses, today, a reason, a
 *      PDF medical report); the form's submit.next opens the excuse, Pending, with its history;
 *      the registrar opens it from the staff list, downloads the report and approves it; the
 *      student sees Approved;
 *   2. an excuse rejected with a note (the decision form): the student sees Rejected and the note;
 *   3. the student deletes a pending excuse from /my_excuses: it is gone.
 * Screenshots of each page in both languages: tests/e2e/artifacts/excuses-*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
type Row = Record<string, any>;

const api = <T = any>(who: string, method: string, url: string, body?: unknown): Promise<T> =>
  apiCall<T>(server.url, tokens[who], method, url, body);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const T = {
  en: {
    exam: 'Missed exam',
    save: 'Save',
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    approve: 'Approve',
    confirm: 'Confirm',
    history: 'History',
    download: 'Download the document',
    decision: 'Rejected',
    note: 'Note for the student',
    delete: 'Delete',
    reason: 'Admitted to hospital the night before the exam.',
    rejectNote: 'The report does not cover the exam day.',
  },
  ar: {
    exam: 'غياب عن امتحان',
    save: 'حفظ',
    pending: 'قيد الانتظار',
    approved: 'مقبول',
    rejected: 'مرفوض',
    approve: 'قبول',
    confirm: 'تأكيد',
    history: 'سجل العذر',
    download: 'تنزيل المستند',
    decision: 'مرفوض',
    note: 'ملاحظة للطالب',
    delete: 'حذف',
    reason: 'دخلت المستشفى ليلة الامتحان.',
    rejectNote: 'التقرير لا يغطي يوم الامتحان.',
  },
} as const;

async function go(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await appReady(page);
  await expect.poll(async () => page.getByRole('progressbar').count(), { timeout: 20_000 }).toBe(0);
}

async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await screenshot(page, `excuses-${name}`, lang);
}

async function signedIn(email: string, lang: Lang): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, server.url, lang);
  contexts.push(context);
  const page = await context.newPage();
  const { errors } = watchPage(page);
  await page.goto('/login');
  await appReady(page);
  await signIn(page, email, lang);
  await appReady(page);
  return { page, errors };
}

/** Types a date into the MUI date picker of the field `id`, section by section. */
async function fillDate(page: Page, id: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  const group = page
    .locator(`[id="${id}"]`)
    .locator(
      'xpath=ancestor::div[contains(@class,"MuiPickersInputBase-root") or contains(@class,"MuiPickersTextField-root")][1]',
    );
  const sections = group.getByRole('spinbutton');
  const n = await sections.count();
  for (let i = 0; i < n; i++) {
    const section = sections.nth(i);
    const max = Number(await section.getAttribute('aria-valuemax'));
    await section.click();
    await page.keyboard.type(max === 12 ? month! : max === 31 ? day! : year!);
  }
}

/** A day the server accepts: today, moved into the current term when the term has not started or is over. */
function excuseDay(lookups: Row): string {
  const today = new Date().toISOString().slice(0, 10);
  const { start_date: start, end_date: end } = lookups.term;
  return today < start ? start : today > end ? end : today;
}

const statusBadge = (page: Page, text: string) => page.locator('.MuiChip-root', { hasText: text });

describe.skipIf(!E2E_ENABLED).sequential('e2e: absence excuses', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 240_000 });
    browser = await launchBrowser();
    for (const [who, email] of [
      ['student', DEMO.student],
      ['registrar', DEMO.registrar],
    ] as const)
      tokens[who] = await apiLogin(server.url, email);
  }, 600_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    const t = T[lang];

    test(`${lang}: the student submits an exam excuse with a report; the registrar approves it; the student sees Approved`, async () => {
      const lookups = (await api('student', 'GET', '/excuses/get_lookups')).data as Row;
      expect(lookups.courses.length).toBeGreaterThan(0);
      const course = lookups.courses[0] as Row;
      const day = excuseDay(lookups);
      const student = await signedIn(DEMO.student, lang);
      const page = student.page;
      await go(page, '/my_excuses');
      await shot(page, 'student-list-before', lang);
      await go(page, '/my_excuses/add');
      await page.getByRole('radio', { name: t.exam, exact: true }).check();
      const courseBox = page.locator('#root_course_id');
      await courseBox.click();
      // the choice shows the course's name in the page's language, and offers only the student's
      // own courses this term (options.path: GET /excuses/get_lookups); a required choice has no empty one
      const courseName = String(lang === 'ar' && course.name_local ? course.name_local : course.name);
      await page.getByRole('option', { name: courseName, exact: true }).first().waitFor();
      expect(await page.getByRole('option').count()).toBe(lookups.courses.length);
      await page.getByRole('option', { name: courseName, exact: true }).first().click();
      await fillDate(page, 'root_from_date', day);
      await fillDate(page, 'root_to_date', day);
      await page.locator('#root_reason').fill(t.reason);
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'medical-report.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByText('medical-report.pdf').waitFor();
      await shot(page, 'form-filled', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      // submit.next: the new excuse's page
      await page.waitForURL(/\/my_excuses\/show\/\d+$/, { timeout: 20_000 });
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await appReady(page);
      await statusBadge(page, t.pending).first().waitFor();
      const saved = (await api('student', 'GET', `/excuses/details/${id}`)).data as Row;
      expect(saved).toMatchObject({
        type_id: 2,
        course_id: course.id,
        from_date: day,
        to_date: day,
        reason: t.reason,
        document_name: 'medical-report.pdf',
        status_id: 1,
      });
      await expect.poll(async () => page.getByRole('table', { name: t.history }).getByRole('row').count()).toBe(2); // header, submit
      await shot(page, 'student-pending', lang);

      const registrar = await signedIn(DEMO.registrar, lang);
      await go(registrar.page, '/excuses');
      await registrar.page.getByText(String(saved.code)).first().waitFor();
      await shot(registrar.page, 'staff-list', lang);
      await go(registrar.page, `/excuses/show/${id}`);
      const download = registrar.page.waitForEvent('download');
      await registrar.page.getByRole('button', { name: t.download, exact: true }).click();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-exc-')), 'report.pdf');
      await (await download).saveAs(file);
      expect(fs.readFileSync(file)).toEqual(PDF);
      await shot(registrar.page, 'staff-pending', lang);
      await registrar.page.getByRole('button', { name: t.approve, exact: true }).click();
      await registrar.page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click();
      await expect
        .poll(async () => (await api('registrar', 'GET', `/excuses/details/${id}`)).data.status_id, { timeout: 15_000 })
        .toBe(2);
      await go(registrar.page, `/excuses/show/${id}`);
      await statusBadge(registrar.page, t.approved).first().waitFor();
      expect(await registrar.page.getByRole('button', { name: t.approve, exact: true }).count()).toBe(0);
      await shot(registrar.page, 'staff-approved', lang);

      await go(page, `/my_excuses/show/${id}`);
      await statusBadge(page, t.approved).first().waitFor();
      await expect.poll(async () => page.getByRole('table', { name: t.history }).getByRole('row').count()).toBe(3);
      await shot(page, 'student-approved', lang);
      await go(page, '/my_excuses');
      await page.getByText(String(saved.code)).first().waitFor();
      await shot(page, 'student-list', lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await go(page, `/my_excuses/show/${id}`);
      await shot(page, 'student-approved-phone', lang);
      expect([...student.errors, ...registrar.errors].filter((e) => !/status of (4\d\d)/.test(e))).toEqual([]);
    });

    test(`${lang}: an excuse rejected with a note shows the note to the student`, async () => {
      const lookups = (await api('student', 'GET', '/excuses/get_lookups')).data as Row;
      const day = excuseDay(lookups);
      const created = await api('student', 'POST', '/excuses', {
        type_id: 1,
        from_date: day,
        to_date: day,
        reason: t.reason,
      });
      const id = Number(created.data.id);
      const { page, errors } = await signedIn(DEMO.registrar, lang);
      await go(page, `/excuses/decide/${id}`);
      await page.getByRole('radio', { name: t.decision, exact: true }).check();
      await page.getByLabel(t.note).fill(t.rejectNote);
      await shot(page, 'staff-decide', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.waitForURL(new RegExp(`/excuses/show/${id}$`), { timeout: 20_000 });
      await expect
        .poll(async () => (await api('student', 'GET', `/excuses/details/${id}`)).data.status_id, { timeout: 15_000 })
        .toBe(3);
      const student = await signedIn(DEMO.student, lang);
      await go(student.page, `/my_excuses/show/${id}`);
      await statusBadge(student.page, t.rejected).first().waitFor();
      await student.page.getByText(t.rejectNote).first().waitFor();
      await shot(student.page, 'student-rejected', lang);
      expect([...errors, ...student.errors].filter((e) => !/status of (4\d\d)/.test(e))).toEqual([]);
    });

    test(`${lang}: the student deletes a pending excuse with nothing paid`, async () => {
      const lookups = (await api('student', 'GET', '/excuses/get_lookups')).data as Row;
      const day = excuseDay(lookups);
      const created = await api('student', 'POST', '/excuses', {
        type_id: 1,
        course_id: lookups.courses[0].id,
        from_date: day,
        to_date: day,
        reason: t.reason,
      });
      const { id, code } = created.data as Row;
      const { page, errors } = await signedIn(DEMO.student, lang);
      await go(page, '/my_excuses');
      const row = page.getByRole('row').filter({ hasText: String(code) });
      await row.waitFor();
      await row.getByRole('button', { name: t.delete, exact: true }).click();
      await shot(page, 'student-delete-confirm', lang);
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click();
      // While the dialog is open the page behind it is aria-hidden (no rows by role): wait for it to go first.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect
        .poll(
          async () =>
            (
              await fetch(`${server.url}/api/sis/excuses/details/${id}`, {
                headers: { authorization: `Bearer ${tokens.student}` },
              })
            ).status,
          { timeout: 15_000 },
        )
        .toBe(404);
      await expect
        .poll(
          async () =>
            page
              .getByRole('row')
              .filter({ hasText: String(code) })
              .count(),
          { timeout: 15_000 },
        )
        .toBe(0);
      expect(errors.filter((e) => !/status of (4\d\d)/.test(e))).toEqual([]);
    });
  }
});
