/**
 * The browser client: what a first visit to the sign-in page downloads, and how long a list
 * of 50 rows takes to show.
 *
 *   npx tsx bench/client.bench.ts        (or npm run bench client)
 *   BENCH_RUNS=5 BENCH_LANGUAGE=ar BENCH_COMPARE=/path/to/another/checkout BENCH_KEEP_BUILD=1 BENCH_VERBOSE=1
 *
 * 1. Builds the client (`vite build` into a temporary folder). BENCH_COMPARE=<checkout> builds
 *    that checkout's client too (its node_modules and .generated in place), serves it the same
 *    way, and alternates the list runs between the two, so a busy machine slows both alike.
 * 2. Serves it with the real server (`buildApp` on embedded PGlite in memory, schema synced,
 *    the demo university seeded) on a loopback port: the API the pages call is the real one.
 * 3. Opens /login in Debian's chromium (playwright-core), new context with an empty cache,
 *    records every response until the network is idle, and sums the bodies by kind, raw and
 *    gzipped with node:zlib at level 6 (what a server compressing on the fly sends). The
 *    budget counts JS + CSS + the manifest data; fonts are listed apart (woff2 only, and
 *    only the subsets the page draws).
 * 4. Signs in through that page's form as the demo registrar, then, BENCH_RUNS times, opens
 *    /users?perPage=50 (users-list, the generic list renderer over the 2,400 students' and the
 *    staff's user rows) in a new context (cold cache, the session cookies set) and takes the
 *    time from navigation start to the 50th table row in the DOM (a MutationObserver in the
 *    page records performance.now()). Reports the median and the spread. (/students is drawn
 *    by the spreadsheet grid plugin, not a table; bench/grid.bench.ts measures the grid itself.)
 *
 * Quick check: BENCH_RUNS=1.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions, type Response } from 'playwright-core';
import type { Manifest } from '../generator/manifest-types.ts';
import { LANGUAGE_COOKIE } from '../engine/core/language.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { syncSchema } from '../server/db/schema-sync.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed/demo/index.ts';
import { seed } from '../server/db/seed/index.ts';
import { writeResult, type Figure } from './results.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const COMPARE = process.env.BENCH_COMPARE ? path.resolve(process.env.BENCH_COMPARE) : undefined;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROWS = 50;
/** A staff list drawn by the generic list renderer (view: list), with enough rows for a page of 50. */
const LIST_NAME = 'users-list';
const LIST_PATH = `/users?perPage=${ROWS}`;
const BUDGET_KB = 250;
/** The label of the checkout the bench runs in (BENCH_COMPARE adds another). */
const THIS = 'this checkout';
/** BENCH_LANGUAGE=ar: the visitor's stored language (its locale chunk and fonts load too). */
const LANGUAGE = process.env.BENCH_LANGUAGE;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Kind = 'js' | 'css' | 'manifest' | 'locale' | 'html' | 'font' | 'api' | 'other';
interface Loaded {
  url: string;
  kind: Kind;
  raw: number;
  gzip: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** This checkout's figures (not those of BENCH_COMPARE's), written to bench/results/ at the end. */
const figures: Record<string, Figure> = {};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function kindOf(url: URL, contentType: string): Kind {
  if (url.pathname.startsWith('/api/')) return 'api';
  if (/\/manifest[^/]*\.json$/.test(url.pathname)) return 'manifest';
  if (/\.woff2?$/.test(url.pathname)) return 'font';
  if (/\.css$/.test(url.pathname) || contentType.includes('text/css')) return 'css';
  if (/\.m?js$/.test(url.pathname) || contentType.includes('javascript')) return 'js';
  if (contentType.includes('text/html')) return 'html';
  return 'other';
}

function build(root: string, outDir: string): number {
  const started = performance.now();
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const run = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`vite build failed in ${root} (exit ${run.status ?? run.signal})`);
  return performance.now() - started;
}

async function startServer(clientDir: string, dataDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, '.generated/manifest.json'), 'utf8')) as Manifest;
  const database = await openDatabase({ memory: true });
  await syncSchema(database.db, manifest);
  const started = performance.now();
  const seeded = await seed(database.db, manifest, { demo: true });
  console.log(
    `server: PGlite in memory, demo seed ${(performance.now() - started).toFixed(0)} ms (${seeded.demo?.counts.students ?? 0} students)`,
  );
  const config = { ...loadConfig({ DATA_DIR: dataDir }), port: 0 };
  const app = await buildApp({ manifest, db: database.db, config, clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A first visit of a public page: every response's body, the time its form (e-mail box) appeared. */
async function visitLogin(browser: Browser, base: string, address = '/login') {
  const context = await browser.newContext();
  if (LANGUAGE) await context.addCookies([{ name: LANGUAGE_COOKIE, value: LANGUAGE, url: base }]);
  const page = await context.newPage();
  const pending: Promise<Loaded | null>[] = [];
  page.on('response', (response: Response) => {
    pending.push(
      (async () => {
        const url = new URL(response.url());
        if (url.origin !== base) return null;
        const body = await response.body().catch(() => Buffer.alloc(0));
        const kind = kindOf(url, response.headers()['content-type'] ?? '');
        return {
          url: url.pathname,
          kind: kind === 'js' && /\/(ar|de|fr|pt)-[\w-]+\.js$/.test(url.pathname) ? 'locale' : kind,
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
        };
      })(),
    );
  });
  await page.goto(`${base}${address}`, { waitUntil: 'load' });
  await page.locator('#root_email').waitFor({ timeout: 60_000 });
  const formMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(pending)).filter((l): l is Loaded => l !== null);
  return { context, page, loaded, formMs };
}

async function signIn(
  page: Awaited<ReturnType<typeof visitLogin>>['page'],
): Promise<BrowserContextOptions['storageState']> {
  await page.locator('#root_email').fill(DEMO_ACCOUNTS.registrar.email);
  await page.locator('#root_password').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  return page.context().storageState();
}

/** Navigation start to the 50th row of the list, in a fresh context (empty cache). */
async function listRun(
  browser: Browser,
  base: string,
  storageState: BrowserContextOptions['storageState'],
): Promise<{ ms: number; requests: number }> {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  let requests = 0;
  page.on('request', () => requests++);
  const finished: { url: string; start: number; end: number }[] = [];
  if (process.env.BENCH_VERBOSE) {
    page.on('requestfinished', (request) => {
      const t = request.timing();
      finished.push({ url: new URL(request.url()).pathname, start: t.startTime, end: t.startTime + t.responseEnd });
    });
  }
  await page.addInitScript((rows: number) => {
    const w = window as unknown as { __rowsAt?: number };
    new MutationObserver((_m, observer) => {
      if (document.querySelectorAll('tbody tr').length >= rows) {
        w.__rowsAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, ROWS);
  await page.goto(`${base}${LIST_PATH}`);
  await page.waitForFunction(() => (window as unknown as { __rowsAt?: number }).__rowsAt !== undefined, undefined, {
    timeout: 60_000,
  });
  const ms = await page.evaluate(() => (window as unknown as { __rowsAt: number }).__rowsAt);
  if (process.env.BENCH_VERBOSE) {
    const origin = await page.evaluate(() => performance.timeOrigin);
    for (const f of finished.sort((a, b) => a.start - b.start))
      console.log(
        `  ${(f.start - origin).toFixed(0).padStart(6)} -> ${(f.end - origin).toFixed(0).padStart(6)} ms  ${f.url}`,
      );
    console.log(`  ${ms.toFixed(0).padStart(16)} ms  row ${ROWS} in the DOM`);
  }
  const at = new URL(page.url()).pathname;
  if (at !== new URL(LIST_PATH, base).pathname) throw new Error(`the list run ended on ${at}`);
  await context.close();
  return { ms, requests };
}

function printLogin(label: string, loaded: Loaded[], formMs: number): void {
  const sum = (kinds: Kind[]) => {
    const items = loaded.filter((l) => kinds.includes(l.kind));
    return { n: items.length, raw: items.reduce((a, l) => a + l.raw, 0), gzip: items.reduce((a, l) => a + l.gzip, 0) };
  };
  const line = (label: string, s: { n: number; raw: number; gzip: number }) =>
    console.log(`${label.padEnd(34)}${String(s.n).padStart(9)}${kb(s.raw).padStart(11)}${kb(s.gzip).padStart(11)}`);
  console.log(`\nFirst visit of /login: ${label}${LANGUAGE ? `, language ${LANGUAGE}` : ''}`);
  console.log(`${'what'.padEnd(34)}${'requests'.padStart(9)}${'raw KB'.padStart(11)}${'gzip KB'.padStart(11)}`);
  line('JavaScript', sum(['js']));
  line('CSS', sum(['css']));
  line('manifest data', sum(['manifest']));
  line('locale chunks (not English)', sum(['locale']));
  const budget = sum(['js', 'css', 'manifest', 'locale']);
  line('= budget (JS + CSS + data)', budget);
  line('HTML', sum(['html']));
  line('fonts (not in the budget)', sum(['font']));
  line('API calls', sum(['api']));
  line('other', sum(['other']));
  line('all', sum(['js', 'css', 'manifest', 'locale', 'html', 'font', 'api', 'other']));
  const fonts = loaded
    .filter((l) => l.kind === 'font')
    .map((l) => path.basename(l.url).replace(/-[\w]{8}(\.woff2?)$/, '$1'));
  console.log(`fonts requested: ${fonts.join(', ') || 'none'}`);
  console.log(`sign-in form drawn ${formMs.toFixed(0)} ms after navigation start`);
  if (label === THIS) {
    const gz = (kinds: Kind[]) => sum(kinds).gzip / 1024;
    figures['/login: JavaScript'] = { value: gz(['js']), unit: 'KB gzip', note: `${sum(['js']).n} requests` };
    figures['/login: CSS'] = { value: gz(['css']), unit: 'KB gzip' };
    figures['/login: manifest data'] = { value: gz(['manifest']), unit: 'KB gzip' };
    figures['/login: budget (JS + CSS + data)'] = {
      value: budget.gzip / 1024,
      unit: 'KB gzip',
      goal: { atMost: BUDGET_KB },
    };
    figures['/login: fonts (not in the budget)'] = { value: gz(['font']), unit: 'KB gzip' };
    figures['/login: sign-in form drawn'] = { value: formMs, unit: 'ms' };
  }
  console.log(
    `budget ${BUDGET_KB} KB gzip: ${kb(budget.gzip)} KB, ${budget.gzip / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`,
  );
  if (process.env.BENCH_VERBOSE)
    for (const l of loaded) console.log(`  ${l.kind.padEnd(9)}${kb(l.gzip).padStart(8)} ${l.url}`);
}

/** The other sign-in pages: what a first visit costs, and whether RJSF (FormView chunk) came with it. */
async function visitAuthPages(label: string, browser: Browser, base: string): Promise<void> {
  console.log(
    `\n${`first visit of (${label})`.padEnd(56)}${'requests'.padStart(9)}${'gzip KB'.padStart(10)}  RJSF loaded`,
  );
  for (const address of ['/login', '/forgot-password', '/pages/authentication/reset-password-v1?email=a%40b.c']) {
    const visit = await visitLogin(browser, base, address).catch(() => null);
    if (!visit) {
      console.log(`${address.padEnd(56)}  (no form: skipped)`);
      continue;
    }
    const budget = visit.loaded.filter((l) => ['js', 'css', 'manifest', 'locale'].includes(l.kind));
    const rjsf = visit.loaded.some(
      (l) => /\/(FormView|useFormController)-[\w-]+\.js$/.test(l.url) && l.gzip > 50 * 1024,
    );
    console.log(
      `${address.padEnd(56)}${String(budget.length).padStart(9)}${kb(budget.reduce((a, l) => a + l.gzip, 0)).padStart(10)}  ${rjsf ? 'yes' : 'no'}`,
    );
    if (label === THIS && address !== '/login')
      figures[`${address.split('?')[0]}: budget (JS + CSS + data)`] = {
        value: budget.reduce((a, l) => a + l.gzip, 0) / 1024,
        unit: 'KB gzip',
        goal: { atMost: BUDGET_KB },
      };
    await visit.context.close();
  }
}

interface Target {
  label: string;
  root: string;
  server: Awaited<ReturnType<typeof startServer>>;
  storageState?: BrowserContextOptions['storageState'];
  runs: { ms: number; requests: number }[];
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-client-bench-'));
  const targets: Target[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    for (const [i, [label, root]] of [[THIS, REPO], ...(COMPARE ? [[COMPARE, COMPARE]] : [])].entries()) {
      const outDir = path.join(work, `client-${i}`);
      console.log(`build (${label}): ${(build(root, outDir) / 1000).toFixed(1)} s`);
      targets.push({ label, root, server: await startServer(outDir, path.join(work, `data-${i}`)), runs: [] });
    }
    for (const target of targets) {
      const login = await visitLogin(browser, target.server.base);
      printLogin(target.label, login.loaded, login.formMs);
      target.storageState = await signIn(login.page);
      await login.context.close();
      await visitAuthPages(target.label, browser, target.server.base);
    }
    // Alternated, so both meet the same machine load.
    for (let i = 0; i < RUNS; i++)
      for (const t of targets) t.runs.push(await listRun(browser, t.server.base, t.storageState));

    console.log(
      `\nFirst render of a ${ROWS}-row list: ${LIST_PATH} (${LIST_NAME}, generic list renderer), signed in as the demo registrar, real API (PGlite, demo seed), new context each run (cold cache)`,
    );
    console.log(
      `${'client'.padEnd(24)}${'runs'.padStart(5)}${'median ms'.padStart(11)}${'min ms'.padStart(9)}${'max ms'.padStart(9)}${'requests'.padStart(10)}`,
    );
    for (const t of targets) {
      const times = t.runs.map((r) => r.ms);
      console.log(
        `${t.label.slice(0, 23).padEnd(24)}${String(RUNS).padStart(5)}${median(times).toFixed(0).padStart(11)}${Math.min(
          ...times,
        )
          .toFixed(0)
          .padStart(9)}${Math.max(...times)
          .toFixed(0)
          .padStart(9)}${String(median(t.runs.map((r) => r.requests))).padStart(10)}`,
      );
    }
    for (const t of targets) console.log(`each run, ${t.label} (ms): ${t.runs.map((r) => r.ms.toFixed(0)).join(', ')}`);
    const own = targets[0]!.runs;
    figures[`${LIST_PATH}: first render of ${ROWS} rows, median`] = {
      value: median(own.map((r) => r.ms)),
      unit: 'ms',
      note: `${own.length} runs: ${own.map((r) => r.ms.toFixed(0)).join(', ')}`,
    };
    writeResult('client', figures, LANGUAGE ? { note: `visitor's language ${LANGUAGE}` } : {});
  } finally {
    await browser.close();
    for (const t of targets) await t.server.close();
    if (!process.env.BENCH_KEEP_BUILD) fs.rmSync(work, { recursive: true, force: true });
    else console.log(`builds kept in ${work}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
