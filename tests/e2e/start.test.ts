/**
 * The README's first command on a fresh clone: `npm install && npm start` serves the portal with
 * demo data within a minute, and signing in with a demo account works. The start path after the build: the real
 * `server/main.ts` process on an empty DATA_DIR (embedded PGlite) and a free port, with the
 * default settings (no rate-limit or seed overrides); the time from spawn to GET /api/health 200
 * is measured and must stay under a minute (with the client build, when this run built it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  appReady,
  DEMO,
  DEMO_PASSWORD,
  E2E_ENABLED,
  ensureClientBuild,
  launchBrowser,
  newContext,
  screenshot,
  signIn,
  startServer,
  type ClientBuild,
  type RunningServer,
} from './setup.ts';

const MINUTE = 60_000;

let build: ClientBuild;
let server: RunningServer;
let browser: Browser | undefined;

describe.skipIf(!E2E_ENABLED).sequential('e2e: npm start on a fresh data folder', () => {
  beforeAll(async () => {
    build = await ensureClientBuild();
    server = await startServer({ clientDir: build.dir, timeoutMs: 2 * MINUTE, fresh: true });
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  test('server/main.ts on an empty DATA_DIR answers GET /api/health within a minute, with the demo university seeded', async () => {
    console.log(
      `e2e start: spawn -> /api/health 200 in ${server.startMs} ms` +
        (build.ms
          ? `; client build ${build.ms} ms; build + start ${build.ms + server.startMs} ms`
          : ' (client build reused)'),
    );
    expect(server.startMs, 'spawn -> health').toBeLessThan(MINUTE);
    if (build.ms) expect(build.ms + server.startMs, 'client build + spawn -> health').toBeLessThan(MINUTE);

    const log = server.output();
    expect(log).toMatch(/embedded PGlite in /);
    expect(log).toMatch(/seeded the demo university: \d+ rows/);
    expect(log).toMatch(/Rowaq is listening on http:\/\/127\.0\.0\.1:/);
    expect(fs.existsSync(path.join(server.dataDir, 'db')), 'the database is under DATA_DIR/db').toBe(true);

    // the client is served, and any client route gets the app page (history mode)
    for (const address of ['/', '/login', '/students/12']) {
      const page = await fetch(server.url + address);
      expect(page.status, address).toBe(200);
      expect(await page.text(), address).toContain('<div id="root">');
    }
    const unknownApi = await fetch(`${server.url}/api/sis/no-such-thing/x/y/z`);
    expect(unknownApi.status).toBe(404);
  });

  test('the demo data is there: 2,400 students and the overdue demo student, the six demo accounts sign in', async () => {
    const tokens: Record<string, string> = {};
    for (const [role, email] of Object.entries(DEMO)) {
      const response = await fetch(`${server.url}/api/sis/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(response.status, `${email} signs in`).toBe(200);
      const body = (await response.json()) as { token?: string };
      expect(typeof body.token, role).toBe('string');
      tokens[role] = body.token!;
    }
    const list = await fetch(`${server.url}/api/sis/students`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` },
      body: JSON.stringify({ page: 1, perPage: 1 }),
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: unknown[]; total?: number; meta?: { count?: number; total?: number } };
    expect(body.data.length).toBe(1);
    // 2,400 generated students and the finance demo's overdue@rowaq.demo (server/db/seed/demo/finance.ts)
    expect(body.total ?? body.meta?.total ?? body.meta?.count).toBe(2400 + 1);
  });

  test('signing in with a demo account through the UI works', async () => {
    browser = await launchBrowser();
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await appReady(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    await signIn(page, DEMO.student);
    await appReady(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const cookie = (await context.cookies()).find((c) => c.name === 'user');
    const name = (JSON.parse(decodeURIComponent(cookie!.value)) as { name: string }).name;
    await page.getByText(`Welcome, ${name}`).waitFor();
    await screenshot(page, 'start-dashboard-student', 'en');
    // a wrong password is refused on the same form
    const other = await newContext(browser, server.url);
    const refused = await other.newPage();
    await refused.goto('/login');
    await refused.getByLabel('Email').first().fill(DEMO.admin);
    await refused.getByLabel('Password').first().fill('not-the-password');
    await refused.getByRole('button', { name: 'Sign in', exact: true }).click();
    await refused.getByRole('alert').first().waitFor();
    expect(new URL(refused.url()).pathname).toBe('/login');
    await other.close();
    await context.close();
  });
});
