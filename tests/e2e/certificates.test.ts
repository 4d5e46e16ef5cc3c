/**
 * Certificate requests end to end, in chromium, in English and then in Arabic, against the real
 * server on the demo university (server/domains/certificates, screens/services/certificat*.yaml).
 * Each language:
 *   1. the student requests a transcript (100 EGP) on /services/certification/add; the form's
 *      submit.next opens the fee's payment; they pay from the wallet (500 EGP in the demo); the
 *      request shows In review, with its history table;
 *   2. the registrar reviews, approves and prepares it; the dean signs; the registrar marks it
 *      ready, delivers it and prints it: the download is a PDF holding the student's name and the
 *      request's reference;
 *   3. a second (free) request is returned with a note; the student sees the note;
 *   4. signed out, /certificates/external/{code} says the certificate was issued by the
 *      university; a wrong code says none has it.
 * Screenshots of each page in both languages: tests/e2e/artifacts/certificates-*.
 */
import { execFileSync } from 'node:child_process';
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

const DEAN = 'dean@rowaq.demo';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens: Record<string, string> = {};

type Row = Record<string, any>;

const api = <T = any>(who: string, method: string, url: string, body?: unknown): Promise<T> =>
  apiCall<T>(server.url, tokens[who], method, url, body);

const T = {
  en: {
    transcript: 'Transcript',
    save: 'Save',
    payWallet: 'Pay from my credit',
    inReview: 'In review',
    confirm: 'Confirm',
    review: 'Mark reviewed',
    approve: 'Approve',
    prepare: 'Mark prepared',
    sign: 'Sign as dean',
    ready: 'Ready to deliver',
    deliver: 'Delivered',
    print: 'Print',
    decide: 'Return or reject',
    incomplete: 'Incomplete',
    note: 'Reason for the student',
    history: 'History',
    genuine: 'This certificate was issued by the university',
    fake: 'No certificate issued by the university has this code',
    delivered: 'Delivered',
    correct: 'Correct and send again',
  },
  ar: {
    transcript: 'بيان درجات',
    save: 'حفظ',
    payWallet: 'ادفع من رصيدي',
    inReview: 'قيد المراجعة',
    confirm: 'تأكيد',
    review: 'تمت المراجعة',
    approve: 'اعتماد',
    prepare: 'تم التجهيز',
    sign: 'توقيع العميد',
    ready: 'جاهزة للتسليم',
    deliver: 'تم التسليم',
    print: 'طباعة',
    decide: 'إعادة أو رفض',
    incomplete: 'غير مكتمل',
    note: 'السبب الذي يقرؤه الطالب',
    history: 'سجل الطلب',
    genuine: 'هذه الشهادة صادرة عن الجامعة',
    fake: 'لا توجد شهادة صادرة عن الجامعة بهذا الرمز',
    delivered: 'تم التسليم',
    correct: 'تصحيح وإعادة إرسال',
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
  await screenshot(page, `certificates-${name}`, lang);
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

/** Clicks a status button on the staff page and accepts the portal's confirmation; waits for the new status. */
async function step(page: Page, lang: Lang, button: string, id: number, statusAfter: number): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: T[lang].confirm, exact: true }).click();
  await expect
    .poll(async () => (await api('registrar', 'GET', `/certificates/details/${id}`)).data.status_id, {
      timeout: 15_000,
    })
    .toBe(statusAfter);
  await expect
    .poll(async () => page.getByRole('button', { name: button, exact: true }).count(), { timeout: 15_000 })
    .toBe(0);
}

const statusBadge = (page: Page, text: string) => page.locator('.MuiChip-root', { hasText: text });

describe.skipIf(!E2E_ENABLED).sequential('e2e: certificate requests', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 240_000 });
    browser = await launchBrowser();
    for (const [who, email] of [
      ['student', DEMO.student],
      ['registrar', DEMO.registrar],
      ['dean', DEAN],
    ] as const) {
      tokens[who] = await apiLogin(server.url, email);
    }
  }, 600_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    const t = T[lang];
    let requestId = 0;
    let verification = '';

    test(`${lang}: the student requests a transcript, pays it from the wallet, and it is in review`, async () => {
      const { page, errors } = await signedIn(DEMO.student, lang);
      const before = Number((await api('student', 'GET', '/credit-transactions/balance')).data.balance);
      await go(page, '/services/certification/add');
      await shot(page, 'request-form', lang);
      await page.getByRole('radio', { name: t.transcript, exact: true }).check();
      await page.getByRole('button', { name: t.save, exact: true }).click();
      // submit.next: straight to paying the fee
      await page.waitForURL(/\/payment-confirmation\/\d+$/, { timeout: 20_000 });
      await appReady(page);
      const paymentId = Number(new URL(page.url()).pathname.split('/').pop());
      const mine = (
        await api('student', 'POST', '/certificate_requests', { perPage: 5, sort: { field: 'id', order: 'desc' } })
      ).data as Row[];
      expect(mine[0]).toMatchObject({ kind_id: 2, payment_id: paymentId, status_id: 1, fee: 100 });
      requestId = Number(mine[0]!.id);
      verification = String(mine[0]!.verification_code);
      await page.getByRole('button', { name: t.payWallet }).first().waitFor();
      await shot(page, 'payment', lang);
      await page.getByRole('button', { name: t.payWallet }).first().click();
      await expect
        .poll(async () => (await api('student', 'GET', `/certificates/details/${requestId}`)).data.status_id, {
          timeout: 15_000,
        })
        .toBe(4);
      expect(Number((await api('student', 'GET', '/credit-transactions/balance')).data.balance)).toBe(before - 100);

      await go(page, `/certification/show/${requestId}`);
      await statusBadge(page, t.inReview).first().waitFor();
      const history = page.getByRole('table', { name: t.history });
      await expect.poll(async () => history.getByRole('row').count()).toBe(3); // header, request, pay
      await shot(page, 'student-in-review', lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'student-in-review-phone', lang);
      await go(page, '/services/certification');
      await shot(page, 'student-list-phone', lang);
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, 'student-list', lang);
      expect(errors.filter((e) => !/status of (4\d\d)/.test(e))).toEqual([]);
    });

    test(`${lang}: the registrar reviews, approves and prepares; the dean signs; ready, delivered, printed`, async () => {
      expect(requestId).toBeGreaterThan(0);
      const registrar = await signedIn(DEMO.registrar, lang);
      const page = registrar.page;
      await go(page, '/certificates');
      await shot(page, 'staff-list', lang);
      await go(page, `/certificates/show/${requestId}`);
      await page.getByRole('button', { name: t.review, exact: true }).waitFor();
      // the dean's step and printing are not offered yet
      expect(await page.getByRole('button', { name: t.sign, exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: t.print, exact: true }).count()).toBe(0);
      await shot(page, 'staff-in-review', lang);
      await step(page, lang, t.review, requestId, 5);
      await step(page, lang, t.approve, requestId, 6);
      await step(page, lang, t.prepare, requestId, 7);
      await shot(page, 'staff-prepared', lang);

      const dean = await signedIn(DEAN, lang);
      await go(dean.page, `/certificates/show/${requestId}`);
      await dean.page.getByRole('button', { name: t.sign, exact: true }).waitFor();
      await shot(dean.page, 'dean-sign', lang);
      await step(dean.page, lang, t.sign, requestId, 8);
      await shot(dean.page, 'dean-signed', lang);

      await go(page, `/certificates/show/${requestId}`);
      await step(page, lang, t.ready, requestId, 9);
      await step(page, lang, t.deliver, requestId, 10);
      await statusBadge(page, t.delivered).first().waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t.print, exact: true }).click();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-cert-')), 'certificate.pdf');
      await (await download).saveAs(file);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      const details = (await api('registrar', 'GET', `/certificates/details/${requestId}`)).data as Row;
      expect(text).toContain(String(details.code));
      // the request's language is English (the form's default): the student's English name
      expect(text.replace(/\s+/g, ' ')).toContain(String(details.student_name));
      expect(details.print_count).toBe(1);
      await go(page, `/certificates/show/${requestId}`);
      await expect.poll(async () => page.getByRole('table', { name: t.history }).getByRole('row').count()).toBe(9);
      await shot(page, 'staff-delivered', lang);
      expect([...registrar.errors, ...dean.errors].filter((e) => !/status of (4\d\d)/.test(e))).toEqual([]);
    });

    test(`${lang}: a request returned with a note shows the note to the student`, async () => {
      const created = await api('student', 'POST', '/certificates/request', {
        kind_id: 5,
        addressed_to: lang === 'en' ? 'The embassy' : 'السفارة',
      });
      const id = Number(created.data.id);
      expect(created.data.status_id).toBe(4); // free: in review at once
      const note = lang === 'en' ? 'Please write the embassy’s full name.' : 'يرجى كتابة اسم السفارة كاملًا.';
      const { page } = await signedIn(DEMO.registrar, lang);
      await go(page, `/certificates/show/${id}`);
      await page.getByRole('button', { name: t.decide, exact: true }).click();
      await page.waitForURL(new RegExp(`/certificates/decide/${id}$`));
      await appReady(page);
      await page.getByRole('radio', { name: t.incomplete, exact: true }).check();
      await page.getByLabel(t.note).fill(note);
      await shot(page, 'staff-return', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      // submit.next: back to the request's page
      await page.waitForURL(new RegExp(`/certificates/show/${id}$`), { timeout: 20_000 });
      expect((await api('registrar', 'GET', `/certificates/details/${id}`)).data.status_id).toBe(3);

      const student = await signedIn(DEMO.student, lang);
      await go(student.page, `/certification/show/${id}`);
      await student.page.getByText(note).first().waitFor();
      await statusBadge(student.page, t.incomplete).first().waitFor();
      await student.page.getByRole('button', { name: t.correct, exact: true }).waitFor();
      await shot(student.page, 'student-returned', lang);
    });

    test(`${lang}: signed out, the public page says whether a code is genuine`, async () => {
      const context = await newContext(browser, server.url, lang);
      contexts.push(context);
      const page = await context.newPage();
      await go(page, `/certificates/external/${verification}`);
      await page.getByText(t.genuine).waitFor();
      await shot(page, 'external-genuine', lang);
      await go(page, '/certificates/external/AAAA-BBBB-CCCC-DDDD');
      await page.getByText(t.fake).waitFor();
      expect(await page.getByText(t.genuine).count()).toBe(0);
      await shot(page, 'external-wrong', lang);
    });
  }
});
