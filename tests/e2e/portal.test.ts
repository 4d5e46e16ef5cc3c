/**
 * The portal in a real browser (Debian's chromium through playwright-core) against the
 * real server process on a fresh embedded database with the demo university: sign-in as a
 * student and as staff, a list (page, filter, search, reload), a staff page as a student, Arabic,
 * a 404 path, logout; a screenshot of every page in both languages under tests/e2e/artifacts/;
 * an axe-core scan (@axe-core/playwright) of the login page, a list, the students grid and two
 * forms in both languages (no serious or critical violation; the others are printed). One server
 * for the whole file.
 *
 * The generic list renderer is tested on /users (users-list: paging, a Faculty and a User type
 * filter, search, row actions), since /students is drawn by the spreadsheet grid plugin
 * (grid#Grid); /students keeps its menu, refusal, logout and axe checks as the grid.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, Result } from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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
  TEXT,
  watchPage,
  type Lang,
  type RunningServer,
} from './setup.ts';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(lang?: Lang): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, server.url, lang);
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: watchPage(page).errors };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<string, StorageState>();

/**
 * A page signed in as `email` in `lang`. The first time for an account it signs in through the
 * login form; later calls reuse that session's cookies (the sign-in itself is tested elsewhere,
 * and every sign-in costs an argon2 hash on a busy machine).
 */
async function signedIn(
  email: string,
  lang: Lang = 'en',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const state = sessions.get(email);
  if (!state) {
    const opened = await open(lang);
    await opened.page.goto('/login');
    await signIn(opened.page, email, lang);
    await appReady(opened.page);
    sessions.set(email, await opened.context.storageState());
    return opened;
  }
  const context = await newContext(browser, server.url, undefined, state);
  await context.addCookies([{ name: 'language', value: lang, url: server.url }]);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await appReady(page);
  return { context, page, errors: watchPage(page).errors };
}

/** The name of the signed-in user, from the session's `user` cookie. */
async function userName(context: BrowserContext, lang: Lang = 'en'): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'user');
  if (!cookie) throw new Error('no user cookie: not signed in');
  const user = JSON.parse(decodeURIComponent(cookie.value)) as { name: string; name_local?: string | null };
  // the portal names the user by the local name in Arabic (the welcome card, the avatar menu)
  return lang === 'ar' && user.name_local ? user.name_local : user.name;
}

/** The data rows of a list table, as text (one string per row). */
async function rowTexts(table: Locator): Promise<string[]> {
  return table.locator('tbody').getByRole('row').allInnerTexts();
}

/** The list's total from the real API (POST /api/sis/<resource>), with the session of `context`. */
async function apiTotal(
  context: BrowserContext,
  resource: string,
  body: Record<string, unknown> = {},
): Promise<number> {
  const token = (await context.cookies()).find((c) => c.name === 'token');
  if (!token) throw new Error('no token cookie: not signed in');
  const response = await fetch(`${server.url}/api/sis/${resource}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token.value)}` },
    body: JSON.stringify({ page: 1, perPage: 1, ...body }),
  });
  expect(response.status, `POST /api/sis/${resource}`).toBe(200);
  const json = (await response.json()) as { total?: number; meta?: { count?: number; total?: number } };
  const total = json.total ?? json.meta?.total ?? json.meta?.count;
  if (typeof total !== 'number') throw new Error(`no total in POST /api/sis/${resource}`);
  return total;
}

/** The students grid (grid#Grid on /students) once its first data row is drawn. */
async function gridSettled(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const grid = page.getByRole('grid', { name });
  await grid.waitFor({ timeout: 15_000 });
  await grid.locator('[data-r="0"] [role="gridcell"]').first().waitFor({ timeout: 15_000 });
}

/** Waits for the list to settle: no progress bar, at least one data row (or the empty state). */
async function listSettled(page: Page, table: Locator): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(async () => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
  await table.locator('tbody').getByRole('row').first().waitFor({ timeout: 15_000 });
}

/** Expands the side menu (collapsed to icons by default; the top bar's menu button toggles it). */
async function expandMenu(page: Page, lang: Lang): Promise<Locator> {
  const nav = page.getByRole('navigation');
  if (((await nav.boundingBox())?.width ?? 0) < 150) {
    await page.getByRole('button', { name: lang === 'en' ? 'Menu' : 'القائمة', exact: true }).click();
    await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  }
  return nav;
}

/** The "1–10 of 2400" text of the pagination. */
async function displayedRows(page: Page): Promise<string> {
  return (
    await page
      .getByText(/^\d[\d,]*–\d[\d,]* (of|من) \d/)
      .first()
      .innerText()
  ).trim();
}

function describeViolation(v: Result): string {
  const nodes = v.nodes
    .slice(0, 4)
    .map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 3).join(' / ').trim() ?? ''}`);
  return `  [${v.impact}] ${v.id} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n${nodes.join('\n')}${v.nodes.length > 4 ? '\n      …' : ''}`;
}

/** axe-core on the page as it is: fails on serious or critical violations, prints every violation. */
async function scan(page: Page, name: string, lang: Lang): Promise<void> {
  await page.waitForTimeout(400); // transitions settle (colour contrast reads the final colours)
  const results: AxeResults = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const other = results.violations.filter((v) => !blocking.includes(v));
  const lines = [
    `e2e a11y ${name} (${lang}) ${new URL(page.url()).pathname}: ${results.passes.length} rules pass, ${blocking.length} serious/critical, ${other.length} moderate/minor`,
  ];
  for (const v of [...blocking, ...other]) lines.push(describeViolation(v));
  console.log(lines.join('\n'));
  const summary = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, `serious/critical axe violations on ${name} (${lang})`).toEqual([]);
}

describe.skipIf(!E2E_ENABLED).sequential('e2e: the portal in chromium', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    // Many sign-ins from one address within a minute: lift the per-address limit for this file
    // (start.test.ts keeps the defaults).
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
    browser = await launchBrowser();
    console.log(
      `e2e portal: client ${build.ms ? `built in ${build.ms} ms` : 'reused'}, server healthy after ${server.startMs} ms at ${server.url}`,
    );
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  test('a logged-out visitor is sent to the login page; a demo student signs in and sees the student dashboard', async () => {
    const { context, page, errors } = await open();
    await page.goto('/');
    await appReady(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBeTruthy();
    await signIn(page, DEMO.student);
    await appReady(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const name = await userName(context);
    await page.getByText(`Welcome, ${name}`).waitFor();
    // The student's menu: the student area, no staff groups or pages.
    const nav = await expandMenu(page, 'en');
    await nav.getByRole('button', { name: 'Student', exact: true }).click();
    await nav.getByRole('link', { name: 'My profile' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Student affairs' }).count()).toBe(0);
    expect(await nav.getByRole('button', { name: 'Administration' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Students', exact: true }).count()).toBe(0);
    const pageErrors = errors.filter((e) => e.startsWith('pageerror'));
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    // A fresh sign-in shows no error: no error toast on the dashboard.
    await page.waitForTimeout(1000);
    expect(await page.getByRole('alert').allInnerTexts(), 'error toasts on the student dashboard').toEqual([]);
  });

  test('staff (the demo registrar) signs in and opens the Users list from the menu (and the Students grid)', async () => {
    const { context, page } = await open();
    await page.goto('/login');
    await signIn(page, DEMO.registrar);
    await appReady(page);
    await page.getByText(`Welcome, ${await userName(context)}`).waitFor();
    const nav = await expandMenu(page, 'en');
    await nav.getByRole('button', { name: 'Administration' }).click();
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/users**');
    const table = page.getByRole('table', { name: 'Users' });
    await listSettled(page, table);
    expect((await rowTexts(table)).length).toBe(10);
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true }).count()).resolves.toBe(1);
    // Students stays in the menu; it opens the spreadsheet grid (grid#Grid), not a list table.
    await nav.getByRole('button', { name: 'Student affairs' }).click();
    await nav.getByRole('link', { name: 'Students', exact: true }).click();
    await page.waitForURL('**/students**');
    await gridSettled(page, 'Students');
  });

  test('a list: the next page shows the next rows, with page=2 in the address', async () => {
    const { page, context } = await signedIn(DEMO.registrar);
    await page.goto('/users');
    await appReady(page);
    const table = page.getByRole('table', { name: 'Users' });
    await listSettled(page, table);
    const first = await rowTexts(table);
    const label = await displayedRows(page);
    // The demo university has 2,400 students (the finance demo adds an overdue one); each signs
    // in as a user of type 3, and the staff are users too: page 1 of many, the API's total.
    const students = await apiTotal(context, 'students');
    expect(students, 'students in the demo university').toBeGreaterThanOrEqual(2400);
    const studentUsers = await apiTotal(context, 'users', { filters: { type: 3 } });
    expect(studentUsers, 'student users').toBeGreaterThanOrEqual(students);
    const total = await apiTotal(context, 'users');
    expect(total, 'users: the students and the staff').toBeGreaterThan(studentUsers);
    // The count with thousands separators, as every number the portal shows.
    const digits = String(total).replace(/(\d)(?=(\d{3})+$)/g, '$1,');
    expect(label, 'pagination label of page 1').toMatch(new RegExp(`^1–10 of ${digits}$`));
    const next = page.getByRole('button', { name: /next page/i });
    expect(await next.isEnabled(), `"next page" must be enabled (pagination says "${label}")`).toBe(true);
    await next.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await listSettled(page, table);
    await expect.poll(() => rowTexts(table)).not.toEqual(first);
    expect(await displayedRows(page)).toMatch(/^11–20 of /);
  });

  test('a list: filter, reload: the same rows, filter and address', async () => {
    const { page } = await signedIn(DEMO.registrar);
    await page.goto('/users');
    await appReady(page);
    const table = page.getByRole('table', { name: 'Users' });
    await listSettled(page, table);
    const unfiltered = await rowTexts(table);

    await page.getByRole('combobox', { name: 'Faculty' }).click();
    await page.getByRole('option', { name: 'Faculty of Engineering' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('filter.faculty_id')).toBe(true);
    await listSettled(page, table);
    await expect.poll(() => rowTexts(table)).not.toEqual(unfiltered);
    const filtered = await rowTexts(table);
    expect(filtered.length).toBeGreaterThan(0);
    for (const row of filtered) expect(row).toContain('Faculty of Engineering');
    const before = { url: page.url(), rows: filtered, label: await displayedRows(page) };

    await page.reload();
    await appReady(page);
    await listSettled(page, table);
    expect(page.url()).toBe(before.url);
    expect(await rowTexts(table)).toEqual(before.rows);
    expect(await displayedRows(page)).toBe(before.label);
    await expect(page.getByRole('combobox', { name: 'Faculty' }).innerText()).resolves.toContain(
      'Faculty of Engineering',
    );
    console.log(`e2e list: filtered and reloaded at ${before.url.replace(server.url, '')} (${before.label})`);
  });

  test('a list opened from an address with page, perPage, search and a filter: reload gives the same list', async () => {
    const { page } = await signedIn(DEMO.registrar);
    const table = page.getByRole('table', { name: 'Users' });
    // user type 3 is a student (the user_type status table); page 3 of 5 rows of the student
    // users named Ahmed
    await page.goto('/users?page=3&perPage=5&search=Ahmed&filter.type=3');
    await appReady(page);
    await listSettled(page, table);
    const rows = await rowTexts(table);
    const label = await displayedRows(page);
    expect(rows.length).toBe(5);
    for (const row of rows) expect(row).toMatch(/Ahmed/i);
    await expect(
      page
        .getByRole('searchbox', { name: 'Search' })
        .or(page.getByRole('textbox', { name: 'Search' }))
        .first()
        .inputValue(),
    ).resolves.toBe('Ahmed');
    await page.reload();
    await appReady(page);
    await listSettled(page, table);
    expect(await rowTexts(table)).toEqual(rows);
    expect(await displayedRows(page)).toBe(label);
    const query = new URL(page.url()).searchParams;
    expect([query.get('page'), query.get('perPage'), query.get('search'), query.get('filter.type')]).toEqual([
      '3',
      '5',
      'Ahmed',
      '3',
    ]);
    expect(label, 'pagination label of page 3 by 5').toMatch(/^11–15 of \d{2,}/);
  });

  test('a student opening a staff-only page gets misc-not-authorized', async () => {
    const { page } = await signedIn(DEMO.student);
    for (const path of ['/students', '/users']) {
      await page.goto(path);
      await appReady(page);
      await expect
        .poll(() => new URL(page.url()).pathname, { message: `${path} as a student` })
        .toBe('/not-authorized');
      await page.getByRole('heading', { name: 'You may not open this page' }).waitFor();
      expect(await page.getByRole('table').count(), 'no list data on the refusal page').toBe(0);
      expect(await page.getByRole('grid').count(), 'no grid data on the refusal page').toBe(0);
    }
  });

  test('switching to Arabic: document dir is rtl, the menu on the right, Arabic labels; kept after reload', async () => {
    const { page, context } = await signedIn(DEMO.registrar);
    await page.goto('/users');
    await appReady(page);
    const viewport = page.viewportSize()!;
    const nav = page.getByRole('navigation');
    const enBox = (await nav.boundingBox())!;
    expect(enBox.x + enBox.width / 2, 'English: the menu on the left').toBeLessThan(viewport.width / 2);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');

    await page.getByRole('button', { name: TEXT.en.language }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();

    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('ar');
    const check = async () => {
      // Arabic labels: the page title, the list's columns and search, the language and menu buttons.
      const table = page.getByRole('table', { name: 'المستخدمون' });
      await listSettled(page, table);
      await page.getByRole('columnheader', { name: 'الاسم', exact: true }).waitFor();
      await page
        .getByRole('searchbox', { name: TEXT.ar.search })
        .or(page.getByRole('textbox', { name: TEXT.ar.search }))
        .first()
        .waitFor();
      await page.getByRole('button', { name: TEXT.ar.language }).waitFor();
      await page.getByRole('combobox', { name: 'الكلية' }).waitFor();
      await nav.getByRole('link', { name: 'لوحة التحكم', exact: true }).waitFor();
      expect(await displayedRows(page)).toMatch(/ من /);
      // The menu on the right, the page title right-aligned (its right edge near the content's).
      const box = (await nav.boundingBox())!;
      expect(box.x + box.width / 2, 'Arabic: the menu on the right').toBeGreaterThan(viewport.width / 2);
      expect(box.x + box.width, 'Arabic: the menu against the right edge').toBeGreaterThan(viewport.width - 8);
      const title = (await page.getByRole('main').getByText('المستخدمون', { exact: true }).first().boundingBox())!;
      expect(title.x + title.width, 'Arabic: the page title starts on the right').toBeGreaterThan(box.x - 80);
      expect(await page.getByRole('main').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    };
    await check();
    await page.reload();
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await check();
    // the expanded menu: Arabic group and page names, still on the right
    await expandMenu(page, 'ar');
    await nav.getByRole('button', { name: 'الإدارة' }).waitFor();
    await nav.getByRole('link', { name: 'المستخدمون', exact: true }).waitFor();
    // the current page's group (Administration) is open; another group opens on a click
    await nav.getByRole('button', { name: 'شؤون الطلاب' }).click();
    await nav.getByRole('link', { name: 'الطلاب', exact: true }).waitFor();
    const box = (await nav.boundingBox())!;
    expect(box.x + box.width, 'Arabic: the expanded menu against the right edge').toBeGreaterThan(viewport.width - 8);
  }, 120_000);

  test('an unknown path shows the 404 page (en and ar)', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const { page } = await signedIn(DEMO.student, lang);
      await page.goto('/no/such/page-here');
      await appReady(page);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/error-404');
      await page.getByText('404', { exact: true }).waitFor();
      await page
        .getByRole('heading', { name: lang === 'en' ? 'Page not found' : 'الصفحة غير موجودة', exact: false })
        .waitFor();
      // logged out too
      const anonymous = await open(lang);
      await anonymous.page.goto('/no/such/page-here');
      await appReady(anonymous.page);
      await expect.poll(() => new URL(anonymous.page.url()).pathname).toBe('/error-404');
    }
  }, 120_000);

  test('logout: back to the login page, and the pages are closed again', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const { page, context } = await open(lang);
      await page.goto('/login');
      await signIn(page, DEMO.registrar, lang);
      await appReady(page);
      const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
      const shown = await userName(context, lang);
      if (lang === 'ar') expect(shown, 'the Arabic name in Arabic').toMatch(/\p{Script=Arabic}/u);
      await page.getByRole('button', { name: shown }).click();
      // The log-out arrow points out of the door toward the end of the line: mirrored in Arabic.
      const arrow = await page
        .getByRole('menuitem', { name: TEXT[lang].logout })
        .locator('svg')
        .evaluate((svg) => getComputedStyle(svg).transform);
      expect(arrow === 'none' || arrow === 'matrix(1, 0, 0, 1, 0, 0)').toBe(lang === 'en');
      await page.getByRole('menuitem', { name: TEXT[lang].logout }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
      // the server revoked the session: its token opens nothing any more
      const call = await fetch(`${server.url}/api/sis/students`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}` },
        body: JSON.stringify({ page: 1, perPage: 1 }),
      });
      expect([401, 403], 'the list with the logged-out token').toContain(call.status);
      const names = (await context.cookies()).map((c) => c.name);
      expect(names).not.toContain('logged_in');
      expect(names).not.toContain('user');
      await page.goto('/students');
      await appReady(page);
      await expect.poll(() => new URL(page.url()).pathname, { message: '/students after logout' }).toBe('/login');
      await page.getByRole('button', { name: TEXT[lang].signIn, exact: true }).waitFor();
    }
  }, 120_000);

  for (const lang of ['en', 'ar'] as const)
    test(`screenshots of each page in ${lang} (tests/e2e/artifacts/<page>-${lang}.png)`, async () => {
      const saved: string[] = [];
      {
        // logged out pages
        const guest = await open(lang);
        await guest.page.goto('/login');
        await appReady(guest.page);
        await guest.page.getByRole('button', { name: TEXT[lang].signIn, exact: true }).waitFor();
        saved.push(await screenshot(guest.page, 'login', lang));
        await guest.page.goto('/forgot-password');
        await appReady(guest.page);
        saved.push(await screenshot(guest.page, 'forgot-password', lang));
        await guest.page.goto('/no/such/page');
        await appReady(guest.page);
        await guest.page.getByText('404', { exact: true }).waitFor();
        saved.push(await screenshot(guest.page, 'error-404', lang));

        // the student
        const student = await signedIn(DEMO.student, lang);
        await student.page.waitForTimeout(300);
        saved.push(await screenshot(student.page, 'dashboard-student', lang));
        await student.page.goto('/users');
        await appReady(student.page);
        await student.page.waitForURL('**/not-authorized');
        saved.push(await screenshot(student.page, 'not-authorized', lang));

        // staff
        const admin = await signedIn(DEMO.admin, lang);
        await admin.page.waitForTimeout(300);
        saved.push(await screenshot(admin.page, 'dashboard-staff', lang));
        // the students, drawn by the grid plugin
        await admin.page.goto('/students');
        await appReady(admin.page);
        await gridSettled(admin.page, lang === 'en' ? 'Students' : 'الطلاب');
        saved.push(await screenshot(admin.page, 'students-list', lang));
        // the users, drawn by the generic list renderer
        await admin.page.goto('/users');
        await appReady(admin.page);
        await listSettled(admin.page, admin.page.getByRole('table', { name: lang === 'en' ? 'Users' : 'المستخدمون' }));
        saved.push(await screenshot(admin.page, 'users-list', lang));
        // the Faculty filter open over the list
        await admin.page.getByRole('combobox', { name: lang === 'en' ? 'Faculty' : 'الكلية' }).click();
        await admin.page.getByRole('listbox').waitFor();
        await admin.page.waitForTimeout(500); // the menu's grow transition
        saved.push(await screenshot(admin.page, 'users-list-filter-open', lang));
        await admin.page.keyboard.press('Escape');
        // the navigation drawer expanded (the menu button toggles the collapsed state)
        await admin.page.getByRole('button', { name: lang === 'en' ? 'Menu' : 'القائمة', exact: true }).click();
        await admin.page.waitForTimeout(400);
        saved.push(await screenshot(admin.page, 'users-list-menu-expanded', lang));
        await admin.page.getByRole('button', { name: lang === 'en' ? 'Menu' : 'القائمة', exact: true }).click();
        // a form: a new user
        await admin.page.goto('/users/edit');
        await appReady(admin.page);
        await admin.page.getByRole('textbox').first().waitFor();
        saved.push(await screenshot(admin.page, 'user-form', lang));
        // the user menu open
        await admin.page.getByRole('button', { name: await userName(admin.context, lang) }).click();
        await admin.page.getByRole('menuitem', { name: TEXT[lang].logout }).waitFor();
        await admin.page.waitForTimeout(400); // the menu's fade-in
        saved.push(await screenshot(admin.page, 'user-menu-open', lang));
      }
      console.log(`e2e screenshots:\n  ${saved.join('\n  ')}`);
      expect(saved.length).toBe(12);
    }, 150_000);

  describe('accessibility (axe-core): no serious or critical violations', () => {
    for (const lang of ['en', 'ar'] as const) {
      test(`the login page (${lang})`, async () => {
        const { page } = await open(lang);
        await page.goto('/login');
        await appReady(page);
        await page.getByRole('button', { name: TEXT[lang].signIn, exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await scan(page, 'login', lang);
      });

      test(`a list: /users as the registrar (${lang})`, async () => {
        const { page } = await signedIn(DEMO.registrar, lang);
        await page.goto('/users');
        await appReady(page);
        await listSettled(page, page.getByRole('table', { name: lang === 'en' ? 'Users' : 'المستخدمون' }));
        await scan(page, 'users-list', lang);
      });

      test(`the students grid: /students as the registrar (${lang})`, async () => {
        const { page } = await signedIn(DEMO.registrar, lang);
        await page.goto('/students');
        await appReady(page);
        await gridSettled(page, lang === 'en' ? 'Students' : 'الطلاب');
        await scan(page, 'students-grid', lang);
      });

      test(`a form: /forgot-password (${lang})`, async () => {
        const { page } = await open(lang);
        await page.goto('/forgot-password');
        await appReady(page);
        await page.getByRole('textbox').first().waitFor();
        await scan(page, 'forgot-password', lang);
      });

      test(`a form: a new user, /users/edit as the administrator (${lang})`, async () => {
        const { page } = await signedIn(DEMO.admin, lang);
        await page.goto('/users/edit');
        await appReady(page);
        await page.getByRole('textbox').first().waitFor();
        await scan(page, 'user-form', lang);
      });
    }
  });
});
