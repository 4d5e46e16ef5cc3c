/**
 * A record's file field end to end, in chromium, in English and then in Arabic, against the real
 * server on the demo university: the administrator opens a user on /users/edit/{id}, chooses a
 * file whose content is not a picture (refused, in the page's language), then a real PNG (stored
 * at once, shown as a thumbnail in the form), saves, and finds the thumbnail in the /users list;
 * the record keeps only the reference, and the file is read back through the API.
 * Screenshots: tests/e2e/artifacts/files-*.
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
let adminToken = '';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const T = {
  en: { save: 'Save', refused: 'The file content does not match its type or name', account: DEMO.advisor },
  ar: { save: 'حفظ', refused: 'محتوى الملف لا يطابق نوعه أو اسمه', account: DEMO.instructor },
} as const;

function tempFile(name: string, bytes: Buffer | string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-files-')), name);
  fs.writeFileSync(file, bytes);
  return file;
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

describe.skipIf(!E2E_ENABLED).sequential('e2e: file fields', () => {
  beforeAll(async () => {
    const build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, env: { AUTH_RATE_LIMIT_MAX: '1000' }, timeoutMs: 480_000 });
    browser = await launchBrowser();
    adminToken = await apiLogin(server.url, DEMO.admin);
  }, 600_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    const t = T[lang];
    test(`${lang}: a photo uploaded through the user form shows in the form and the list`, async () => {
      const found = await apiCall(server.url, adminToken, 'POST', '/users', { search: t.account, perPage: 5 });
      const user = found.data.find((u: { email: string }) => u.email === t.account);
      expect(user).toBeDefined();
      const { page, errors } = await signedIn(DEMO.admin, lang);
      await page.goto(`/users/edit/${user.id}`);
      await appReady(page);
      const field = page.locator('[data-record-files="photo"]');
      await field.waitFor();

      // a text file named .png: refused by its content, in the page's language
      await field.locator('input[type=file]').setInputFiles(tempFile('photo.png', 'not a picture at all'));
      await field.getByText(t.refused).waitFor();
      await screenshot(page, 'files-refused', lang);

      await field.locator('input[type=file]').setInputFiles(tempFile(`portrait-${lang}.png`, PNG));
      await field.locator('img[data-file-thumbnail]').waitFor();
      await expect
        .poll(() => field.locator('img[data-file-thumbnail]').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(1);
      await screenshot(page, 'files-form', lang);
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && /\/api\/sis\/users\/\d+$/.test(r.url()),
      );
      await page.getByRole('button', { name: t.save, exact: true }).click();
      expect((await saved).status()).toBe(200);

      const record = (await apiCall(server.url, adminToken, 'GET', `/users/${user.id}`)).data;
      expect(record.photo).toEqual([
        expect.objectContaining({ name: `portrait-${lang}.png`, mime: 'image/png', size: PNG.length }),
      ]);
      const bytes = await fetch(`${server.url}/api/sis/uploads/${record.photo[0].id}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(bytes.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await bytes.arrayBuffer()), PNG)).toBe(0);

      await page.goto(`/users?search=${encodeURIComponent(t.account)}`);
      await appReady(page);
      const row = page.getByRole('row').filter({ hasText: t.account });
      await row.locator(`img[data-file-thumbnail="${record.photo[0].id}"]`).waitFor();
      await screenshot(page, 'files-list', lang);
      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    });
  }
});
