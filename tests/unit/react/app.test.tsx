// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { createMemoryCookieJar } from '../../../engine/core/cookie-jar.ts';
import { createMemoryStorage, LAYOUT_SETTINGS_KEY } from '../../../engine/core/layout-settings.ts';
import { createSessionStore } from '../../../engine/core/session.ts';
import { createApp } from '../../../engine/react/app.tsx';
import { fixtureManifest } from './fixture-manifest.ts';

const users = { data: [{ id: 1, name: 'Mona', email: 'mona@uni.edu', type: 4 }], total: 1 };

/** What GET /university/data answers in these tests (a test may switch the flag). */
const university = { attendance: 'false' };

const adapter: AxiosAdapter = async (config) => ({
  data:
    config.url === '/users'
      ? users
      : config.url === '/university/data'
        ? { data: [{ name: 'attendance_with_qr_code', value: university.attendance }] }
        : {},
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});

function start(path: string, signedIn?: string[], manifest = fixtureManifest()) {
  const jar = createMemoryCookieJar();
  if (signedIn) {
    createSessionStore(jar).signIn({
      token: 't',
      user: { id: 9, name: 'Staff Member', type: { name: 'Staff', type: 4 }, permissions: signedIn },
    });
  }
  const storage = createMemoryStorage();
  const app = createApp({ manifest, jar, storage, adapter, memory: { initialEntries: [path] } });
  render(<app.App />);
  return { ...app, storage };
}

// jsdom has no scrolling; the shell scrolls to the top after every navigation
window.scrollTo = () => {};

afterEach(cleanup);

// Screen kinds, menu layouts and the sign-in page are chunks loaded on first use: import them
// once here, so the assertions below wait for the app and not for vitest's first transform.
beforeAll(async () => {
  await Promise.all([
    import('../../../engine/react/renderers/list/ListRenderer.tsx'),
    import('../../../engine/react/renderers/PageRenderer.tsx'),
    import('../../../engine/react/pages/auth/LoginPage.tsx'),
    import('../../../engine/react/shell/VerticalLayout.tsx'),
    import('../../../engine/react/shell/HorizontalLayout.tsx'),
  ]);
}, 120_000);

describe('app shell and router', () => {
  it('sends a signed-out visitor of / to the sign-in page, in the full layout', async () => {
    const { router } = start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(document.querySelector('[data-layout="full"]')).not.toBeNull();
    await waitFor(
      () =>
        expect(document.querySelector('[data-screen="auth-login"]')?.getAttribute('data-renderer')).toBe('component'),
      { timeout: 5000 },
    );
  });

  it('sends every unknown path to error-404', async () => {
    const { router } = start('/no/such/page', []);
    await waitFor(() => expect(router.state.location.pathname).toBe('/error-404'));
    expect(await screen.findByText('404', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sends a signed-in user without the permission to not-authorized', async () => {
    const { router } = start('/users', []);
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-authorized'));
  });

  it('draws a list with its badge for a permitted user, and switches and remembers the layout', async () => {
    const { storage } = start('/users', ['access_users']);
    expect(await screen.findByText('Mona', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Staff')).toBeTruthy(); // the user_type badge
    expect(document.querySelector('[data-layout="vertical"]')).not.toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Horizontal menu' }).click());
    // the menu layouts are chunks of their own, loaded when first used
    await waitFor(() => expect(document.querySelector('[data-layout="horizontal"]')).not.toBeNull(), { timeout: 5000 });
    expect(JSON.parse(storage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}').layoutType).toBe('horizontal');
    // the menu shows Users (access_users) but not the edit screen (manage_users)
    expect(screen.getAllByRole('button', { name: 'Administration' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('Edit user')).toBeNull();
  });

  it('a screen that exists only under a university setting is a 404 while the setting is off, and opens once it is on', async () => {
    const manifest = fixtureManifest();
    manifest.screens.scanner = {
      ...manifest.screens['error-404']!,
      name: 'scanner',
      path: '/scan',
      layout: { full: false, admission: false, guest: false, anonymous: false },
      title: { en: 'Scanner', ar: 'الماسح' },
      visibleWhen: { setting: 'attendance_with_qr_code', equals: 'true' },
    };
    university.attendance = 'false';
    const off = start('/scan', ['access_users'], manifest);
    await waitFor(() => expect(off.router.state.location.pathname).toBe('/error-404'));
    cleanup();
    university.attendance = 'true';
    const on = start('/scan', ['access_users'], manifest);
    await waitFor(() => expect(document.querySelector('[data-screen="scanner"]')).not.toBeNull(), { timeout: 5000 });
    expect(on.router.state.location.pathname).toBe('/scan');
  });
});
