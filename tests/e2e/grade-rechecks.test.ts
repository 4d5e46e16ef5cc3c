/**
 * Grade rechecks end to end, in chromium, in English and then in Arabic, against the real server on
 * the demo university (server/domains/grade-rechecks, screens/services/grade-recheck*.yaml). The
 * demo publishes the results of one of the demo student's courses (server/db/seed/demo/grade-rechecks.ts).
 * Each language:
 *   1. the student opens /grades_recheck/add, chooses the published course, writes the reason;
 *      the form's submit.next opens the fee's payment; they pay from the wallet; the request is
 *      with the office (fee paid);
 *   2. the registrar starts the review and records "Grade changed" with a new mark on the form;
 *      the registration's mark is the new one;
 *   3. the student sees "Grade changed" and the new mark on the request and in My courses' data;
 *   4. an unpaid request is deleted from the student's list (its invoice with it).
 * Screenshots of each page in both languages: tests/e2e/artifacts/grade-rechecks-*.
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

type Row = Record<string, any>;

const api = <T = any>(who: string, method: string, url: string, body?: unknown): Promise<T> =>
  apiCall<T>(server.url, tokens[who], method, url, body);

const T = {
  en: {
    request: 'Request a recheck',
    reason: 'Reason',
    save: 'Save',
    payWallet: 'Pay from my credit',
    confirm: 'Confirm',
    review: 'Start the review',
    changed: 'Grade changed',
    newMark: 'New mark',
    note: 'Note for the student',
    history: 'History',
    submitted: 'Submitted',
    paid: 'Paid',
    notPaid: 'Not paid',
    remove: 'Delete',
    inReview: 'In review',
    why: 'The final exam total looks lower than the sum of my answers.',
    staffNote: 'Question 4 had not been counted.',
  },
  ar: {
    request: 'طلب تظلم',
    reason: 'سبب التظلم',
    save: 'حفظ',
    payWallet: 'ادفع من رصيدي',
    confirm: 'تأكيد',
    review: 'بدء المراجعة',
    changed: 'تم تعديل الدرجة',
    newMark: 'الدرجة الجديدة',
    note: 'ملاحظة للطالب',
    history: 'سجل الطلب',
    submitted: 'مُقدَّم',
    paid: 'مدفوعة',
    notPaid: 'غير مدفوعة',
    remove: 'حذف',
    inReview: 'قيد المراجعة',
    why: 'مجموع الامتحان النهائي أقل من مجموع إجاباتي.',
    staffNote: 'لم يحتسب السؤال الرابع.',
  },
} as const;

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
}

async function go(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await appReady(page);
  await expect.poll(async () => page.getByRole('progressbar').count(), { timeout: 20_000 }).toBe(0);
}

async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  await settle(page);
  await screenshot(page, `grade-rechecks-${name}`, lang);
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

const badge = (page: Page, text: string) => page.locator('.MuiChip-root', { hasText: text });
const details = async (id: number) => (await api('registrar', 'GET', `/grades-recheck/details/${id}`)).data as Row;
const quiet = (errors: string[]) => errors.filter((e) => !/status of (4\d\d)/.test(e));

describe.skipIf(!E2E_ENABLED).sequential('e2e: grade rechecks', () => {
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
    let requestId = 0;
    let course: Row = {};
    // a new mark each run (the Arabic run rechecks the mark the English run set)
    const bump = (old: number, max: number) => (old + 7.5 <= max ? old + 7.5 : old - 5);

    test(`${lang}: the student requests a recheck of a published course and pays it from the wallet`, async () => {
      const open = (await api('student', 'POST', '/grades-recheck/get-course', {})).data as Row[];
      expect(open.length).toBeGreaterThan(0); // the demo published one of the demo student's courses
      course = open[0]!;
      const { page, errors } = await signedIn(DEMO.student, lang);
      const before = Number((await api('student', 'GET', '/credit-transactions/balance')).data.balance);
      await go(page, '/grades_recheck/add');
      const row = page.getByRole('row').filter({ hasText: String(course.course_code) });
      await row.first().waitFor();
      await shot(page, 'choose-course', lang);
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
      });
      await row.getByRole('button', { name: t.request }).click();
      await page.waitForURL(new RegExp(`/grades_recheck/add/${course.id}$`));
      await appReady(page);
      // the form loads nothing (no recheck record of that number is asked for): no error on opening it
      expect(refused).toEqual([]);
      await page.getByLabel(t.reason).fill(t.why);
      await shot(page, 'request-form', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      // submit.next: straight to paying the fee
      await page.waitForURL(/\/payment-confirmation\/\d+$/, { timeout: 20_000 });
      await appReady(page);
      const paymentId = Number(new URL(page.url()).pathname.split('/').pop());
      const mine = (
        await api('student', 'POST', '/grade_rechecks', { perPage: 5, sort: { field: 'id', order: 'desc' } })
      ).data as Row[];
      expect(mine[0]).toMatchObject({
        registration_id: course.id,
        payment_id: paymentId,
        status_id: 1,
        payment_status_id: 0,
      });
      requestId = Number(mine[0]!.id);
      await page.getByRole('button', { name: t.payWallet }).first().waitFor();
      await shot(page, 'payment', lang);
      await page.getByRole('button', { name: t.payWallet }).first().click();
      await expect.poll(async () => (await details(requestId)).payment_status_id, { timeout: 15_000 }).toBe(1);
      expect(Number((await api('student', 'GET', '/credit-transactions/balance')).data.balance)).toBe(
        before - Number(course.fee),
      );

      await go(page, '/grades_recheck');
      const listed = page.getByRole('row').filter({ hasText: String(mine[0]!.code) });
      await listed.first().waitFor();
      await expect.poll(async () => listed.locator('.MuiChip-root', { hasText: t.paid }).count()).toBeGreaterThan(0);
      await shot(page, 'student-list', lang);
      await go(page, `/grades_recheck/show/${requestId}`);
      await badge(page, t.submitted).first().waitFor();
      await expect.poll(async () => page.getByRole('table', { name: t.history }).getByRole('row').count()).toBe(3); // header, request, pay
      await shot(page, 'student-paid', lang);
      expect(quiet(errors)).toEqual([]);
    });

    test(`${lang}: the registrar reviews it and changes the mark`, async () => {
      expect(requestId).toBeGreaterThan(0);
      const { page, errors } = await signedIn(DEMO.registrar, lang);
      await go(page, '/grades_recheck/manage');
      await page
        .getByRole('row')
        .filter({ hasText: String((await details(requestId)).code) })
        .first()
        .waitFor();
      await shot(page, 'staff-list', lang);
      await go(page, `/grades_recheck/manage/${requestId}`);
      await page.getByRole('button', { name: t.review, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click();
      await expect.poll(async () => (await details(requestId)).status_id, { timeout: 15_000 }).toBe(2);
      await page.getByRole('button', { name: t.changed, exact: true }).waitFor();
      await shot(page, 'staff-in-review', lang);
      await page.getByRole('button', { name: t.changed, exact: true }).click();
      await page.waitForURL(new RegExp(`/grades_recheck/manage/${requestId}/change$`));
      await appReady(page);
      // over the maximum: the server's message under the field, nothing saved
      await page.getByLabel(t.newMark).fill(String(Number(course.max_mark) + 1));
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page
        .getByText(lang === 'en' ? 'The mark may not exceed the maximum' : 'لا يجوز أن تتجاوز الدرجة الدرجة العظمى')
        .first()
        .waitFor();
      await shot(page, 'staff-mark-over', lang);
      expect((await details(requestId)).status_id).toBe(2);
      const mark = bump(Number(course.grade), Number(course.max_mark));
      await page.getByLabel(t.newMark).fill(String(mark));
      await page.getByLabel(t.note).fill(t.staffNote);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      // submit.next: back to the request's page
      await page.waitForURL(new RegExp(`/grades_recheck/manage/${requestId}$`), { timeout: 20_000 });
      await appReady(page);
      await badge(page, t.changed).first().waitFor();
      const after = await details(requestId);
      expect(after).toMatchObject({ status_id: 3, old_grade: Number(course.grade), new_grade: mark });
      await expect.poll(async () => page.getByRole('table', { name: t.history }).getByRole('row').count()).toBe(5);
      await shot(page, 'staff-changed', lang);
      expect(quiet(errors)).toEqual([]);
    });

    test(`${lang}: the student sees "Grade changed" and the new mark`, async () => {
      const mark = (await details(requestId)).new_grade as number;
      const { page, errors } = await signedIn(DEMO.student, lang);
      await go(page, `/grades_recheck/show/${requestId}`);
      await badge(page, t.changed).first().waitFor();
      await page.getByText(t.staffNote).first().waitFor();
      await expect.poll(async () => page.locator('main').innerText()).toContain(String(mark));
      await shot(page, 'student-changed', lang);
      // the registration holds it: My courses' data shows the new mark of the published course
      const courses = (await api('student', 'POST', '/students/courses', { perPage: 50 })).data as Row[];
      const held = courses.find((c) => Number(c.registration_id) === Number(course.id));
      expect(held).toMatchObject({ results_published: true, grade: mark });
      await go(page, '/grades_recheck');
      await badge(page, t.changed).first().waitFor();
      await shot(page, 'student-list-changed', lang);
      expect(quiet(errors)).toEqual([]);
    });

    test(`${lang}: an unpaid request is deleted from the student's list`, async () => {
      const open = (await api('student', 'POST', '/grades-recheck/get-course', {})).data as Row[];
      const again = open.find((c) => Number(c.id) === Number(course.id)) ?? open[0]!;
      const created = await api('student', 'POST', '/grades-recheck/submit-grade-recheck', {
        registration_id: again.id,
        reason: t.why,
      });
      const id = Number(created.data.id);
      const code = String(created.data.code);
      const { page, errors } = await signedIn(DEMO.student, lang);
      await go(page, '/grades_recheck');
      const row = page.getByRole('row').filter({ hasText: code });
      await row.locator('.MuiChip-root', { hasText: t.notPaid }).first().waitFor();
      await shot(page, 'student-unpaid', lang);
      await row.getByRole('button', { name: t.remove }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click();
      // While the dialog is open the page behind it is aria-hidden (no rows by role): wait for it to go first.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect
        .poll(async () => page.getByRole('row').filter({ hasText: code }).count(), { timeout: 15_000 })
        .toBe(0);
      const status = async () =>
        (
          await fetch(`${server.url}/api/sis/grades-recheck/details/${id}`, {
            headers: { authorization: `Bearer ${tokens.student}` },
          })
        ).status;
      await expect.poll(status, { timeout: 15_000 }).toBe(404);
      expect(
        (
          await fetch(`${server.url}/api/sis/payments/${created.payment_id}`, {
            headers: { authorization: `Bearer ${tokens.student}` },
          })
        ).status,
      ).toBe(404);
      await shot(page, 'student-deleted', lang);
      expect(quiet(errors)).toEqual([]);
    });
  }
});
