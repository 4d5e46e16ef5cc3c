/**
 * Every screen a user may use is reachable, and nothing leads to a screen they may not open, in
 * English and Arabic: the instructor's grade entry and the registry's course grid are offered
 * by the menu (and the dashboard's shortcuts, built from it); a Users row is a link only for
 * those who may open the user's page; a screen opened by address without its permission is a
 * 403 page inside the portal's frame, in the user's language.
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

const LANGS: Lang[] = ['en', 'ar'];
const TEXT = {
  en: { grades: 'My sections to grade', courses: "Students' courses", refused: 'You may not open this page' },
  ar: { grades: 'مجموعاتي لرصد الدرجات', courses: 'مقررات الطلاب', refused: 'لا يمكنك فتح هذه الصفحة' },
} as const;

async function signedIn(email: string, lang: Lang): Promise<Page> {
  const context = await newContext(browser, server.url, lang);
  const page = await context.newPage();
  await page.goto('/login');
  await appReady(page);
  await signIn(page, email, lang);
  await appReady(page);
  return page;
}

describe.skipIf(!E2E_ENABLED).sequential('e2e: every screen reachable, no link to a refusal', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, timeoutMs: 240_000 });
    browser = await launchBrowser();
  }, 360_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  for (const lang of LANGS) {
    // The dashboard's shortcuts are the user's menu entries (useMenuEntries), folded groups unfolded.
    test(`${lang}: the instructor reaches grade entry from the menu's shortcuts on the dashboard`, async () => {
      const page = await signedIn(DEMO.instructor, lang);
      await page.goto('/dashboard');
      await appReady(page);
      const shortcut = page.getByRole('main').getByRole('link', { name: TEXT[lang].grades });
      await shortcut.click();
      await page.waitForURL(/\/grades$/);
      await page.getByRole('heading', { level: 1, name: TEXT[lang].grades }).waitFor();
      await page.context().close();
    });

    test(`${lang}: the registrar reaches the students' courses grid from the menu's shortcuts`, async () => {
      const page = await signedIn(DEMO.registrar, lang);
      await page.goto('/dashboard');
      await page.getByRole('main').getByRole('link', { name: TEXT[lang].courses }).click();
      await page.waitForURL(/\/students-courses$/);
      await page.context().close();
    });

    test(`${lang}: an advisor's Users rows are no links; a refused address is a 403 inside the frame`, async () => {
      const page = await signedIn(DEMO.advisor, lang);
      await page.goto('/users');
      await appReady(page);
      const rows = page.getByTestId('list-table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.first().locator('a').count()).toBe(0);
      expect(await rows.first().evaluate((tr) => getComputedStyle(tr).cursor)).not.toBe('pointer');
      await rows.first().locator('td').first().click();
      expect(new URL(page.url()).pathname).toBe('/users');

      await page.goto('/users/edit/1');
      await appReady(page);
      await page.getByRole('heading', { level: 1, name: TEXT[lang].refused }).waitFor();
      expect(await page.getByText('403', { exact: true }).count()).toBe(1);
      // inside the portal's frame: the menu and the top bar are there to go on from
      await page.getByRole('navigation').waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await screenshot(page, 'reach-refused', lang);
      await page.context().close();
    });

    test(`${lang}: the admin's Users rows are real links, opened by the keyboard`, async () => {
      const page = await signedIn(DEMO.admin, lang);
      await page.goto('/users');
      await appReady(page);
      const link = page.getByTestId('list-table').locator('tbody tr').first().locator('a').first();
      await link.waitFor();
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/users\/edit\/\d+$/);
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === href);
      await page.context().close();
    });
  }
});
