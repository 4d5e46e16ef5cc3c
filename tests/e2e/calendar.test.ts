/**
 * The calendar end to end, in chromium, in English and then in Arabic, against the real server
 * on the demo university. Each language:
 *   1. the demo student opens /calendar: their week of lectures with the kind filter (all kinds
 *      selected); turning Lecture off hides the lectures; the month view names the month in the
 *      page's language and is drawn right to left in Arabic;
 *   2. the registrar opens the student's section's timetable (/calendar?type=section&id=...) and
 *      moves a lecture by keyboard into the room's next slot (arranged through the API): refused,
 *      with the reason shown; Shift+Up shortens it instead: saved;
 *   3. the student's calendar shows the shortened lecture.
 * Screenshots of each step in both languages: tests/e2e/artifacts/calendar-*.
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
  en: { title: 'Calendar', lecture: 'Lecture', month: 'Month', refused: 'The change was not saved: ' },
  ar: { title: 'التقويم', lecture: 'محاضرة', month: 'شهر', refused: 'لم يتم حفظ التغيير: ' },
} as const;

interface Ev {
  id: string;
  source: string;
  source_id: number;
  kind_id: number | null;
  start: string;
  end: string;
  section_id: number | null;
}

async function open(lang: Lang, email: string, address: string): Promise<Page> {
  const context = await newContext(browser, server.url, lang);
  contexts.push(context);
  const p = await context.newPage();
  watchPage(p);
  await signIn(p, email, lang);
  await p.goto(address);
  await appReady(p);
  await p.locator('.fc-event').first().waitFor({ state: 'visible', timeout: 20_000 });
  return p;
}

const plus = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number);
  const total = h! * 60 + m! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

describe.skipIf(!E2E_ENABLED).sequential('e2e: calendar', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 540_000 });
    browser = await launchBrowser();
    tokens.student = await apiLogin(server.url, DEMO.student);
    tokens.registrar = await apiLogin(server.url, DEMO.registrar);
  }, 900_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`the student's calendar, its filter and views (${lang})`, async () => {
      const p = await open(lang, DEMO.student, '/calendar');
      await p.getByRole('heading', { name: T[lang].title }).waitFor();
      const lectures = p.locator('.fc-event[data-kind="1"]');
      expect(await lectures.count()).toBeGreaterThan(0);
      const chip = p.getByRole('button', { name: T[lang].lecture, exact: true });
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      await screenshot(p, 'calendar-week', lang);
      await chip.click();
      await expect.poll(() => lectures.count()).toBe(0);
      await chip.click();
      await p.getByRole('button', { name: T[lang].month, exact: true }).click();
      const title = (await p.locator('.fc-toolbar-title').textContent()) ?? '';
      const month = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { month: 'long' }).format(new Date());
      expect(title).toContain(month);
      expect(await p.locator('.fc').getAttribute('class')).toContain(
        lang === 'ar' ? 'fc-direction-rtl' : 'fc-direction-ltr',
      );
      await screenshot(p, 'calendar-month', lang);
    }, 120_000);

    test(`the registrar's keyboard move refused on a clash, then saved, and the student sees it (${lang})`, async () => {
      const mine = (await apiCall(server.url, tokens.student, 'POST', '/calendar', {})).data as Ev[];
      const today = new Date().toISOString().slice(0, 10);
      const lecture = mine.find((e) => e.source === 'slot' && e.kind_id === 1 && e.start.slice(0, 10) >= today)!;
      expect(lecture).toBeTruthy();
      const lookups = (
        await apiCall(server.url, tokens.registrar, 'GET', `/offering-schedules/get_lookups/${lecture.section_id}`)
      ).data;
      const slot = lookups.slots.find((s: { id: number }) => s.id === lecture.source_id);
      // A 15-minute slot of the same section in the same room right after the lecture (the demo's periods
      // leave 15 minutes between them): moving the lecture 15 minutes later clashes with it.
      const blocker = await fetch(`${server.url}/api/sis/offering-schedules`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens.registrar}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          section_id: lecture.section_id,
          day: slot.day,
          start_time: slot.end_time,
          end_time: plus(slot.end_time, 15),
          room_id: slot.room_id,
          kind_id: 3,
        }),
      });
      expect([201, 409]).toContain(blocker.status); // 409: made by the run in the other language

      const p = await open(lang, DEMO.registrar, `/calendar?type=section&id=${lecture.section_id}`);
      const event = p.locator(`[data-event-id="${lecture.id}"]`);
      await event.waitFor({ state: 'visible', timeout: 20_000 });
      await p.waitForLoadState('networkidle').catch(() => undefined);
      await event.focus();
      await expect.poll(() => event.evaluate((el) => document.activeElement === el)).toBe(true);
      await p.keyboard.press('ArrowDown');
      const alert = p.getByRole('alert').filter({ hasText: T[lang].refused });
      await alert.waitFor({ state: 'visible' });
      await screenshot(p, 'calendar-refused', lang);

      await event.focus();
      await p.keyboard.press('Shift+ArrowUp');
      await expect
        .poll(async () => {
          const now = (await apiCall(server.url, tokens.student, 'POST', '/calendar', {})).data as Ev[];
          return now.find((e) => e.id === lecture.id)?.end;
        })
        .toBe(`${lecture.end.slice(0, 11)}${plus(lecture.end.slice(11), -15)}`);
      await screenshot(p, 'calendar-moved', lang);
      // Back as it was for the next language.
      await apiCall(server.url, tokens.registrar, 'PUT', `/offering-schedules/${lecture.source_id}`, {
        day: slot.day,
        start_time: slot.start_time,
        end_time: slot.end_time,
      });
    }, 180_000);
  }
});
