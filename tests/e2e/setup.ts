/**
 * End-to-end helpers: the client built once per source state, the real `server/main.ts` as a
 * child process on a fresh DATA_DIR and a free port, Debian's chromium through playwright-core.
 *
 * - The client is built with `vite build` into `$TMPDIR/rowaq-e2e-client-<hash>`, where the
 *   hash covers every input of the build (engine/, screens/, locales/, schemas/, generator/,
 *   index.html, vite.config.ts, package-lock.json); a later run on the same sources reuses it.
 *   A lock directory keeps two test files from building at once (the build also rewrites .generated/).
 * - The server runs exactly what `npm start` runs after its build (`tsx server/main.ts`), from a
 *   small temporary root that links `.generated`, `node_modules` and `dist/client` (the build
 *   above): server/main.ts reads both relative to its working directory, and this way a
 *   concurrent `npm run build` in the checkout cannot pull the client from under the tests.
 * - Without /usr/bin/chromium the e2e files are skipped with a message, except on CI (CI set),
 *   where that is an error.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/artifacts');
export const CHROMIUM = '/usr/bin/chromium';
export const DEMO_PASSWORD = 'Rowaq-demo-2026';
export const DEMO = {
  student: 'student@rowaq.demo',
  advisor: 'advisor@rowaq.demo',
  instructor: 'instructor@rowaq.demo',
  registrar: 'registrar@rowaq.demo',
  finance: 'finance@rowaq.demo',
  admin: 'admin@rowaq.demo',
} as const;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** True when the e2e tests can run; false (with a message) when chromium is missing off CI. */
export const E2E_ENABLED: boolean = (() => {
  if (fs.existsSync(CHROMIUM)) return true;
  const message = `e2e: ${CHROMIUM} is missing (apt-get install chromium); the end-to-end tests need it`;
  if (process.env.CI) throw new Error(`${message} (CI is set: refusing to skip)`);
  console.warn(`\n*** ${message}: SKIPPING tests/e2e ***\n`);
  return false;
})();

// ---------------------------------------------------------------------------------------------
// client build

const BUILD_INPUTS = [
  'engine',
  'screens',
  'locales',
  'schemas',
  'generator',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

function hashInputs(inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = crypto.createHash('sha256');
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        walk(path.join(rel, name));
      }
      return;
    }
    hash.update(rel).update('\0').update(fs.readFileSync(abs)).update('\0');
  };
  for (const input of inputs) walk(input);
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 180_000) fs.rmSync(lockDir, { recursive: true, force: true }); // a crashed run's lock
      if (Date.now() - started > 240_000)
        throw new Error(`e2e: waited 4 minutes for the build lock ${lockDir}`, { cause: error });
      await sleep(250);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

export interface ClientBuild {
  dir: string;
  /** Build time in ms; 0 when an earlier run's build of the same sources was reused. */
  ms: number;
}

/** The built client for the current sources (built now, or reused). */
export async function ensureClientBuild(): Promise<ClientBuild> {
  const base = path.join(os.tmpdir(), 'rowaq-e2e');
  fs.mkdirSync(base, { recursive: true });
  return withLock(path.join(base, 'build.lock'), async () => {
    const dir = path.join(base, `client-${hashInputs()}`);
    const marker = path.join(dir, '.rowaq-e2e-built');
    if (fs.existsSync(marker) && fs.existsSync(path.join(dir, 'index.html'))) {
      fs.utimesSync(dir, new Date(), new Date()); // in use again: see the clean-up below
      return { dir, ms: 0 };
    }
    const tmp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    const started = performance.now();
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    const result = spawnSync(
      process.execPath,
      [vite, 'build', '--outDir', tmp, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        // vitest sets NODE_ENV=test, which would bundle React's development build: build as `npm start` does.
        env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
        timeout: 180_000,
      },
    );
    const ms = Math.round(performance.now() - started);
    if (result.status !== 0) {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw new Error(
        `e2e: vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`.slice(0, 6000),
      );
    }
    fs.writeFileSync(path.join(tmp, '.rowaq-e2e-built'), `${new Date().toISOString()} ${ms} ms\n`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
    // Keep the temp folder small: older builds go, but not one built or reused in the last 30
    // minutes: a concurrent run (another test file, started on other sources) may be serving it.
    for (const name of fs.readdirSync(base)) {
      const other = path.join(base, name);
      if (!name.startsWith('client-') || other === dir) continue;
      const age = Date.now() - (fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 30 * 60_000) fs.rmSync(other, { recursive: true, force: true });
    }
    return { dir, ms };
  });
}

// ---------------------------------------------------------------------------------------------
// server

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** ms from spawn to the first GET /api/health 200. */
  startMs: number;
  /** stdout + stderr so far (pino JSON lines). */
  output(): string;
  /** Stops the server and removes its folder; `keep` moves its DATA_DIR there first. */
  stop(options?: { keep?: string }): Promise<void>;
}

export interface StartOptions {
  clientDir: string;
  env?: Record<string, string>;
  /** Give up waiting for /api/health after this long. */
  timeoutMs?: number;
  /**
   * Seed the demo university on this server's first start (what `npm start` does on an empty
   * DATA_DIR). Without it the server starts on a copy of a DATA_DIR seeded once per source
   * state and day (`seededDataTemplate`): the same demo data, without seeding it again in
   * every test file.
   */
  fresh?: boolean;
}

/** What the seeded demo data depends on: the server's code and the compiled definitions. */
const SEED_INPUTS = ['server', '.generated', 'package-lock.json'];

/**
 * A DATA_DIR holding the demo university, made once per source state and UTC day (the seed
 * dates lectures and deadlines from today) by a real server start, then stopped cleanly.
 * Each test file's server starts on its own copy.
 */
async function seededDataTemplate(clientDir: string, timeoutMs: number): Promise<string> {
  const base = path.join(os.tmpdir(), 'rowaq-e2e');
  fs.mkdirSync(base, { recursive: true });
  return withLock(path.join(base, 'seed.lock'), async () => {
    const day = new Date().toISOString().slice(0, 10);
    const dir = path.join(base, `data-${hashInputs(SEED_INPUTS)}-${day}`);
    const marker = path.join(dir, '.rowaq-e2e-seeded');
    if (fs.existsSync(marker)) {
      fs.utimesSync(dir, new Date(), new Date());
      return dir;
    }
    const server = await startServer({ clientDir, fresh: true, timeoutMs });
    await server.stop({ keep: dir });
    fs.writeFileSync(marker, new Date().toISOString());
    for (const name of fs.readdirSync(base)) {
      const other = path.join(base, name);
      if (!name.startsWith('data-') || other === dir) continue;
      const age = Date.now() - (fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 30 * 60_000) fs.rmSync(other, { recursive: true, force: true });
    }
    return dir;
  });
}

/** `tsx server/main.ts` (what `npm start` runs after the build) on its own DATA_DIR and a free port. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const template = options.fresh
    ? undefined
    : await seededDataTemplate(options.clientDir, options.timeoutMs ?? 240_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-e2e-server-'));
  const appRoot = path.join(work, 'root');
  const dataDir = path.join(work, 'data');
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  fs.mkdirSync(path.join(appRoot, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, '.generated'), path.join(appRoot, '.generated'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(appRoot, 'node_modules'));
  fs.symlinkSync(options.clientDir, path.join(appRoot, 'dist/client'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...options.env,
  };
  delete env.DATABASE_URL; // always the embedded database on a fresh DATA_DIR
  delete env.NODE_ENV; // vitest sets 'test'; npm start runs in development (the demo seed)
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: appRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => child.once('exit', (code) => ((exited = code), resolve())));

  const stop = async (options?: { keep?: string }) => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    }
    if (options?.keep) {
      if (exited !== 0) throw new Error(`e2e: the seeding server did not stop cleanly (exit ${exited})`);
      fs.rmSync(options.keep, { recursive: true, force: true });
      fs.renameSync(dataDir, options.keep);
    }
    fs.rmSync(work, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`e2e: the server exited (code ${exited}) before /api/health answered:\n${output.slice(-4000)}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `e2e: /api/health did not answer 200 within ${options.timeoutMs ?? 90_000} ms:\n${output.slice(-4000)}`,
      );
    }
    await sleep(100);
  }
  const startMs = Math.round(performance.now() - started);
  return { url, port, dataDir, process: child, startMs, output: () => output, stop };
}

// ---------------------------------------------------------------------------------------------
// browser

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export type Lang = 'en' | 'ar';

/** A fresh context (no cookies) on `baseURL`, optionally with the language cookie set. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  lang?: Lang,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
    reducedMotion: 'reduce',
    storageState,
  });
  if (lang) await context.addCookies([{ name: 'language', value: lang, url: baseURL }]);
  context.setDefaultTimeout(15_000);
  return context;
}

/** Console errors and failed requests of a page, for assertions and reports. */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { errors };
}

export const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    language: 'Language',
    logout: 'Log out',
    search: 'Search',
  },
  ar: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    language: 'اللغة',
    logout: 'تسجيل الخروج',
    search: 'بحث',
  },
} as const;

/** Signs in through the login form (labels in `lang`) and waits for the dashboard. */
export async function signIn(page: Page, email: string, lang: Lang = 'en'): Promise<void> {
  const t = TEXT[lang];
  if (!/\/login/.test(page.url())) await page.goto('/login');
  await page.getByLabel(t.email, { exact: false }).first().fill(email);
  await page.getByLabel(t.password, { exact: false }).first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** Waits until the static splash is gone and the app has rendered. */
export async function appReady(page: Page): Promise<void> {
  await page
    .locator('#rowaq-splash')
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
}

export async function screenshot(page: Page, name: string, lang: Lang): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}-${lang}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

// ---------------------------------------------------------------------------------------------
// API calls from a test (arranging data, checking what the UI did)

/** A bearer token for a demo account (password DEMO_PASSWORD), signed in through the API. */
export async function apiLogin(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sis/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`login ${email}: ${JSON.stringify(body)}`);
  return body.token;
}

/** One /api/sis call with a bearer token; throws on a status other than 2xx, with the body. */
export async function apiCall<T = any>(
  baseUrl: string,
  token: string | undefined,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/sis${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : {}) as T;
}
