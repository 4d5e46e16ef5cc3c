/**
 * Finance end to end, in chromium, in English and then in Arabic, against the real server on
 * the demo university. The student `overdue@rowaq.demo` has a tuition installment past due
 * (demo seed) and an empty wallet. Each language:
 *   1. requests a course on /offering/registration: the server's gate answers redirect_to
 *      payments; the portal shows 'You have to pay your due invoices.' (Arabic text in Arabic),
 *      goes to /payments and keeps the student there (every other address goes back to
 *      payments, the menu holds only the payment screens);
 *   1b. tries to pay from a wallet that holds too little: 'not enough credit balance', nothing moves;
 *   2. charges the wallet on /my_credit/charge by card through the sandbox provider's hosted page
 *      (the page in the run's language); paying the same hosted payment again changes nothing;
 *   3. pays the overdue installment from the wallet with a double click: money moves once;
 *   4. requests the course again: accepted;
 *   5. /my_credit lists every movement of the wallet (as the API has them) with the balance.
 * The Arabic run first gets a new overdue invoice from the finance office (PUT /payments), so it
 * goes through the same gate. Screenshots of every step in both languages: tests/e2e/artifacts/.
 *
 * The offering is made for the test through the generic resource API (a course in the
 * student's study plan, on Friday when the demo timetable has no class), so the registration
 * step does not depend on how the demo's random data fell.
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

const OVERDUE = 'overdue@rowaq.demo';
const INSTALLMENT = 1500;
const CHARGE = 2000;
/** The addresses the only-payments mode keeps (engine/core/only-payments.ts). */
const PAYMENT_PATHS = /^\/(payments|payment-confirmation\/.*|payment-info\/.*|my_credit|my_credit\/charge)$/;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens: Record<string, string> = {};

type Row = Record<string, any>;

/** One API call as `who` (a token of tokens{}); throws on a status other than 2xx with the body. */
const api = <T = any>(who: string, method: string, url: string, body?: unknown): Promise<T> =>
  apiCall<T>(server.url, tokens[who], method, url, body);

const login = (email: string): Promise<string> => apiLogin(server.url, email);

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = () => iso(0);

/** Lets badge colour transitions and toasts finish, and scrolls to the top (the app bar is sticky), before a screenshot. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(600);
}

async function go(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await appReady(page);
  await expect.poll(async () => page.getByRole('progressbar').count(), { timeout: 20_000 }).toBe(0);
}

/** The student's wallet: balance and every movement, newest first (the API's view). */
async function wallet(): Promise<{ balance: number; movements: Row[] }> {
  const balance = await api('overdue', 'GET', '/credit-transactions/balance');
  const list = await api('overdue', 'POST', '/credit_transactions', {
    perPage: 100,
    sort: { field: 'id', order: 'desc' },
  });
  return { balance: Number(balance.data.balance), movements: list.data as Row[] };
}

/** The student's own installments (row scope), and the first one overdue today. */
async function overdueInstallment(): Promise<Row | undefined> {
  const list = await api('overdue', 'POST', '/installments', {
    perPage: 100,
    sort: { field: 'due_date', order: 'asc' },
  });
  return (list.data as Row[]).find(
    (i) => Number(i.paid_amount) < Number(i.amount) && String(i.due_date).slice(0, 10) < today(),
  );
}

/** A course in the student's study plan with one offering this term, Friday at `from`-`to`; its code. */
async function makeOffering(lang: Lang, ctx: Ctx, from: string, to: string): Promise<string> {
  const code = `FIN${lang.toUpperCase()}1`;
  const course = await api('admin', 'PUT', '/courses', {
    faculty_id: ctx.facultyId,
    code,
    name: lang === 'en' ? 'Financial Computing' : 'الحوسبة المالية',
    name_local: 'الحوسبة المالية',
    credit_hours: 3,
    level: 1,
    required_passed_hours: 0,
  });
  const courseId = Number(course.data.id);
  await api('admin', 'PUT', '/study_plan_courses', {
    program_id: ctx.programId,
    course_id: courseId,
    level: 1,
    required: true,
    semester: 1,
    category_id: 3,
  });
  const offering = await api('admin', 'PUT', '/offerings', {
    course_id: courseId,
    term_id: ctx.termId,
    program_id: ctx.programId,
    max_mark: 100,
  });
  const section = await api('admin', 'PUT', '/sections', {
    offering_id: Number(offering.data.id),
    code: 'L1',
    kind_id: 1,
    capacity: 30,
  });
  await api('admin', 'PUT', '/slots', {
    section_id: Number(section.data.id),
    day: 7,
    start_time: from,
    end_time: to,
    kind_id: 1,
  });
  return code;
}

interface Ctx {
  termId: number;
  facultyId: number;
  programId: number;
  studentId: number;
}
let ctx: Ctx;

const T = {
  en: {
    due: 'You have to pay your due invoices.',
    ok: 'OK',
    request: 'Request',
    transcript: 'Transcript',
    save: 'Save',
    amount: /Amount/,
    card: 'Credit card',
    charge: 'Charge my credit',
    sandboxPay: 'Pay',
    alreadyPaid: 'This payment is already paid',
    payWallet: 'Pay from my credit',
    charged: 'Charge',
    payment: 'Payment',
    short: 'not enough credit balance',
    currency: 'EGP',
    paid: 'Paid',
    invoice: 'Invoice',
  },
  ar: {
    due: 'يجب عليك سداد الفواتير المستحقة.',
    ok: 'حسنًا',
    request: 'طلب التسجيل',
    transcript: 'بيان درجات',
    save: 'حفظ',
    amount: /المبلغ/,
    card: 'بطاقة ائتمان',
    charge: 'شحن رصيدي',
    sandboxPay: 'ادفع',
    alreadyPaid: 'هذه العملية بالفعل مدفوعة',
    payWallet: 'ادفع من رصيدي',
    charged: 'شحن',
    payment: 'سداد',
    short: 'رصيدك غير كافٍ',
    currency: 'جنيه مصري',
    paid: 'مدفوع',
    invoice: 'الفاتورة',
  },
} as const;

describe.skipIf(!E2E_ENABLED).sequential('e2e: finance, the payment gate and the wallet', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 240_000 });
    browser = await launchBrowser();
    for (const [who, email] of [
      ['admin', DEMO.admin],
      ['finance', DEMO.finance],
      ['overdue', OVERDUE],
    ] as const)
      tokens[who] = await login(email);
    const profile = await api('overdue', 'GET', '/users/profile');
    const studentId = Number(profile.data.student_id);
    const student = (await api('overdue', 'GET', `/students/${studentId}`)).data;
    const terms = await api('overdue', 'GET', '/system/current-terms');
    ctx = {
      termId: Number(terms.current_term.id),
      facultyId: Number(student.faculty_id),
      programId: Number(student.program_id),
      studentId,
    };
    // The registration window of the current term is open today.
    await api('admin', 'PUT', `/terms/${ctx.termId}`, {
      registration_start: iso(-1),
      registration_end: iso(1),
      add_drop_start: iso(10),
      add_drop_end: iso(15),
      withdraw_start: iso(30),
      withdraw_end: iso(35),
    });
  }, 600_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`${lang}: gated registration -> only payments -> charge by card -> pay from the wallet -> registered`, async () => {
      const t = T[lang];
      const code = await makeOffering(lang, ctx, lang === 'en' ? '08:30' : '14:00', lang === 'en' ? '10:00' : '15:30');
      if (lang === 'ar') {
        // A new overdue invoice (the English run paid the demo's), so the gate closes again.
        await api('finance', 'PUT', '/payments', {
          student_id: ctx.studentId,
          billing_kind_id: 4,
          amount: INSTALLMENT,
          term_id: ctx.termId,
          description: 'Insurance',
          installments: [{ amount: INSTALLMENT, due_date: iso(-3) }],
        });
      }
      const due = await overdueInstallment();
      expect(due, 'the student has an overdue installment').toBeDefined();
      const before = await wallet();

      const context = await newContext(browser, server.url, lang);
      contexts.push(context);
      const page = await context.newPage();
      const { errors } = watchPage(page);
      await page.goto('/login');
      await signIn(page, OVERDUE, lang);
      await appReady(page);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

      // 1. The gate: the registration page says so before anything is pressed (the message, the
      //    request buttons disabled), and its button leads to payments, and only payments, as the
      //    server's refusal would (the refusal itself: step 1c).
      await go(page, '/offering/registration');
      const offering = page.getByTestId(`offering-${code}`);
      await offering.waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('gate-banner').innerText(), { timeout: 20_000 }).toContain(t.due);
      expect(await offering.getByRole('button', { name: t.request }).isDisabled()).toBe(true);
      await settle(page);
      await screenshot(page, 'finance-gate-banner', lang);
      // A gated call made anyway (a certificate request: its form warns too, but sends when told):
      // the server refuses, the client shows the message and goes to payments, and only payments.
      await go(page, '/services/certification/add');
      await expect.poll(() => page.getByTestId('gate-banner').innerText(), { timeout: 20_000 }).toContain(t.due);
      await page.getByLabel(t.transcript, { exact: true }).check();
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payments', { timeout: 20_000 });
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.innerText(), { timeout: 10_000 }).toContain(t.due);
      await appReady(page);
      await settle(page);
      await screenshot(page, 'finance-gate-dialog', lang);
      await dialog.getByRole('button', { name: t.ok, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByTestId('only-payments-notice').innerText()).toBe(t.due);
      const menu = await page
        .locator('nav a')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(menu.length).toBeGreaterThan(0);
      for (const href of menu) expect(href, 'the menu in only-payments mode').toMatch(PAYMENT_PATHS);
      for (const elsewhere of ['/offering/registration', '/dashboard', '/student-profile', '/']) {
        await page.goto(elsewhere);
        await page.waitForURL((url) => url.pathname === '/payments', { timeout: 20_000 });
      }
      await appReady(page);
      await settle(page);
      await screenshot(page, 'finance-payments-only', lang);

      // 1b. Paying from a wallet that holds too little is refused with the message; nothing moves.
      await go(page, `/payment-confirmation/${due!.payment_id}`);
      // The balance names the currency as the lists do (جنيه مصري in Arabic, not the code).
      const balanceChip = await page.getByTestId('credit-balance').innerText();
      expect(balanceChip).toContain(t.currency);
      if (lang === 'ar') expect(balanceChip).not.toContain('EGP');
      await page.getByTestId(`installment-${due!.installment_id}`).getByRole('button', { name: t.payWallet }).click();
      await page.getByText(t.short).first().waitFor({ timeout: 20_000 });
      await settle(page);
      await screenshot(page, 'finance-not-enough-credit', lang);
      expect((await wallet()).balance).toBe(before.balance);
      expect((await overdueInstallment())?.id).toBe(due!.id);

      // 2. Charge the wallet by card through the sandbox provider's hosted page.
      await go(page, '/my_credit/charge');
      await page.getByLabel(t.amount).first().fill(String(CHARGE));
      await page.getByLabel(t.card).check();
      await screenshot(page, 'finance-charge', lang);
      await page.getByRole('button', { name: t.charge }).click();
      await page.waitForURL(/\/api\/sis\/payments\/sandbox\//, { timeout: 20_000 });
      const hosted = page.url();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('.amount').innerText()).toContain(CHARGE.toFixed(2));
      await screenshot(page, 'finance-sandbox', lang);
      await page.getByRole('button', { name: t.sandboxPay, exact: true }).click();
      await page.waitForURL(/\/payment-info\//, { timeout: 20_000 });
      await appReady(page);
      await expect.poll(async () => (await wallet()).balance, { timeout: 20_000 }).toBe(before.balance + CHARGE);
      await settle(page);
      await screenshot(page, 'finance-payment-info', lang);
      // Paying the same hosted payment again (a second click, a replayed form) changes nothing.
      // The replay carries the payer's page key, as the page's own form does.
      const key = new URL(hosted).searchParams.get('key');
      const again = await page.request.post(`${hosted.split('?')[0]}/pay?lang=${lang}&key=${key}`, {
        maxRedirects: 0,
      });
      expect(again.status()).toBe(303);
      const hostedAgain = await context.newPage();
      await hostedAgain.goto(hosted);
      expect(await hostedAgain.locator('main').innerText()).toContain(t.alreadyPaid);
      await hostedAgain.close();
      const charged = await wallet();
      expect(charged.balance).toBe(before.balance + CHARGE);
      expect(charged.movements.length).toBe(before.movements.length + 1);

      // 3. Pay the overdue installment from the wallet, with a double click: the money moves once.
      await go(page, `/payment-confirmation/${due!.payment_id}`);
      const part = page.getByTestId(`installment-${due!.installment_id}`);
      const pay = part.getByRole('button', { name: t.payWallet });
      await pay.waitFor({ timeout: 20_000 });
      const payCalls: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/sis\/payments\/pay\//.test(request.url()))
          payCalls.push(request.headers()['idempotency-key'] ?? '');
      });
      // Two clicks in one task: the second comes before React can disable the button.
      await pay.evaluate((button) => {
        (button as HTMLButtonElement).click();
        (button as HTMLButtonElement).click();
      });
      await expect.poll(async () => (await overdueInstallment())?.id ?? null, { timeout: 20_000 }).not.toBe(due!.id);
      await expect.poll(() => pay.count(), { timeout: 20_000 }).toBe(0); // nothing left to pay: no button for a third click
      const paid = await wallet();
      expect(paid.balance).toBe(before.balance + CHARGE - INSTALLMENT);
      expect(paid.movements.length).toBe(before.movements.length + 2);
      expect(paid.movements.filter((m) => Number(m.amount) < 0).length).toBe(
        before.movements.filter((m) => Number(m.amount) < 0).length + 1,
      );
      const invoiceRows = (
        await api('overdue', 'POST', '/installments', { filters: { payment_id: Number(due!.payment_id) }, perPage: 10 })
      ).data as Row[];
      expect(Number(invoiceRows.find((r) => r.id === due!.id)!.paid_amount)).toBe(INSTALLMENT);
      // However many calls the clicks made, they carried one key: one payment.
      expect(payCalls.length).toBeGreaterThanOrEqual(1);
      expect(new Set(payCalls).size).toBe(1);
      console.log(`e2e finance ${lang}: the double click sent ${payCalls.length} pay call(s), one Idempotency-Key`);
      await appReady(page);
      await settle(page);
      await screenshot(page, 'finance-installment-paid', lang);

      // 3b. On /payments the paid installment offers no payment (visibleWhen of the row actions),
      // and the student's row opens the invoice's pay page.
      await go(page, '/payments');
      const paidRows = page.locator('tbody tr').filter({ has: page.getByText(t.paid, { exact: true }) });
      await expect.poll(() => paidRows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await paidRows.getByRole('button', { name: t.payWallet }).count()).toBe(0);
      await paidRows.first().locator('td').first().click();
      await page.waitForURL(/\/payment-confirmation\/\d+$/, { timeout: 20_000 });

      // 4. Registering works now.
      await go(page, '/offering/registration');
      await offering.waitFor({ timeout: 30_000 });
      await offering.getByRole('button', { name: t.request }).click();
      await page.getByTestId(`requested-${code}`).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/offering/registration');
      expect(await page.getByTestId('only-payments-notice').count()).toBe(0);
      await settle(page);
      await screenshot(page, 'finance-registered', lang);

      // 5. The wallet page lists every movement, newest first, with the balance each left.
      await go(page, '/my_credit');
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(paid.movements.length);
      const shown = await rows.allInnerTexts();
      const money = (n: unknown) =>
        Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      paid.movements.forEach((m, i) => {
        expect(shown[i], `wallet row ${i}`).toContain(money(m.amount));
        expect(shown[i], `wallet row ${i}`).toContain(money(m.balance_after));
      });
      expect(shown[0]).toContain(t.payment);
      expect(shown[1]).toContain(t.charged);
      await settle(page);
      await screenshot(page, 'finance-wallet', lang);

      expect(errors.filter((e) => !/status of (4\d\d)/.test(e))).toEqual([]);
    }, 600_000);

    test(`${lang}: the finance officer's row of /payments opens the invoice, not the student's pay page`, async () => {
      const t = T[lang];
      const context = await newContext(browser, server.url, lang);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/login');
      await signIn(page, DEMO.finance, lang);
      await appReady(page);
      await go(page, '/payments');
      const first = page.locator('tbody tr').first();
      await first.waitFor({ timeout: 20_000 });
      await first.locator('td').first().click();
      await page.waitForURL(/\/payments\/\d+$/, { timeout: 20_000 });
      await appReady(page);
      await page.getByRole('heading', { level: 1, name: t.invoice, exact: true }).waitFor({ timeout: 20_000 });
      await settle(page);
      await screenshot(page, 'finance-officer-invoice', lang);
    }, 300_000);
  }
});
