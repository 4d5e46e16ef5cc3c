/**
 * The UI consistency audit, in chromium, in English and Arabic: dates written one way (day
 * first, month as a word, 24-hour times), codes and amounts on one line, a visible cue on the
 * side of a phone-wide table that has more columns (following the scroll, mirrored in right to
 * left), the access log's actions named in Arabic, a part-paid invoice shown as part paid, and
 * the term cards' columns lined up from card to card at desktop and phone widths.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
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
  type Lang,
  type RunningServer,
} from './setup.ts';

let server: RunningServer;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const LANGS: Lang[] = ['en', 'ar'];

async function open(
  email: string,
  lang: Lang,
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await newContext(browser, server.url, lang);
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto('/login');
  await appReady(page);
  await signIn(page, email, lang);
  await page.goto(path);
  await appReady(page);
  return page;
}

/** The cue state a list table says it draws, and the shadows' visible sides as the browser drew them. */
async function cue(table: Locator) {
  await table.page().waitForTimeout(200);
  const drawn = await table.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll<HTMLElement>('[data-scroll-cue]')]
      .filter((s) => getComputedStyle(s).opacity !== '0')
      .map((s) => {
        const r = s.getBoundingClientRect();
        return Math.abs(r.left - box.left) < 2 ? 'left' : Math.abs(r.right - box.right) < 2 ? 'right' : 'elsewhere';
      })
      .sort();
  });
  return {
    left: (await table.getAttribute('data-cue-left')) === 'true',
    right: (await table.getAttribute('data-cue-right')) === 'true',
    drawn,
  };
}

async function scrollTo(table: Locator, where: 'middle' | 'end') {
  await table
    .locator('> div')
    .first()
    .evaluate((el, w) => {
      const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
      el.scrollLeft = sign * (w === 'end' ? el.scrollWidth : (el.scrollWidth - el.clientWidth) / 2);
    }, where);
}

describe
  .skipIf(!E2E_ENABLED)
  .sequential('e2e: UI consistency (dates, wrapping, scroll cue, labels, part payments, term cards)', () => {
    beforeAll(async () => {
      const build = await ensureClientBuild();
      server = await startServer({ clientDir: build.dir });
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close().catch(() => undefined);
      await server?.stop();
    });

    for (const lang of LANGS) {
      test(`${lang}: a phone-wide list shows a cue on the side with more columns, following the scroll`, async () => {
        const page = await open(DEMO.student, lang, '/payments', PHONE);
        const table = page.getByTestId('list-table');
        await table.locator('tbody tr').first().waitFor();
        // The start of the table is on the left in English and on the right in Arabic: more lies at the end.
        const end = lang === 'ar' ? 'left' : 'right';
        const start = lang === 'ar' ? 'right' : 'left';
        expect(await cue(table)).toEqual({ left: end === 'left', right: end === 'right', drawn: [end] });
        await screenshot(page, 'ui-consistency-cue-start', lang);
        await scrollTo(table, 'middle');
        expect(await cue(table)).toEqual({ left: true, right: true, drawn: ['left', 'right'] });
        await scrollTo(table, 'end');
        expect(await cue(table)).toEqual({ left: start === 'left', right: start === 'right', drawn: [start] });
        await screenshot(page, 'ui-consistency-cue-end', lang);
        // Dates day first with the month as a word, amounts and codes on one line.
        const text = await table.locator('tbody').innerText();
        expect(text).toMatch(
          lang === 'ar'
            ? /\d{1,2} (يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) \d{4}/
            : /\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/,
        );
        expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
        const code = table.locator('tbody tr').first().locator('td').first();
        expect(await code.evaluate((td) => getComputedStyle(td).whiteSpace)).toBe('nowrap');
        const lineHeight = await code.evaluate((td) => parseFloat(getComputedStyle(td).lineHeight) || 20);
        expect(await code.evaluate((td) => td.querySelector('bdi')?.getBoundingClientRect().height ?? 0)).toBeLessThan(
          lineHeight * 1.5,
        );
        await page.context().close();
      });

      test(`${lang}: the term cards' columns line up from card to card, on a desktop and on a phone`, async () => {
        for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
          const page = await open(DEMO.student, lang, '/student-academic', viewport);
          const tables = page.getByTestId('term-table');
          await tables.first().locator('tbody tr').first().waitFor();
          const count = await tables.count();
          expect(count).toBeGreaterThan(1);
          const edges = [];
          for (let i = 0; i < count; i++) {
            edges.push(
              await tables
                .nth(i)
                .locator('thead th')
                .evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().left))),
            );
          }
          for (const e of edges.slice(1)) expect(e).toEqual(edges[0]);
          // A mark ("76 / 100") and a code stay on one line.
          const mark = tables.first().locator('tbody tr').first().locator('td').nth(3);
          expect(await mark.evaluate((td) => getComputedStyle(td).whiteSpace)).toBe('nowrap');
          await screenshot(page, `ui-consistency-terms-${viewport.width}`, lang);
          await page.context().close();
        }
      });
    }

    test('Arabic: the access log names its actions, dates are written day first with 24-hour times', async () => {
      const page = await open(DEMO.admin, 'ar', '/access-logs');
      const table = page.getByTestId('list-table');
      await table.locator('tbody tr').first().waitFor();
      const text = await table.locator('tbody').innerText();
      expect(text).toContain('تسجيل دخول');
      expect(text).not.toMatch(/\blogin\b/);
      expect(text).toMatch(/\d{1,2} نوفمبر \d{4}، \d{2}:\d{2}/);
      expect(text).not.toMatch(/[٠-٩]|\d:\d\d:\d\d| ص| م\b/);
      await screenshot(page, 'ui-consistency-access-log', 'ar');
      await page.context().close();
    });

    test('a part-paid invoice reads as part paid on the staff list and on the student pay page', async () => {
      const token = await apiLogin(server.url, DEMO.finance);
      const response = await fetch(`${server.url}/api/sis/payments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ perPage: 100 }),
      });
      const rows = (
        (await response.json()) as {
          data: Array<{ code: string; amount: number; paid_amount: number; status_id: number }>;
        }
      ).data;
      const part = rows.find((r) => r.status_id === 1 && r.paid_amount > 0 && r.paid_amount < r.amount);
      expect(part, 'the demo data has a part-paid invoice').toBeDefined();
      const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const page = await open(DEMO.finance, 'en', `/invoices?search=${part!.code}`);
      const row = page.getByTestId('list-table').locator('tbody tr', { hasText: part!.code });
      await row.waitFor();
      await expect.poll(() => row.innerText()).toContain(`${money(part!.paid_amount)} of ${money(part!.amount)}`);
      await screenshot(page, 'ui-consistency-part-paid', 'en');
      await page.context().close();

      // The student's own part-paid invoice: its pay page says how much of it is paid, in both languages.
      const studentToken = await apiLogin(server.url, DEMO.student);
      const own = await fetch(`${server.url}/api/sis/payments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${studentToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ perPage: 100 }),
      });
      const mine = (
        (await own.json()) as { data: Array<{ id: number; amount: number; paid_amount: number; status_id: number }> }
      ).data.find((r) => r.status_id === 1 && r.paid_amount > 0 && r.paid_amount < r.amount);
      expect(mine, "the demo student's invoice is part paid").toBeDefined();
      for (const lang of LANGS) {
        const pay = await open(DEMO.student, lang, `/payment-confirmation/${mine!.id}`, PHONE);
        const note = pay.getByTestId('invoice-part-paid');
        await note.waitFor();
        const words = lang === 'ar' ? ['مدفوع', ' من '] : ['paid', ' of '];
        for (const w of [...words, money(mine!.paid_amount), money(mine!.amount)])
          expect(await note.innerText()).toContain(w);
        await screenshot(pay, 'ui-consistency-part-paid-student', lang);
        await pay.context().close();
      }
    });
  });
