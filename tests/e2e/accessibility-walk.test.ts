/**
 * The accessibility walk: every demo account signs in, in English and in Arabic, and every
 * screen its menu offers is opened (the dashboard's shortcuts are the menu's entries, groups
 * unfolded), with the first row of a list followed by the keyboard (Tab to its link, Enter).
 * On each page: a page title of its own in the user's language ("Students · Rowaq"), axe-core
 * with no violation, and in Arabic no English accessible name on a control.
 *
 * Violations of rules listed in STILL_OPEN are reported (printed, with the pages) but do not
 * fail the walk: they are known and not fixed yet; every other rule fails it.
 *
 * The walk has not yet passed over every screen (calendar, chat, housing and banks were added
 * after it was written), so it runs only when asked: E2E_ACCESSIBILITY_WALK=1 npx vitest run
 * tests/e2e/accessibility-walk.test.ts. It joins npm test once it passes.
 */
const WALK = process.env.E2E_ACCESSIBILITY_WALK === '1';
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

/** Rules with violations still present somewhere in the portal: reported, not failed. */
const STILL_OPEN = new Set<string>(['color-contrast', 'heading-order', 'aria-allowed-role', 'empty-table-header']);

const APP_NAME = { en: 'Rowaq', ar: 'رواق' } as const;
/** English words an Arabic page must not name a control with (MUI's defaults). */
const ENGLISH_NAMES = /^(Go to (next|previous|first|last) page|Open|Close|Clear|Day|Month|Year|Choose date.*)$/;

interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: number;
}

async function signedIn(email: string, lang: Lang): Promise<Page> {
  const context = await newContext(browser, server.url, lang);
  const page = await context.newPage();
  await page.goto('/login');
  await appReady(page);
  await signIn(page, email, lang);
  await appReady(page);
  return page;
}

/** The addresses the user's menu offers, read from the dashboard's shortcuts. */
async function menuAddresses(page: Page): Promise<string[]> {
  await page.goto('/dashboard');
  await appReady(page);
  const hrefs = await page
    .getByRole('main')
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(['/dashboard', ...hrefs.filter((h) => h && !h.includes('?'))])];
}

/** Checks the page as it is; returns axe's findings. */
async function check(page: Page, lang: Lang, where: string, problems: string[]): Promise<Finding[]> {
  await appReady(page);
  const title = await page.title();
  if (!title.endsWith(` · ${APP_NAME[lang]}`) || title.length <= APP_NAME[lang].length + 3)
    problems.push(`${where}: page title '${title}'`);
  if (lang === 'ar') {
    const names = await page
      .locator('button[aria-label], [role=button][aria-label], input[aria-label], [role=spinbutton][aria-label]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    for (const name of names) if (ENGLISH_NAMES.test(name)) problems.push(`${where}: English label '${name}'`);
  }
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v: Result) => ({
    page: where,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
  }));
}

/** Tab to the first row's link of a list and open it with Enter; false when the page has none. */
async function openFirstRowByKeyboard(page: Page): Promise<boolean> {
  const link = page.getByTestId('list-table').locator('tbody tr').first().locator('a').first();
  if ((await link.count()) === 0) return false;
  await link.focus();
  const before = page.url();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.href !== before, { timeout: 10_000 });
  return true;
}

describe.skipIf(!E2E_ENABLED || !WALK).sequential('e2e: the accessibility walk of every menu screen', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, timeoutMs: 240_000 });
    browser = await launchBrowser();
  }, 360_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const [who, email] of Object.entries(DEMO)) {
      test(`${lang}: ${who}: every menu screen has its title, no axe violation, names in the language`, async () => {
        const page = await signedIn(email, lang);
        const problems: string[] = [];
        const findings: Finding[] = [];
        for (const href of await menuAddresses(page)) {
          await page.goto(href);
          findings.push(...(await check(page, lang, href, problems)));
          const list = page.getByTestId('list-table').locator('tbody tr').first();
          if ((await list.count()) && (await openFirstRowByKeyboard(page)))
            findings.push(...(await check(page, lang, `${href} -> ${new URL(page.url()).pathname}`, problems)));
        }
        const open = findings.filter((f) => STILL_OPEN.has(f.rule));
        if (open.length)
          console.warn(
            `[${lang} ${who}] known open axe rules:\n${open.map((f) => `  ${f.rule} (${f.impact}, ${f.nodes}) on ${f.page}`).join('\n')}`,
          );
        const failing = findings.filter((f) => !STILL_OPEN.has(f.rule));
        expect([
          ...problems,
          ...failing.map((f) => `${f.page}: axe ${f.rule} (${f.impact}, ${f.nodes} nodes)`),
        ]).toEqual([]);
        await page.context().close();
      }, 600_000);
    }
  }
});
