/**
 * Chat end to end, in chromium, in English and then in Arabic, against the real server on the demo
 * university (server/domains/chat, engine/plugins/chat), with two browser contexts at once:
 *   1. the demo student sees the unread count in the top bar (the advisor's last demo message),
 *      opens /my-chat and the conversation with their advisor; the count drops to 0;
 *   2. the advisor, signed in in another context, has the same conversation open;
 *   3. the student writes: the message appears on the advisor's page without a reload, and the
 *      student sees it marked read; the advisor answers (in the other language's script) and the
 *      answer appears live on the student's page, each message in its own direction;
 *   4. the student's new-conversation dialog (/chat) lists whom they may reach.
 * Screenshots in both languages: tests/e2e/artifacts/chat-*.
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
const api = <T = any>(who: string, method: string, url: string, body?: unknown): Promise<T> =>
  apiCall<T>(server.url, tokens[who], method, url, body);

const T = {
  en: {
    read: 'Read',
    advisor: 'Advisor',
    support: 'Support',
    studentSays: 'Dr., can we move Sunday’s meeting to 12:00?',
    advisorSays: 'نعم، الساعة 12 مناسبة. See you then.',
  },
  ar: {
    read: 'قُرئت',
    advisor: 'المرشد الأكاديمي',
    support: 'الدعم الفني',
    studentSays: 'دكتور، هل يمكن تأجيل موعد الأحد إلى الساعة 12؟',
    advisorSays: 'Yes, 12:00 works. أراك حينها.',
  },
} as const;

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

async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.waitForTimeout(400);
  await screenshot(page, `chat-${name}`, lang);
}

const badgeCount = async (page: Page) =>
  Number((await page.getByTestId('chat-badge').locator('[data-count]').getAttribute('data-count')) ?? -1);
const realErrors = (errors: string[]) => errors.filter((e) => !/status of (4\d\d)/.test(e));

describe.skipIf(!E2E_ENABLED).sequential('e2e: chat', () => {
  let chatId = 0;

  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 240_000 });
    browser = await launchBrowser();
    tokens.student = await apiLogin(server.url, DEMO.student);
    tokens.advisor = await apiLogin(server.url, DEMO.advisor);
    tokens.registrar = await apiLogin(server.url, DEMO.registrar);
    const mine = await api<{ data: Array<{ id: number; members: Array<{ id: number }> }> }>(
      'student',
      'GET',
      '/chats/mine',
    );
    chatId = mine.data[0]!.id;
  }, 600_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    const t = T[lang];
    let student: { page: Page; errors: string[] };
    let advisor: { page: Page; errors: string[] };

    test(`${lang}: the student sees the unread count and opens the conversation with their advisor`, async () => {
      if (lang === 'ar') {
        // the English run read everything: the advisor writes again so there is something unread
        await api('advisor', 'POST', `/chats/${chatId}/messages`, { body: 'تذكير: الموعد يوم الأحد.' });
      }
      student = await signedIn(DEMO.student, lang);
      const page = student.page;
      await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBeGreaterThan(0);
      await shot(page, 'badge', lang);
      await page.getByTestId('chat-badge').click();
      await page.waitForURL(/\/my-chat$/);
      await page.locator(`[data-testid="chat-list-item"][data-chat="${chatId}"]`).waitFor();
      expect(
        Number(await page.locator(`[data-testid="chat-list-item"][data-chat="${chatId}"]`).getAttribute('data-unread')),
      ).toBeGreaterThan(0);
      await shot(page, 'list', lang);
      await page.locator(`[data-testid="chat-list-item"][data-chat="${chatId}"]`).click();
      await page.waitForURL(new RegExp(`/chat/message/${chatId}$`));
      await page.getByTestId('chat-message').first().waitFor();
      // each message takes its own direction
      expect(await page.locator('[data-testid="chat-message"] [dir="auto"]').count()).toBeGreaterThan(3);
      await expect.poll(async () => (await api('student', 'GET', '/users/live-data')).chat_notification_count).toBe(0);
      await shot(page, 'conversation', lang);
    });

    test(`${lang}: a message goes live to the advisor's open page, is read, and the answer comes back live`, async () => {
      advisor = await signedIn(DEMO.advisor, lang);
      await advisor.page.goto(`/chat/message/${chatId}`);
      await advisor.page.getByTestId('chat-message').first().waitFor({ timeout: 20_000 });
      // both pages have their stream open before the student writes
      await student.page.waitForTimeout(1000);

      await student.page.getByTestId('chat-input').fill(t.studentSays);
      await student.page.getByTestId('chat-send').click();
      await advisor.page.getByTestId('chat-messages').getByText(t.studentSays).waitFor({ timeout: 10_000 });
      // the advisor's page has it open and visible: the student sees it read
      await student.page
        .locator('[data-testid="chat-receipt"][data-receipt="all"]', { hasText: t.read })
        .waitFor({ timeout: 10_000 });
      await shot(student.page, 'read-receipt', lang);

      await advisor.page.getByTestId('chat-input').fill(t.advisorSays);
      await advisor.page.getByTestId('chat-input').press('Enter');
      const answer = student.page.getByTestId('chat-messages').getByText(t.advisorSays);
      await answer.waitFor({ timeout: 10_000 });
      expect(await answer.getAttribute('dir')).toBe('auto');
      await shot(student.page, 'live-answer', lang);
      await shot(advisor.page, 'advisor', lang);
      expect(realErrors(student.errors)).toEqual([]);
      expect(realErrors(advisor.errors)).toEqual([]);
    });

    test(`${lang}: the new-conversation dialog lists whom the student may reach`, async () => {
      const page = student.page;
      await page.goto('/chat');
      const dialog = page.getByTestId('chat-new-dialog');
      await dialog.waitFor({ timeout: 20_000 });
      await dialog.getByTestId('chat-contact').first().waitFor();
      await expect.poll(async () => dialog.getByText(t.advisor, { exact: true }).count()).toBeGreaterThan(0);
      expect(await dialog.getByText(t.support, { exact: true }).count()).toBeGreaterThan(0);
      await shot(page, 'new-dialog', lang);
    });

    test(`${lang}: a moderator reads every conversation and a ticket reads as a chat`, async () => {
      const staff = await signedIn(DEMO.registrar, lang);
      const page = staff.page;
      await page.goto('/chats');
      await page.getByTestId('chat-all-row').first().waitFor({ timeout: 20_000 });
      await shot(page, 'moderation-list', lang);
      await page.getByTestId('chat-all-row').first().click();
      await page.waitForURL(/\/chats\/\d+\/show\/\d+$/);
      await page.getByTestId('chat-message').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('chat-moderate').count()).toBe(1);
      expect(await page.getByTestId('chat-input').count()).toBe(0); // not a member: reads only
      await shot(page, 'moderation-show', lang);

      const tickets = await api<{ data: Array<{ id: number }> }>('student', 'POST', '/tickets/mine', {});
      await student.page.goto(`/tickets/chats/${tickets.data[0]!.id}`);
      await student.page
        .getByTestId('ticket-chat-screen')
        .getByTestId('chat-message')
        .first()
        .waitFor({ timeout: 20_000 });
      await shot(student.page, 'ticket', lang);
    });
  }
});
