/**
 * The housing maintenance request end to end, in chromium, in English and then in Arabic,
 * against the real server on the demo university: a request kind written in YAML only
 * (screens/housing), carried out by the generic workflow module. Each language: the student
 * fills /my_housing_requests/add and lands on the request, Submitted, with its history; the
 * registrar (manage_housing) opens it from the office's list and rejects it with a reason; the
 * student sees Rejected, the reason and the history. Screenshots: tests/e2e/artifacts/housing-*.
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

const T = {
  en: {
    plumbing: 'Plumbing',
    save: 'Save',
    submitted: 'Submitted',
    rejected: 'Rejected',
    reject: 'Reject with a reason',
    history: 'History',
    description: 'The shower floods the floor.',
    reason: 'This room is not in university housing.',
  },
  ar: {
    plumbing: 'سباكة',
    save: 'حفظ',
    submitted: 'مقدم',
    rejected: 'مرفوض',
    reject: 'رفض مع ذكر السبب',
    history: 'سجل الطلب',
    description: 'الدش يغرق الأرضية.',
    reason: 'هذه الغرفة ليست في السكن الجامعي.',
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
  await screenshot(page, `housing-${name}`, lang);
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

/** Browser errors besides the 4xx answers the portal's pages handle themselves (as the other e2e files count them). */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of (4\d\d)/.test(e));
const badge = (page: Page, text: string) => page.locator('.MuiChip-root', { hasText: text });

describe.skipIf(!E2E_ENABLED).sequential('e2e: housing maintenance requests', () => {
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

    test(`${lang}: the student reports a fault; the office rejects it with a reason; the student sees why`, async () => {
      const student = await signedIn(DEMO.student, lang);
      const page = student.page;
      await go(page, '/my_housing_requests/add');
      await page.locator('#root_room').fill(`C-${lang}-12`);
      await page.getByRole('radio', { name: t.plumbing, exact: true }).check();
      await page.locator('#root_description').fill(t.description);
      await shot(page, 'form-filled', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.waitForURL(/\/my_housing_requests\/show\/\d+$/, { timeout: 20_000 });
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await appReady(page);
      await badge(page, t.submitted).first().waitFor();
      await expect.poll(async () => page.getByRole('table', { name: t.history }).getByRole('row').count()).toBe(2);
      await shot(page, 'student-submitted', lang);

      const office = await signedIn(DEMO.registrar, lang);
      await go(office.page, '/housing_requests');
      const code = String(
        ((await apiCall(server.url, tokens.registrar, 'GET', `/housing_requests/details/${id}`)) as any).data.code,
      );
      await office.page.getByText(code).first().waitFor();
      await badge(office.page, t.submitted).first().waitFor();
      await shot(office.page, 'office-list', lang);
      await go(office.page, `/housing_requests/show/${id}`);
      await office.page.getByRole('button', { name: t.reject }).click();
      await office.page.waitForURL(/\/housing_requests\/reject\/\d+$/);
      await appReady(office.page);
      await office.page.locator('#root_staff_note').fill(t.reason);
      await office.page.getByRole('button', { name: t.save, exact: true }).click();
      await office.page.waitForURL(/\/housing_requests\/show\/\d+$/, { timeout: 20_000 });
      await badge(office.page, t.rejected).first().waitFor();
      await shot(office.page, 'office-rejected', lang);

      await go(page, `/my_housing_requests/show/${id}`);
      await badge(page, t.rejected).first().waitFor();
      await page.getByText(t.reason).first().waitFor();
      await expect.poll(async () => page.getByRole('table', { name: t.history }).getByRole('row').count()).toBe(3);
      await shot(page, 'student-rejected', lang);
      expect(realErrors(student.errors)).toEqual([]);
      expect(realErrors(office.errors)).toEqual([]);
    }, 180_000);
  }
});
