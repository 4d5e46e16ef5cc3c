// @vitest-environment jsdom
/**
 * The side menu collapsed to icons (the default on a wide screen): a group is a button named by
 * its label, and a click opens its pages as a menu.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { createMemoryCookieJar } from '../../../engine/core/cookie-jar.ts';
import { createMemoryStorage } from '../../../engine/core/layout-settings.ts';
import { createSessionStore } from '../../../engine/core/session.ts';
import { createApp } from '../../../engine/react/app.tsx';
import { fixtureManifest } from './fixture-manifest.ts';

const adapter: AxiosAdapter = async (config) => ({
  data: config.url === '/users' ? { data: [], meta: { count: 0 } } : {},
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});

window.scrollTo = () => {};
// A wide screen: every media query matches (the drawer is permanent and collapsed by default).
window.matchMedia = ((query: string) => ({
  matches: true,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;

afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([
    import('../../../engine/react/renderers/DashboardRenderer.tsx'),
    import('../../../engine/react/renderers/list/ListRenderer.tsx'),
    import('../../../engine/react/shell/VerticalLayout.tsx'),
  ]);
}, 120_000);

describe('collapsed side menu', () => {
  it('names each group (aria-label) and opens its pages as a menu on click', async () => {
    const jar = createMemoryCookieJar();
    createSessionStore(jar).signIn({
      token: 't',
      user: { id: 9, name: 'Staff Member', type: { name: 'Staff', type: 4 }, permissions: ['access_users'] },
    });
    const app = createApp({
      manifest: fixtureManifest(),
      jar,
      storage: createMemoryStorage(),
      adapter,
      memory: { initialEntries: ['/dashboard'] },
    });
    render(<app.App />);
    const nav = await screen.findByRole('navigation', {}, { timeout: 10_000 });
    const group = await within(nav).findByRole('button', { name: 'Administration' }, { timeout: 10_000 });
    expect(group.getAttribute('aria-haspopup')).toBe('menu');
    await act(async () => fireEvent.click(group));
    const menu = await screen.findByRole('menu');
    const users = within(menu).getByRole('menuitem', { name: /Users/ });
    expect(users.getAttribute('href')).toBe('/users');
    await act(async () => fireEvent.click(users));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/users'));
  });
});
