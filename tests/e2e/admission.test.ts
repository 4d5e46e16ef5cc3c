/**
 * The admission area end to end in chromium against the real server (demo university,
 * embedded database, mail to DATA_DIR/outbox):
 *   - an undergraduate (type 1) in English and a master applicant (type 5) in Arabic: apply,
 *     read the emailed link from the outbox, fill every tab of the type's set through the form
 *     (values: the server's valid sample, server/domains/admission/sample.ts), upload the
 *     documents, pay the application fee through the sandbox provider, submit, see the status;
 *   - a staff member (admin) finds the application, reads it and sends it back with feedback;
 *     the applicant sees the feedback on the dashboard;
 *   - a reload restores what was typed but not saved (local draft);
 *   - screenshots of every page in both languages under tests/e2e/artifacts/admission-*.png.
 * One server for the whole file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ClientManifest, FormField } from '../../generator/manifest-types.ts';
import { readOutbox } from '../../server/mail/outbox.ts';
import { sampleFile, sampleTabs, SAMPLE_PERSON, type SamplePerson } from '../../server/domains/admission/sample.ts';
import {
  apiCall,
  apiLogin,
  appReady,
  DEMO,
  E2E_ENABLED,
  ensureClientBuild,
  launchBrowser,
  newContext,
  ROOT,
  screenshot as fullPageShot,
  signIn,
  startServer,
  watchPage,
  type Lang,
  type RunningServer,
} from './setup.ts';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const manifest = JSON.parse(
  fs.readFileSync(path.join(ROOT, '.generated/client-manifest.json'), 'utf8'),
) as ClientManifest;
type Row = Record<string, unknown>;
let lookups: Record<string, Row[]> = {};

async function open(lang: Lang): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, server.url, lang);
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: watchPage(page).errors };
}

/** A full-page screenshot from the top (the sticky bars would otherwise be drawn where the page was scrolled). */
async function screenshot(page: Page, name: string, lang: Lang): Promise<string> {
  // A drop-down just chosen from is still fading out.
  await page
    .locator('.MuiPopover-root, .MuiAutocomplete-popper')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  return fullPageShot(page, name, lang);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameOf = (row: Row | undefined, lang: Lang) =>
  String((lang === 'ar' ? row?.name_local : row?.name) ?? row?.name ?? '');

function statusName(table: string, id: unknown, lang: Lang): string {
  const s = manifest.statusTables[table]?.statuses.find((x) => String(x.id) === String(id));
  if (!s) throw new Error(`no status ${String(id)} in ${table}`);
  return lang === 'ar' ? s.name_local : s.name;
}

function refName(ref: string, id: unknown, lang: Lang): string {
  const row = (lookups[ref] ?? []).find((r) => String(r.id) === String(id));
  if (!row) throw new Error(`no ${ref} row ${String(id)} in the admission lookups`);
  return nameOf(row, lang);
}

/** Picks `text` in the open MUI menu or listbox. */
async function pickOption(page: Page, text: string): Promise<void> {
  // Latin choices in Arabic pages are wrapped in invisible direction isolates (form-model choiceText).
  await page
    .getByRole('option', { name: new RegExp(`^[\u2066\u2069]?${escape(text)}[\u2066\u2069]?$`) })
    .first()
    .click();
  await page
    .getByRole('listbox')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/** A MUI select drawn by RJSF or the engine: its combobox carries the field's id. */
async function chooseInSelect(page: Page, id: string, text: string): Promise<void> {
  const box = page
    .locator(
      `[id="${id}"][role="combobox"], [id="${id}"] [role="combobox"], [role="combobox"][aria-labelledby~="${id}-label"]`,
    )
    .first();
  await box.click();
  await pickOption(page, text);
}

async function chooseInAutocomplete(page: Page, id: string, text: string): Promise<void> {
  const input = page.locator(`input[id="${id}"]`);
  await input.click();
  await input.fill(text);
  await pickOption(page, text);
}

/** The MUI date field: each section (day, month, year) is a spinbutton, told apart by its maximum. */
async function fillDate(page: Page, id: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  const group = page
    .locator(`[id="${id}"]`)
    .locator(
      'xpath=ancestor::div[contains(@class,"MuiPickersInputBase-root") or contains(@class,"MuiPickersTextField-root")][1]',
    );
  const sections = group.getByRole('spinbutton');
  const n = await sections.count();
  for (let i = 0; i < n; i++) {
    const section = sections.nth(i);
    const max = Number(await section.getAttribute('aria-valuemax'));
    await section.click();
    await page.keyboard.type(max === 12 ? month : max === 31 ? day : year);
  }
}

function isFileField(field: FormField): boolean {
  return !!field.upload || field.widget === 'file' || (field.schema as { format?: string }).format === 'data-url';
}

async function setField(page: Page, field: FormField, id: string, value: unknown, lang: Lang): Promise<void> {
  const schema = field.schema as { type?: string; format?: string };
  if (schema.type === 'boolean') {
    if (value === true) await page.locator(`input[id="${id}"]`).check();
    return;
  }
  if (field.options?.status) {
    const text = statusName(field.options.status, value, lang);
    if (field.widget === 'radio') await page.getByRole('radio', { name: text, exact: true }).check();
    else await chooseInSelect(page, id, text);
    return;
  }
  if (field.options?.ref) {
    const text = refName(field.options.ref, value, lang);
    if (field.widget === 'autocomplete') await chooseInAutocomplete(page, id, text);
    else await chooseInSelect(page, id, text);
    return;
  }
  if (field.widget === 'date' || schema.format === 'date') return fillDate(page, id, String(value));
  await page.locator(`[id="${id}"]`).fill(String(value));
}

/** A list of records (preferences, subject marks, scholarships): Add, then each property of the row. */
async function fillArray(page: Page, field: FormField, rows: Row[], lang: Lang): Promise<void> {
  for (let i = 0; i < rows.length; i++) {
    // A list with minItems starts with its first rows drawn.
    const drawn = await page.locator(`[id^="root_${field.name}_${i}_"]`).count();
    if (!drawn)
      await page
        .locator(`[id="root_${field.name}__add"], button[id$="${field.name}__add"]`)
        .first()
        .click({ timeout: 3000 })
        .catch(async () => {
          // RJSF's add button without an id: the one inside this field's frame.
          await page
            .locator(`fieldset[id="root_${field.name}"], [id="root_${field.name}"]`)
            .first()
            .getByRole('button', { name: /Add|إضافة/ })
            .last()
            .click();
        });
    for (const [property, value] of Object.entries(rows[i])) {
      const id = `root_${field.name}_${i}_${property}`;
      if (field.options?.status && /_id$/.test(property))
        await chooseInSelect(page, id, statusName(field.options.status, value, lang));
      else if (property === 'faculty_id') await chooseInSelect(page, id, refName('faculties', value, lang));
      else if (property === 'program_id') await chooseInSelect(page, id, refName('programs', value, lang));
      else await page.locator(`[id="${id}"]`).fill(String(value));
    }
  }
}

/** Every field of the tab that the sample fills, and every file field shown (uploaded at once). */
async function fillTab(page: Page, formName: string, values: Row, lang: Lang): Promise<void> {
  const form = manifest.forms[formName];
  if (!form) throw new Error(`no form ${formName}`);
  for (const field of form.fields) {
    if (field.widget === 'hidden') continue;
    const id = `root_${field.name}`;
    if (isFileField(field)) {
      const input = page.locator(`input[type="file"][id="${id}"]`);
      if (!(await input.count())) continue;
      const file = sampleFile(field.name);
      await input.setInputFiles({ name: file.name, mimeType: file.type, buffer: file.content });
      await page.locator(`[data-upload-field="${field.name}"] [data-file-name]`).waitFor();
      continue;
    }
    const value = values[field.name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      await fillArray(page, field, value as Row[], lang);
      continue;
    }
    if (!(await page.locator(`[id="${id}"]`).count())) continue;
    await setField(page, field, id, value, lang);
  }
}

interface Applicant {
  id: string;
  link: string;
  type: string;
}

const TEXTS = {
  en: {
    start: 'Start my application',
    checkEmail: 'Check your email',
    next: 'Next',
    finish: 'Finish',
    pay: 'Pay by card',
    submit: 'Submit the application',
    mine: 'My application',
  },
  ar: {
    start: 'ابدأ التقديم',
    checkEmail: 'تحقق من بريدك الإلكتروني',
    next: 'التالي',
    finish: 'إنهاء',
    pay: 'الدفع بالبطاقة',
    submit: 'تقديم الطلب',
    mine: 'طلبي',
  },
} as const;

/** /apply -> kind -> email -> 'check your email' -> the link from the outbox. */
async function apply(page: Page, lang: Lang, type: string, person: SamplePerson, shots: string): Promise<Applicant> {
  await page.goto('/apply');
  await appReady(page);
  await page
    .locator(`[data-kind="${type}"]`)
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(page, `admission-failed-apply-${shots}`, lang);
      throw new Error(`/apply showed: ${(await page.locator('body').innerText()).slice(0, 500)}`, { cause: error });
    });
  await screenshot(page, `admission-apply-${shots}`, lang);
  await page.locator(`[data-kind="${type}"]`).click();
  await page.locator('[id="root_email"]').fill(person.email);
  await page.locator('[id="root_name"]').fill(`${person.first_en} ${person.family_en}`);
  await chooseInAutocomplete(page, 'root_nationality_id', refName('countries', person.nationality_id, lang));
  await screenshot(page, `admission-apply-form-${shots}`, lang);
  await page.getByRole('button', { name: TEXTS[lang].start }).click();
  await page.getByText(TEXTS[lang].checkEmail).waitFor();
  await screenshot(page, `admission-apply-check-email-${shots}`, lang);
  const id = /\/apply\/\d+\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1];
  expect(id).toBeTruthy();
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(path.join(server.dataDir, 'outbox'), person.email);
        const text = mails.map((m) => `${m.text ?? ''} ${m.html ?? ''}`).join(' ');
        link = /\/admissionForm\/\d+\/\d+\/[A-Za-z0-9_-]+\/nationality/.exec(text)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return { id: id!, link: link!, type };
}

async function waitTabReady(page: Page, tab: string): Promise<void> {
  await page.locator(`[data-tab="${tab}"][aria-selected="true"]`).waitFor();
  await page.locator('form.rjsf').waitFor();
  await expect.poll(async () => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBeLessThanOrEqual(1);
}

/** Fills and saves every tab of the set in order; pays the application fee on the payment tab. */
async function fillApplication(
  page: Page,
  lang: Lang,
  applicant: Applicant,
  values: Record<string, Row>,
  shots: string,
): Promise<void> {
  await page.goto(applicant.link);
  await appReady(page);
  const wizard = manifest.wizards.admission_form;
  const tabs = await page.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab') ?? ''));
  expect(tabs).toEqual(wizard.tabSets.sets[applicant.type].filter((t) => tabs.includes(t)));
  for (const tab of tabs) {
    await waitTabReady(page, tab);
    if (tab === 'payment') {
      await payApplicationFee(page, lang, shots);
      await waitTabReady(page, tab);
    }
    await fillTab(page, wizard.tabs[tab].form, values[tab] ?? {}, lang);
    await screenshot(page, `admission-tab-${tab}-${shots}`, lang);
    const last = tab === tabs[tabs.length - 1];
    await page.getByRole('button', { name: last ? TEXTS[lang].finish : TEXTS[lang].next, exact: true }).click();
    try {
      await expect
        .poll(async () => page.locator(`[data-tab="${tab}"]`).getAttribute('data-done'), { timeout: 20_000 })
        .toBe('true');
    } catch (error) {
      await screenshot(page, `admission-failed-${tab}-${shots}`, lang);
      const messages = await page.locator('.Mui-error, [role="alert"]').allInnerTexts();
      throw new Error(`tab ${tab} was not saved: ${messages.join(' | ')}`, { cause: error });
    }
  }
}

/** The payment tab: Pay by card -> the sandbox's hosted page -> Pay -> back to the form, fee paid. */
async function payApplicationFee(page: Page, lang: Lang, shots: string): Promise<void> {
  const fee = page.locator('[data-fee="application_fees"]');
  await fee.waitFor();
  await screenshot(page, `admission-payment-due-${shots}`, lang);
  expect(await fee.getAttribute('data-fee-status')).toBe('unpaid');
  await fee.getByRole('button', { name: TEXTS[lang].pay }).click();
  await page.waitForURL(/\/payments\/sandbox\//);
  await screenshot(page, `admission-sandbox-${shots}`, lang);
  await page.locator('form[action*="/pay?"] button[type="submit"]').click();
  // The provider returns to the success page (the form's address holds the link's key), which checks the payment.
  await page.waitForURL(/\/applyForm\/success\/\d+\/payment/);
  await appReady(page);
  await expect
    .poll(async () => page.locator('[data-payment-outcome]').getAttribute('data-payment-outcome'), { timeout: 20_000 })
    .toBe('paid');
  await screenshot(page, `admission-payment-received-${shots}`, lang);
  await page.locator('[data-nav="back-to-form"]').click();
  await page.waitForURL(/\/admissionForm\/.*\/payment$/);
  await appReady(page);
  await expect
    .poll(async () => page.locator('[data-fee="application_fees"]').getAttribute('data-fee-status'), {
      timeout: 20_000,
    })
    .toBe('paid');
}

async function submitAndSeeStatus(page: Page, lang: Lang, applicant: Applicant, shots: string): Promise<void> {
  const submit = page.locator('[data-action="submit-application"]');
  await submit.waitFor();
  await submit.click();
  await page.waitForURL(/\/applyForm\/success\//);
  await page.locator('[data-apply-form-success]').waitFor();
  await screenshot(page, `admission-success-${shots}`, lang);
  await page.getByRole('link', { name: TEXTS[lang].mine }).first().click();
  await page.locator('[data-applicant-status="submitted"]').waitFor();
  await screenshot(page, `admission-dashboard-submitted-${shots}`, lang);
  expect(new URL(page.url()).pathname).toContain(`/applicant-information/${applicant.type}/${applicant.id}/`);
}

/** Staff: the applicants list, the application under its form version, feedback back to the applicant. */
async function reviewWithFeedback(applicant: Applicant, lang: Lang, comment: string, shots: string): Promise<void> {
  const { page } = await open(lang);
  await page.goto('/login');
  await signIn(page, DEMO.admin, lang);
  await page.goto('/applicants');
  await appReady(page);
  await page.getByRole('table').locator('tbody').getByRole('row').first().waitFor();
  await screenshot(page, `admission-staff-list-${shots}`, lang);
  await page.goto(`/applicants/${applicant.id}`);
  await appReady(page);
  await page.locator('[data-review-tab="personal_info"]').waitFor();
  await page.locator('[data-status-change]').waitFor();
  await screenshot(page, `admission-staff-detail-${shots}`, lang);
  await page.locator('#review-status').click();
  await page.locator('[data-action-to="feedback"]').click();
  await page.locator('#review-comment').fill(comment);
  await page.locator('[data-action="apply-status"]').click();
  await expect
    .poll(async () => page.locator('[data-status-change]').innerText(), { timeout: 15_000 })
    .not.toContain(comment);
  await screenshot(page, `admission-staff-after-feedback-${shots}`, lang);
}

async function seeFeedback(
  page: Page,
  lang: Lang,
  applicant: Applicant,
  comment: string,
  shots: string,
): Promise<void> {
  await page.goto(`/applicant-information/${applicant.type}/${applicant.id}/${applicant.link.split('/')[4]}`);
  await appReady(page);
  await page.locator('[data-applicant-status="feedback"]').waitFor();
  await expect.poll(async () => page.locator('[data-feedback]').innerText()).toContain(comment);
  await expect.poll(async () => page.locator('[data-next-step]').getAttribute('data-next-step')).toBe('fix_feedback');
  await screenshot(page, `admission-dashboard-feedback-${shots}`, lang);
}

function preferenceChoices(level: 1 | 2): Array<[number, number]> {
  const programs = (lookups.programs ?? []).filter((p) => Number(p.degree_level_id ?? 1) === level);
  return programs.slice(0, 2).map((p) => [Number(p.faculty_id), Number(p.id)]);
}

describe.skipIf(!E2E_ENABLED)('admission end to end', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir });
    browser = await launchBrowser();
    const answer = (await (await fetch(`${server.url}/api/admission/website/applicant/lookups`)).json()) as {
      data: Record<string, Row[]>;
    };
    lookups = answer.data;
  }, 300_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  test('an undergraduate applies in English, pays, submits; staff sends feedback; the applicant sees it', async () => {
    const lang: Lang = 'en';
    const person: SamplePerson = { ...SAMPLE_PERSON, email: `undergrad.${Date.now()}@example.com` };
    const { page, errors } = await open(lang);
    const applicant = await apply(page, lang, '1', person, 'undergraduate');
    const values = sampleTabs(person, { preferences: preferenceChoices(1) });
    await fillApplication(page, lang, applicant, values, 'undergraduate');
    await submitAndSeeStatus(page, lang, applicant, 'undergraduate');
    // The payment instructions download as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-action="payment-pdf"]').click(),
    ]);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const comment = 'Please upload a clearer copy of your birth certificate.';
    await reviewWithFeedback(applicant, lang, comment, 'undergraduate');
    await seeFeedback(page, lang, applicant, comment, 'undergraduate');
    // Confined: any other page leads back to the form.
    await page.goto('/students');
    await page.waitForURL(/\/admissionForm\/1\/\d+\/[^/]+\/nationality/);
    // The applicant's dashboard is their application's page.
    await page.goto('/dashboard');
    await page.waitForURL(/\/applicant-information\/1\/\d+\/[^/]+$/);
    await page.locator('[data-applicant-status]').waitFor();
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 600_000);

  test('a master applicant applies in Arabic with the master tab set, pays, submits; staff feedback reaches the applicant', async () => {
    const lang: Lang = 'ar';
    const person: SamplePerson = {
      ...SAMPLE_PERSON,
      email: `master.${Date.now()}@example.com`,
      first_en: 'Mariam',
      first_ar: 'مريم',
      gender_id: 2,
      national_id: '29801011234568',
    };
    const { page } = await open(lang);
    const applicant = await apply(page, lang, '5', person, 'master');
    const values = sampleTabs(person, { preferences: preferenceChoices(2) });
    await fillApplication(page, lang, applicant, values, 'master');
    expect(await page.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')))).toEqual(
      manifest.wizards.admission_form.tabSets.sets['5'],
    );
    await submitAndSeeStatus(page, lang, applicant, 'master');
    const comment = 'يرجى رفع صورة أوضح من شهادة البكالوريوس.';
    await reviewWithFeedback(applicant, lang, comment, 'master');
    await seeFeedback(page, lang, applicant, comment, 'master');
  }, 600_000);

  test("staff distribute an applicant to a program, the applicant's preferences first, in both languages", async () => {
    const token = await apiLogin(server.url, DEMO.admin);
    const waiting = await apiCall(server.url, token, 'POST', '/applicants', { filters: { status_id: 9 } });
    const id = Number(waiting.data[0].id);
    const preferences = await fetch(`${server.url}/api/admission/review/${id}/actions`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    const programs = preferences.data.find((a: { action: string }) => a.action === 'distribute').programs as Array<{
      id: number;
      name: string;
      name_local: string;
      preference: number | null;
    }>;
    const first = programs[0]!;
    expect(first.preference).toBe(1);
    const rank = { en: 'preference 1', ar: 'الرغبة 1' } as const;
    for (const lang of ['ar', 'en'] as const) {
      const { page } = await open(lang);
      await page.goto('/login');
      await signIn(page, DEMO.admin, lang);
      await page.goto(`/applicants/${id}`);
      await appReady(page);
      // The preferences stand numbered by their rank, the rank not written again beside the number.
      const shownPreferences = await page.locator('[data-review-field="preferences"] li').allInnerTexts();
      expect(shownPreferences.length).toBeGreaterThan(0);
      for (const text of shownPreferences) expect(text).not.toMatch(lang === 'en' ? /Rank/ : /الترتيب/);
      await page.locator('#review-status').click();
      await page.locator('[data-action-to="accepted"]').click();
      // Applying without a program is refused before anything is sent.
      await page.locator('[data-action="apply-status"]').click();
      await expect
        .poll(async () => page.locator('[data-status-change]').innerText())
        .toContain(
          lang === 'en' ? 'Choose the program the applicant is accepted to' : 'اختر البرنامج الذي قُبل فيه المتقدم',
        );
      await page.locator('#review-program').click();
      const option = page.locator(`[data-program="${first.id}"]`);
      expect(await option.innerText()).toContain(lang === 'en' ? first.name : first.name_local);
      expect(await option.innerText()).toContain(rank[lang]);
      await screenshot(page, 'admission-staff-distribute', lang);
      if (lang === 'ar') continue;
      await option.click();
      await page.locator('[data-action="apply-status"]').click();
      await expect
        .poll(async () => (await apiCall(server.url, token, 'GET', `/applicants/${id}`)).data.status_id, {
          timeout: 15_000,
        })
        .toBe(11);
      expect((await apiCall(server.url, token, 'GET', `/applicants/${id}`)).data.program_id).toBe(first.id);
    }
  }, 300_000);

  test('a closed admission round refuses a new application, in both languages', async () => {
    const closed = { en: 'Cannot apply to this program now', ar: 'لا يمكن التقديم على هذا البرنامج الآن' } as const;
    const closedKind = { en: 'Applications are closed now', ar: 'التقديم مغلق حاليًا' } as const;
    for (const lang of ['en', 'ar'] as const) {
      const { page } = await open(lang);
      // The chooser says the transfer round is closed instead of offering it; open kinds stay links.
      await page.goto('/apply');
      await appReady(page);
      await page.locator('[data-kind="3"][data-kind-closed]').waitFor();
      expect(await page.locator('[data-kind="3"]').innerText()).toContain(closedKind[lang]);
      expect(await page.locator('a[data-kind="1"]').count()).toBe(1);
      await screenshot(page, 'admission-apply-kinds', lang);
      // An address typed by hand still reaches the form, and the server refuses the closed round.
      await page.goto('/apply/3');
      await appReady(page);
      await page.locator('[id="root_email"]').fill(`transfer.${lang}.${Date.now()}@example.com`);
      await page.locator('[id="root_name"]').fill('Omar Saleh');
      await chooseInAutocomplete(page, 'root_nationality_id', refName('countries', 64, lang));
      await page.getByRole('button', { name: TEXTS[lang].start }).click();
      await expect
        .poll(async () => page.getByRole('alert').allInnerTexts(), { timeout: 15_000 })
        .toContain(closed[lang]);
      expect(new URL(page.url()).pathname).toBe('/apply/3');
      await screenshot(page, 'admission-apply-closed', lang);
    }
  }, 300_000);

  test('a reload keeps what was typed but not saved, in both languages', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const person: SamplePerson = { ...SAMPLE_PERSON, email: `draft.${lang}.${Date.now()}@example.com` };
      const { page } = await open(lang);
      const applicant = await apply(page, lang, '1', person, `draft`);
      await page.goto(applicant.link.replace(/nationality$/, 'personal_info'));
      await appReady(page);
      await waitTabReady(page, 'personal_info');
      await page.locator('[id="root_first_name_en"]').fill('Draftname');
      await page.reload();
      await appReady(page);
      await waitTabReady(page, 'personal_info');
      await expect.poll(async () => page.locator('[id="root_first_name_en"]').inputValue()).toBe('Draftname');
      await page.locator('[data-draft="restored"]').waitFor();
      await screenshot(page, 'admission-draft-restored', lang);
    }
  }, 300_000);
});
