/**
 * Registration end to end, in chromium, in English and then in Arabic, against the real server on
 * the demo university: the demo student requests three offerings on /offering/registration;
 * one is refused for a prerequisite and one for a clash (both shown before requesting and
 * refused with the server's message when requested anyway); the advisor accepts the third with
 * a note on /advisor-students; the student sees it registered. The term's windows are then
 * moved through the API (as the administrator): in the add/drop window the student drops it,
 * later, in the withdrawal window, withdraws one of their other courses (the advisor accepts
 * both through the API). The academic pages show grades and the plan; the registration PDF
 * downloads. Screenshots of every page in both languages go to tests/e2e/artifacts/.
 *
 * The offerings are made for the test through the generic resource API (three courses in the
 * student's study plan, with a prerequisite the student never passed and two sections that
 * overlap on Friday, when the demo timetable has no class), so the refusals do not depend on
 * how the demo's random data fell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  apiLogin,
  appReady,
  ARTIFACTS,
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
let clientCopy: string | undefined;
let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens: Record<string, string> = {};
/** Every page opened, for the screenshots of a failure. */
const pages: Page[] = [];
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/** One API call as `who` (a token of tokens{}); throws on a status other than 2xx with the body. */
const api = <T = any>(who: string, method: string, url: string, body?: unknown): Promise<T> =>
  apiCall<T>(server.url, tokens[who], method, url, body);

const login = (email: string): Promise<string> => apiLogin(server.url, email);

/** A page signed in as `email` in `lang` (the login form the first time, its cookies afterwards). */
async function signedIn(email: string, lang: Lang): Promise<{ page: Page; errors: string[] }> {
  const state = sessions.get(email);
  const context = await newContext(browser, server.url, lang, state);
  contexts.push(context);
  context.setDefaultTimeout(30_000); // the machine is shared: a sign-in can take a while
  const page = await context.newPage();
  pages.push(page);
  // A native dialog would mean a confirmation bypassed the portal's own (MUI) dialog: refuse it.
  page.on('dialog', (dialog) => void dialog.dismiss());
  const { errors } = watchPage(page);
  if (!state) {
    await page.goto('/login');
    await signIn(page, email, lang);
    await appReady(page);
    sessions.set(email, await context.storageState());
  }
  return { page, errors };
}

async function go(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await appReady(page);
  await expect.poll(async () => page.getByRole('progressbar').count(), { timeout: 20_000 }).toBe(0);
}

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Window = 'registration' | 'add_drop' | 'withdraw';

/** Opens one window of the current term today and puts the others in the past or the future. */
async function openWindow(termId: number, window: Window): Promise<void> {
  const around = (open: boolean, later: number) => (open ? [iso(-1), iso(1)] : [iso(later), iso(later + 5)]);
  const [rs, re] = window === 'registration' ? around(true, 0) : [iso(-30), iso(-20)];
  const [as, ae] =
    window === 'add_drop' ? around(true, 0) : window === 'withdraw' ? [iso(-15), iso(-10)] : around(false, 10);
  const [ws, we] = window === 'withdraw' ? around(true, 0) : around(false, 30);
  await api('admin', 'PUT', `/terms/${termId}`, {
    registration_start: rs,
    registration_end: re,
    add_drop_start: as,
    add_drop_end: ae,
    withdraw_start: ws,
    withdraw_end: we,
  });
}

interface Fixture {
  codes: { ok: string; prerequisite: string; clash: string };
}

/**
 * Three offerings of the current term in the student's plan: `ok` (Friday 08:30-10:00),
 * `clash` (Friday 09:00-10:30, overlapping `ok`; the Arabic run uses the afternoon) and `prerequisite` (needs a course the
 * student never took). Codes carry the language so both runs have their own.
 */
async function makeOfferings(
  lang: Lang,
  ctx: { termId: number; facultyId: number; programId: number },
): Promise<Fixture> {
  const tag = lang.toUpperCase();
  const codes = { ok: `E2E${tag}1`, prerequisite: `E2E${tag}2`, clash: `E2E${tag}3` };
  const names: Record<string, [string, string]> = {
    [codes.ok]: ['Cloud Computing', 'الحوسبة السحابية'],
    [codes.prerequisite]: ['Distributed Systems', 'النظم الموزعة'],
    [codes.clash]: ['Compiler Design', 'تصميم المترجمات'],
    [`E2E${tag}9`]: ['Parallel Computing', 'الحوسبة المتوازية'],
  };
  const ids: Record<string, number> = {};
  for (const [code, [name, nameLocal]] of Object.entries(names)) {
    const course = await api('admin', 'PUT', '/courses', {
      faculty_id: ctx.facultyId,
      code,
      name,
      name_local: nameLocal,
      credit_hours: 3,
      level: 1,
      required_passed_hours: 0,
    });
    ids[code] = Number(course.data.id);
  }
  await api('admin', 'PUT', '/course_prerequisites', {
    course_id: ids[codes.prerequisite],
    prerequisite_id: ids[`E2E${tag}9`],
  });
  // Each language its own hours, so one run's courses never clash with the other's.
  const at =
    lang === 'en'
      ? ['08:30', '10:00', '09:00', '10:30', '12:00', '13:30']
      : ['14:00', '15:30', '14:30', '16:00', '17:00', '18:30'];
  const friday: Record<string, [string, string]> = {
    [codes.ok]: [at[0]!, at[1]!],
    [codes.clash]: [at[2]!, at[3]!],
    [codes.prerequisite]: [at[4]!, at[5]!],
  };
  for (const code of Object.values(codes)) {
    await api('admin', 'PUT', '/study_plan_courses', {
      program_id: ctx.programId,
      course_id: ids[code],
      level: 1,
      required: true,
      semester: 1,
      category_id: 3,
    });
    const offering = await api('admin', 'PUT', '/offerings', {
      course_id: ids[code],
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
    const [start, end] = friday[code]!;
    await api('admin', 'PUT', '/slots', {
      section_id: Number(section.data.id),
      day: 7,
      start_time: start,
      end_time: end,
      kind_id: 1,
    });
  }
  return { codes };
}

const T = {
  en: {
    request: 'Request',
    accept: 'Accept',
    drop: 'Drop',
    withdraw: 'Withdraw',
    registered: 'Registered',
    dropRequest: 'Add-Drop request',
    withdrawRequest: 'Withdraw request',
    clash: /clashes with/i,
    prerequisite: /You must pass E2EEN9/,
    note: 'Approved: keep up the good work',
    termGrades: 'Term grades',
    studyPlan: 'Study plan',
    dropped: 'Dropped',
    withdrawn: 'Withdrawn',
    confirm: 'Confirm',
  },
  ar: {
    request: 'طلب التسجيل',
    accept: 'قبول',
    drop: 'حذف',
    withdraw: 'انسحاب',
    registered: 'مسجل',
    dropRequest: 'طلب حذف وإضافة',
    withdrawRequest: 'طلب انسحاب',
    clash: /يتعارض/,
    prerequisite: /يجب اجتياز E2EAR9/,
    note: 'تمت الموافقة: بالتوفيق',
    termGrades: 'درجات الفصول',
    studyPlan: 'الخطة الدراسية',
    dropped: 'محذوف',
    withdrawn: 'منسحب',
    confirm: 'تأكيد',
  },
} as const;

/** Accepts the portal's confirmation dialog (an MUI dialog in the page's language, not the browser's). */
async function confirmInDialog(page: Page, confirm: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The registration page, settled on the student's courses (outside the registration and add/drop windows no offering is listed). */
async function registrationPage(page: Page, offerings = false): Promise<void> {
  await go(page, '/offering/registration');
  await page.getByTestId('requested-table').waitFor({ timeout: 30_000 });
  if (offerings) await page.getByTestId('offerings-table').waitFor({ timeout: 30_000 });
}

async function outcomeOf(row: Locator): Promise<string> {
  const outcome = row.getByTestId('offering-outcome');
  await outcome.waitFor({ timeout: 30_000 });
  return outcome.innerText();
}

let ctx: { termId: number; facultyId: number; programId: number; studentId: number; studentCode: string };
/** Demo courses the student already held before the test (one is withdrawn per language). */
let heldBefore: Array<{ id: number; code: string }> = [];

describe.skipIf(!E2E_ENABLED).sequential('e2e: course registration, advising and academic records', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    // A private copy: another test file's build of newer sources deletes older builds
    // (setup.ts keeps one), which would pull the client from under this server mid-run.
    clientCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-e2e-registration-client-'));
    fs.cpSync(build.dir, clientCopy, { recursive: true });
    server = await startServer({ clientDir: clientCopy, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 240_000 });
    browser = await launchBrowser();
    for (const who of ['admin', 'student', 'advisor'] as const) tokens[who] = await login(DEMO[who]);
    const profile = await api('student', 'GET', '/users/profile');
    const studentId = Number(profile.data.student_id);
    const student = (await api('student', 'GET', `/students/${studentId}`)).data;
    const terms = await api('student', 'GET', '/system/current-terms');
    ctx = {
      termId: Number(terms.current_term.id),
      facultyId: Number(student.faculty_id),
      programId: Number(student.program_id),
      studentId,
      studentCode: String(student.code),
    };
    await openWindow(ctx.termId, 'registration');
    const requested = await api('student', 'GET', `/registrations/students/requested-offerings?term_id=${ctx.termId}`);
    heldBefore = (requested.data as any[])
      .filter((r) => r.status_code === 2)
      .map((r) => ({ id: Number(r.id), code: String(r.course.code) }));
    expect(heldBefore.length).toBeGreaterThanOrEqual(2);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  }, 600_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (clientCopy) fs.rmSync(clientCopy, { recursive: true, force: true });
  });

  for (const [index, lang] of (['en', 'ar'] as const).entries()) {
    test(`${lang}: request three offerings, two refused with their messages, advisor accepts, drop, withdraw, records, PDF`, async () => {
      try {
        await scenario(lang, index);
      } catch (error) {
        // What each open page showed when the step failed.
        for (const [n, p] of pages.entries())
          await p
            .screenshot({ path: path.join(ARTIFACTS, `registration-failure-${n}-${lang}.png`), fullPage: true })
            .catch(() => undefined);
        throw error;
      }
    }, 600_000);
  }
});

async function scenario(lang: Lang, index: number): Promise<void> {
  const t = T[lang];
  await openWindow(ctx.termId, 'registration');
  const { codes } = await makeOfferings(lang, ctx);

  // 1. The student requests the three offerings.
  const student = await signedIn(DEMO.student, lang);
  const page = student.page;
  await registrationPage(page, true);
  expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  const row = (code: string) => page.getByTestId(`offering-${code}`);
  // The prerequisite problem is shown before requesting.
  await expect
    .poll(() => row(codes.prerequisite).getByTestId('offering-problem').allInnerTexts())
    .toEqual([expect.stringMatching(t.prerequisite)]);
  await row(codes.ok).getByRole('button', { name: t.request }).click();
  await page.getByTestId(`requested-${codes.ok}`).waitFor({ timeout: 30_000 });
  expect(await outcomeOf(row(codes.ok))).not.toBe('');
  expect(await row(codes.ok).getByTestId('offering-outcome').getAttribute('class')).toContain('Success');
  // Now that `ok` is held, the overlapping offering shows the clash before it is requested.
  await expect.poll(() => row(codes.clash).getByTestId('offering-clash').count()).toBeGreaterThan(0);
  expect(await row(codes.clash).getByTestId('offering-clash').first().innerText()).toContain(codes.ok);
  // Neither is offered to request: the reason stands beside it (the server would refuse both).
  expect(await row(codes.clash).getByRole('button', { name: t.request }).isDisabled()).toBe(true);
  expect(await row(codes.prerequisite).getByRole('button', { name: t.request }).isDisabled()).toBe(true);
  expect(await page.getByTestId(`requested-${codes.clash}`).count()).toBe(0);
  expect(await page.getByTestId(`requested-${codes.prerequisite}`).count()).toBe(0);
  await screenshot(page, 'registration-requests', lang);

  // 2. The advisor accepts the request with a note.
  const advisor = await signedIn(DEMO.advisor, lang);
  await go(advisor.page, '/advisor-students');
  const card = advisor.page.getByTestId(`advisee-${ctx.studentCode}`);
  await card.waitFor({ timeout: 30_000 });
  await card.getByRole('textbox').fill(t.note);
  await screenshot(advisor.page, 'advisor-requests', lang);
  await card
    .getByTestId(`request-${ctx.studentCode}-${codes.ok}`)
    .getByRole('button', { name: t.accept, exact: true })
    .click();
  await advisor.page.getByTestId('advisor-message').waitFor({ timeout: 30_000 });
  expect(await advisor.page.getByTestId('advisor-message').getAttribute('class')).toContain('Success');

  // 3. The student sees it registered, with the note.
  await registrationPage(page);
  const mine = page.getByTestId(`requested-${codes.ok}`);
  await expect.poll(() => mine.innerText()).toContain(t.registered);
  expect(await mine.innerText()).toContain(t.note);
  // The status badge says it once: the flag of the same name beside it is not drawn again.
  expect((await mine.innerText()).split(t.registered).length - 1).toBe(1);
  await screenshot(page, 'registration-registered', lang);

  // 4. Add/drop window: the student drops it; the advisor accepts the drop.
  await openWindow(ctx.termId, 'add_drop');
  await registrationPage(page);
  await page.getByTestId(`requested-${codes.ok}`).getByRole('button', { name: t.drop, exact: true }).click();
  await confirmInDialog(page, t.confirm);
  await expect
    .poll(() => page.getByTestId(`requested-${codes.ok}`).innerText(), { timeout: 30_000 })
    .toContain(t.dropRequest);
  const dropId = (
    (await api('student', 'GET', `/registrations/students/requested-offerings?term_id=${ctx.termId}`)).data as any[]
  ).find((r) => r.course.code === codes.ok).id;
  await api('advisor', 'PUT', '/registrations/students/accept-requested-offering', { id: dropId });
  await registrationPage(page);
  await expect.poll(() => page.getByTestId(`requested-${codes.ok}`).innerText()).toContain(t.dropped);
  await screenshot(page, 'registration-add-drop', lang);

  // 5. Withdrawal window: the student withdraws one of their other courses.
  await openWindow(ctx.termId, 'withdraw');
  await registrationPage(page);
  const other = heldBefore[index]!;
  await page.getByTestId(`requested-${other.code}`).getByRole('button', { name: t.withdraw, exact: true }).click();
  await confirmInDialog(page, t.confirm);
  await expect
    .poll(() => page.getByTestId(`requested-${other.code}`).innerText(), { timeout: 30_000 })
    .toContain(t.withdrawRequest);
  await api('advisor', 'PUT', '/registrations/students/accept-requested-offering', { id: other.id });
  await registrationPage(page);
  await expect.poll(() => page.getByTestId(`requested-${other.code}`).innerText()).toContain(t.withdrawn);
  await screenshot(page, 'registration-withdraw', lang);

  // 6. The registration PDF downloads.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId('registration-pdf').click(),
  ]);
  expect(download.suggestedFilename()).toBe('student_registrations.pdf');
  const pdf = path.join(ARTIFACTS, `student_registrations-${lang}.pdf`);
  await download.saveAs(pdf);
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

  // 7. The academic pages: grades and plan.
  await go(page, '/student-academic');
  const terms = page.getByTestId('terms-grades');
  await terms.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  expect(await terms.innerText()).toMatch(/\b(A|A-|B\+|B|C\+|C|D\+|D|F)\b/);
  await screenshot(page, 'student-academic-grades', lang);
  await page.getByRole('tab', { name: t.studyPlan }).click();
  const plan = page.getByTestId('study-plan');
  await plan.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  expect(await plan.innerText()).toContain(codes.ok);
  const planCodes = await plan.locator('tbody tr td:first-child').allInnerTexts();
  expect(new Set(planCodes).size).toBe(planCodes.length); // each course once in the plan
  await screenshot(page, 'student-academic-plan', lang);

  // 8. The other student pages, for the record and the screenshots.
  await go(page, '/myCourses');
  await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  expect(await page.locator('tbody').innerText()).not.toContain(codes.ok); // dropped: no longer held
  await screenshot(page, 'my-courses', lang);
  await page.locator('tbody tr').first().click();
  await page.getByTestId('my-course').getByRole('table').first().waitFor({ timeout: 30_000 });
  await screenshot(page, 'my-course', lang);
  await go(page, '/schedule');
  await page.getByTestId('day-1').waitFor({ timeout: 30_000 });
  await screenshot(page, 'schedule', lang);
  await go(page, '/my-exam-schedules');
  await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await screenshot(page, 'my-exam-schedules', lang);
  await go(page, '/student-profile');
  await page.getByTestId('student-photo').waitFor({ timeout: 30_000 });
  await screenshot(page, 'student-profile', lang);

  // 9. The staff student page with its registrations.
  const registrar = await signedIn(DEMO.registrar, lang);
  await go(registrar.page, `/students/${ctx.studentId}`);
  await registrar.page.getByTestId('student-current-courses').locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await registrar.page.getByTestId('terms-grades').locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await screenshot(registrar.page, 'students-show', lang);
  // Dates ("24 Nov 2026", engine/core/dates.ts) read in the language's order: in Arabic the day at
  // the right and the year at the left, in English the day left of the year.
  const dates = await registrar.page.locator('bdi').evaluateAll((all) =>
    all.flatMap((bdi) => {
      const node = bdi.firstChild;
      const text = bdi.textContent ?? '';
      if (!node || node.nodeType !== Node.TEXT_NODE || !/^\d{1,2}\D+\d{4}$/.test(text)) return [];
      const rect = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, to);
        return range.getBoundingClientRect();
      };
      const first = rect(0, text.search(/\D/));
      const year = rect(text.length - 4, text.length);
      return [{ text, firstLeft: first.left, firstRight: first.right, yearLeft: year.left, yearRight: year.right }];
    }),
  );
  expect(dates.length, 'dates on the student page').toBeGreaterThan(0);
  for (const d of dates) {
    if (lang === 'ar')
      expect(d.firstLeft, `${JSON.stringify(d.text)} reads right to left`).toBeGreaterThanOrEqual(d.yearRight);
    else expect(d.firstRight, `${JSON.stringify(d.text)} reads left to right`).toBeLessThanOrEqual(d.yearLeft);
  }

  for (const errors of [student.errors, advisor.errors, registrar.errors]) {
    expect(errors.filter((e) => !/status of (4\d\d|503)/.test(e))).toEqual([]);
  }
}
