/**
 * Money forms say why an amount is refused instead of changing it: "-5" typed in the wallet's
 * charge form stays "-5" and is refused in the user's language, and nothing is sent to the
 * payment provider.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  appReady,
  DEMO,
  E2E_ENABLED,
  ensureClientBuild,
  launchBrowser,
  newContext,
  signIn,
  startServer,
  type Lang,
  type RunningServer,
} from './setup.ts';

let server: RunningServer;
let browser: Browser;

const TEXT = {
  en: { amount: 'Amount (EGP)', submit: /^(Submit|Save|Charge|Pay)/, refused: /greater than|must be/i },
  ar: { amount: 'المبلغ (جنيه مصري)', submit: /^(إرسال|حفظ|شحن|ادفع|دفع)/, refused: /أكبر من|يجب/ },
} as const;

describe.skipIf(!E2E_ENABLED).sequential('e2e: money forms refuse a negative amount, never flip it', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, timeoutMs: 240_000 });
    browser = await launchBrowser();
  }, 360_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as Lang[]) {
    test(`${lang}: "-5" in the charge form stays -5 and is refused, nothing is sent`, async () => {
      const context = await newContext(browser, server.url, lang);
      const page = await context.newPage();
      await page.goto('/login');
      await appReady(page);
      await signIn(page, DEMO.student, lang);
      await page.goto('/my_credit/charge');
      await appReady(page);
      const amount = page.getByLabel(TEXT[lang].amount, { exact: false }).first();
      await amount.fill('');
      await amount.pressSequentially('-5');
      expect(await amount.inputValue()).toBe('-5');
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/charge-my-credit')) sent.push(r.method());
      });
      await page.getByRole('button', { name: TEXT[lang].submit }).last().click();
      await page.getByText(TEXT[lang].refused).first().waitFor();
      expect(sent).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/my_credit/charge');
      await context.close();
    });
  }
});
