// @vitest-environment jsdom
/**
 * The only-payments mode through the real app: an answer with redirect_to payments shows the
 * message, goes to payments, keeps the student there (guard and menu) across the payments
 * screen's own loads and a reload, and a paying call lets the student go again.
 */
import { act, cleanup, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { createMemoryCookieJar, type CookieJar } from '../../../engine/core/cookie-jar.ts';
import {
  createMemoryStorage,
  LAYOUT_SETTINGS_KEY,
  type KeyValueStorage,
} from '../../../engine/core/layout-settings.ts';
import { ONLY_PAYMENTS_KEY } from '../../../engine/core/only-payments.ts';
import { createSessionStore } from '../../../engine/core/session.ts';
import { createApp } from '../../../engine/react/app.tsx';
import { fixtureManifest, screen } from './fixture-manifest.ts';

const GATE = { redirect_to: 'payments', error: 'You have to pay your due invoices.' };

const adapter: AxiosAdapter = async (config) => {
  const key = `${config.method} ${config.url}`;
  const gated = key === 'put /registrations/students/request-offering';
  return { data: gated ? GATE : { data: [] }, status: gated ? 403 : 200, statusText: '', headers: {}, config };
};

function manifest() {
  const m = fixtureManifest();
  m.screens.payments = screen({
    name: 'payments',
    path: '/payments',
    view: 'page',
    title: { en: 'Payments', ar: 'المدفوعات' },
  });
  m.navigation.main!.items.push({ label: { en: 'Payments', ar: 'المدفوعات' }, route: 'payments', children: [] });
  return m;
}

function start(path: string, shared?: { jar: CookieJar; sessionStorage: KeyValueStorage }) {
  const jar = shared?.jar ?? createMemoryCookieJar();
  if (!shared)
    createSessionStore(jar).signIn({
      token: 't',
      user: { id: 41, name: 'Overdue Student', type: { name: 'Student', type: 3 }, permissions: ['access_users'] },
    });
  const sessionStorage = shared?.sessionStorage ?? createMemoryStorage();
  // the horizontal menu draws its links in jsdom (the vertical one is a drawer off-screen there)
  const storage = createMemoryStorage({ [LAYOUT_SETTINGS_KEY]: JSON.stringify({ layoutType: 'horizontal' }) });
  const app = createApp({
    manifest: manifest(),
    jar,
    storage,
    sessionStorage,
    adapter,
    memory: { initialEntries: [path] },
  });
  render(<app.App />);
  return { ...app, jar, sessionStorage };
}

const path = (app: ReturnType<typeof start>) => app.router.state.location.pathname;
/** The addresses the navigation menu links to. */
const menu = () => [...document.querySelectorAll('nav a')].map((a) => a.getAttribute('href'));

window.scrollTo = () => {};
afterEach(cleanup);
beforeAll(async () => {
  await Promise.all([
    import('../../../engine/react/renderers/list/ListRenderer.tsx'),
    import('../../../engine/react/renderers/PageRenderer.tsx'),
    import('../../../engine/react/shell/HorizontalLayout.tsx'),
    import('../../../engine/react/popup/PopupDialog.tsx'),
    import('../../../engine/react/shell/OnlyPaymentsNotice.tsx'),
  ]);
}, 120_000);

describe('only-payments mode in the app', () => {
  it('message, payments, only payments (guard, menu, notice), kept over reads and a reload, ended by paying', async () => {
    const app = start('/users');
    await waitFor(() => expect(path(app)).toBe('/users'));
    await waitFor(() => expect(menu()).toContain('/dashboard'), { timeout: 5000 });
    expect(menu()).toContain('/payments');

    await act(async () => {
      await app.api.put('/registrations/students/request-offering', { section_id: 1 }).catch(() => undefined);
    });
    await waitFor(() => expect(path(app)).toBe('/payments'));
    // the dialog is named by its message (it has no title)
    expect(
      await view.findByRole('dialog', { name: 'You have to pay your due invoices.' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await view.findByTestId('only-payments-notice', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.onlyPayments.get()).toBe(true);
    expect(app.sessionStorage.getItem(ONLY_PAYMENTS_KEY)).toBe('41');
    // the menu keeps only payments
    await waitFor(() => expect(menu()).toEqual(['/payments']));

    // the payments screen's reads keep the mode; any other address goes back to payments
    await act(async () => {
      await app.api.post('/installments', {});
      await app.api.get('/credit-transactions/balance');
    });
    expect(app.onlyPayments.get()).toBe(true);
    await act(async () => {
      await app.router.navigate('/users');
    });
    await waitFor(() => expect(path(app)).toBe('/payments'));
    await act(async () => {
      await app.router.navigate('/dashboard');
    });
    await waitFor(() => expect(path(app)).toBe('/payments'));
    cleanup();

    // a reload (the provider's hosted page and back) keeps it
    const again = start('/users', { jar: app.jar, sessionStorage: app.sessionStorage });
    await waitFor(() => expect(path(again)).toBe('/payments'));

    // paying ends it: the student may go on (the server's gate would bring it back)
    await act(async () => {
      await again.api.post('/payments/pay/4/1');
    });
    expect(again.onlyPayments.get()).toBe(false);
    await waitFor(() => expect(view.queryByTestId('only-payments-notice')).toBeNull());
    await act(async () => {
      await again.router.navigate('/users');
    });
    await waitFor(() => expect(path(again)).toBe('/users'));
    await waitFor(() => expect(menu()).toContain('/dashboard'));
  });

  it('Arabic: the message in Arabic', async () => {
    const jar = createMemoryCookieJar();
    jar.set('language', 'ar');
    createSessionStore(jar).signIn({
      token: 't',
      user: { id: 41, name: 'Overdue Student', type: { name: 'Student', type: 3 }, permissions: [] },
    });
    const app = start('/dashboard', { jar, sessionStorage: createMemoryStorage() });
    await app.ready;
    await act(async () => {
      await app.api.put('/registrations/students/request-offering', {}).catch(() => undefined);
    });
    await waitFor(() => expect(path(app)).toBe('/payments'));
    expect(
      await view.findByText(
        'يجب عليك سداد الفواتير المستحقة.',
        { selector: '.MuiDialogContentText-root' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect((await view.findByTestId('only-payments-notice', {}, { timeout: 5000 })).textContent).toBe(
      'يجب عليك سداد الفواتير المستحقة.',
    );
  });
});
