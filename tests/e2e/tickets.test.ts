/**
 * Support tickets end to end, in chromium, in English and then in Arabic, against the real server
 * on the demo university (server/domains/tickets, screens/services/ticket*.yaml). Each language:
 *   1. the student opens a ticket on /my-tickets/add (type, subject, description, a PNG) and the
 *      form's submit.next shows it on /my-tickets/{id}, Open;
 *   2. the registrar (the demo's ticket desk) finds it on /tickets, answers asking for details
 *      (Awaiting reply);
 *   3. the student sees the question in the conversation table and replies (In progress);
 *   4. the registrar answers and resolves it in one go; the student sees Resolved, with Reopen
 *      offered and Reply gone; the student got a mail for each staff answer.
 * Screenshots of each page in both languages: tests/e2e/artifacts/tickets-*.
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

const api = <T = any>(who: string, method: string, url: string, body?: unknown): Promise<T> =>
  apiCall<T>(server.url, tokens[who], method, url, body);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ST = { open: 0, in_progress: 1, awaiting_reply: 2, resolved: 4 };

const T = {
  en: {
    newTicket: 'New ticket',
    technical: 'Technical support',
    subject: 'Subject',
    description: 'Description',
    save: 'Save',
    open: 'Open',
    awaiting: 'Awaiting reply',
    inProgress: 'In progress',
    resolved: 'Resolved',
    answer: 'Answer',
    reply: 'Reply',
    yourReply: 'Your reply',
    reopen: 'Reopen',
    close: 'Close the ticket',
    conversation: 'Conversation',
    support: 'Support team',
    subjectText: 'Wi-Fi does not accept my password',
    descriptionText: 'Since yesterday the campus Wi-Fi refuses my portal password.',
    question: 'Which building are you in, and which device do you use?',
    studentAnswer: 'Building B, with my phone (Android 14).',
    solution: 'We reset your Wi-Fi access: please try again.',
  },
  ar: {
    newTicket: 'تذكرة جديدة',
    technical: 'دعم فني',
    subject: 'الموضوع',
    description: 'الوصف',
    save: 'حفظ',
    open: 'مفتوحة',
    awaiting: 'بانتظار الرد',
    inProgress: 'قيد المعالجة',
    resolved: 'تم حلها',
    answer: 'رد',
    reply: 'رد',
    yourReply: 'ردك',
    reopen: 'إعادة فتح',
    close: 'إغلاق التذكرة',
    conversation: 'المحادثة',
    support: 'فريق الدعم',
    subjectText: 'شبكة الواي فاي لا تقبل كلمة المرور',
    descriptionText: 'منذ أمس ترفض شبكة الجامعة كلمة مرور البوابة.',
    question: 'في أي مبنى أنت، وما الجهاز الذي تستخدمه؟',
    studentAnswer: 'المبنى ب، من هاتفي (أندرويد 14).',
    solution: 'أعدنا ضبط دخولك إلى الشبكة: حاول مرة أخرى.',
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
  await screenshot(page, `tickets-${name}`, lang);
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

const statusBadge = (page: Page, text: string) => page.locator('.MuiChip-root', { hasText: text });
const ticketStatus = async (id: number) =>
  Number((await api('registrar', 'GET', `/tickets/details/${id}`)).data.status_id);
const realErrors = (errors: string[]) => errors.filter((e) => !/status of (4\d\d)/.test(e));

describe.skipIf(!E2E_ENABLED).sequential('e2e: support tickets', () => {
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
    let ticketId = 0;
    let student: { page: Page; errors: string[] };
    let staff: { page: Page; errors: string[] };

    test(`${lang}: the student opens a ticket with an attachment`, async () => {
      student = await signedIn(DEMO.student, lang);
      const page = student.page;
      await go(page, '/my-tickets');
      // the demo's tickets in several statuses
      await statusBadge(page, t.resolved).first().waitFor();
      await shot(page, 'student-list', lang);
      await page.getByRole('button', { name: t.newTicket, exact: true }).click();
      await page.waitForURL(/\/my-tickets\/add$/);
      await appReady(page);
      await page.getByRole('radio', { name: t.technical, exact: true }).check();
      await page.getByLabel(t.subject).fill(t.subjectText);
      await page.getByLabel(t.description).fill(t.descriptionText);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-ticket-')), 'wifi-error.png');
      fs.writeFileSync(file, PNG);
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByText('wifi-error.png').first().waitFor();
      await shot(page, 'new-form', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      // submit.next: the new ticket's own page
      await page.waitForURL(/\/my-tickets\/\d+$/, { timeout: 20_000 });
      ticketId = Number(new URL(page.url()).pathname.split('/').pop());
      await appReady(page);
      await statusBadge(page, t.open).first().waitFor();
      const details = (await api('student', 'GET', `/tickets/details/${ticketId}`)).data;
      expect(details).toMatchObject({ subject: t.subjectText, type_id: 1, status_id: ST.open, is_owner: true });
      expect(details.code).toMatch(/^TKT-\d{6}$/);
      expect(details.conversation[0]).toMatchObject({ action: 'open', attachment: 'wifi-error.png' });
      await page.getByRole('table', { name: t.conversation }).getByText('wifi-error.png').waitFor();
      await shot(page, 'student-open', lang);
      expect(realErrors(student.errors)).toEqual([]);
    });

    test(`${lang}: staff find it and ask for details`, async () => {
      expect(ticketId).toBeGreaterThan(0);
      staff = await signedIn(DEMO.registrar, lang);
      const page = staff.page;
      await go(page, '/tickets');
      const code = String((await api('registrar', 'GET', `/tickets/details/${ticketId}`)).data.code);
      await page.getByRole('row').filter({ hasText: code }).first().waitFor();
      await shot(page, 'staff-list', lang);
      await page.getByRole('row').filter({ hasText: code }).first().click();
      await page.waitForURL(new RegExp(`/tickets/show/${ticketId}$`));
      await appReady(page);
      await page.getByRole('button', { name: t.answer, exact: true }).waitFor();
      await shot(page, 'staff-open', lang);
      await page.getByRole('button', { name: t.answer, exact: true }).click();
      await page.waitForURL(new RegExp(`/tickets/reply/${ticketId}$`));
      await appReady(page);
      await page.locator('textarea').first().fill(t.question);
      await page.getByRole('radio', { name: t.awaiting, exact: true }).check();
      await shot(page, 'staff-answer-form', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.waitForURL(new RegExp(`/tickets/show/${ticketId}$`), { timeout: 20_000 });
      await appReady(page);
      await statusBadge(page, t.awaiting).first().waitFor();
      expect(await ticketStatus(ticketId)).toBe(ST.awaiting_reply);
      await shot(page, 'staff-asked', lang);
    });

    test(`${lang}: the student reads the question and answers`, async () => {
      const page = student.page;
      await go(page, `/my-tickets/${ticketId}`);
      const conversation = page.getByRole('table', { name: t.conversation });
      await conversation.getByText(t.question).waitFor();
      await expect.poll(async () => conversation.getByText(t.support).count()).toBeGreaterThan(0);
      await statusBadge(page, t.awaiting).first().waitFor();
      await shot(page, 'student-asked', lang);
      await page.getByRole('button', { name: t.reply, exact: true }).click();
      await page.waitForURL(new RegExp(`/my-tickets/${ticketId}/reply$`));
      await appReady(page);
      await page.getByLabel(t.yourReply).fill(t.studentAnswer);
      await shot(page, 'student-reply-form', lang);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.waitForURL(new RegExp(`/my-tickets/${ticketId}$`), { timeout: 20_000 });
      await appReady(page);
      await page.getByRole('table', { name: t.conversation }).getByText(t.studentAnswer).waitFor();
      await statusBadge(page, t.inProgress).first().waitFor();
      expect(await ticketStatus(ticketId)).toBe(ST.in_progress);
    });

    test(`${lang}: staff answer and resolve; the student sees Resolved`, async () => {
      const page = staff.page;
      await go(page, `/tickets/reply/${ticketId}`);
      await page.locator('textarea').first().fill(t.solution);
      await page.getByRole('radio', { name: t.resolved, exact: true }).check();
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.waitForURL(new RegExp(`/tickets/show/${ticketId}$`), { timeout: 20_000 });
      await appReady(page);
      await statusBadge(page, t.resolved).first().waitFor();
      // nothing left to do for staff on a resolved ticket
      expect(await page.getByRole('button', { name: t.answer, exact: true }).count()).toBe(0);
      await shot(page, 'staff-resolved', lang);

      const own = student.page;
      await go(own, `/my-tickets/${ticketId}`);
      await statusBadge(own, t.resolved).first().waitFor();
      await own.getByRole('table', { name: t.conversation }).getByText(t.solution).waitFor();
      await own.getByRole('button', { name: t.reopen, exact: true }).waitFor();
      expect(await own.getByRole('button', { name: t.reply, exact: true }).count()).toBe(0);
      expect(await own.getByRole('button', { name: t.close, exact: true }).count()).toBe(0);
      await shot(own, 'student-resolved', lang);
      await own.setViewportSize({ width: 390, height: 844 });
      await shot(own, 'student-resolved-phone', lang);
      await own.setViewportSize({ width: 1366, height: 900 });
      const conversation = (await api('student', 'GET', `/tickets/details/${ticketId}`)).data.conversation;
      expect(conversation.map((c: any) => c.action)).toEqual(['open', 'ask', 'reply', 'resolve']);
      expect(realErrors([...student.errors, ...staff.errors])).toEqual([]);
    });
  }
});
