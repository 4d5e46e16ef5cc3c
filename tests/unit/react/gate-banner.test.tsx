// @vitest-environment jsdom
/**
 * A screen that names a gated action (`gate:` in its YAML) warns at its top while the server
 * says that action's gate is closed (GET /users/gates): the server's message and a button to
 * where the refusal would send the user. Any view kind gets it from the screen frame; a screen
 * without `gate` does not even ask. On the registration page the request buttons are then
 * disabled with the message beside them.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import type { FixtureRoute } from '../../../engine/react/testing/fixture-api.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';
import { REGISTRATION_ROUTES } from '../../../stories/registration/fixtures.ts';
import { createMemoryStorage } from '../../../engine/core/layout-settings.ts';
import { createStoredOnlyPaymentsFlag, type StoredOnlyPaymentsFlag } from '../../../engine/core/only-payments.ts';
import { gateOutcome } from '../../../engine/core/gates.ts';

afterEach(cleanup);
beforeAll(() => {
  window.scrollTo = () => {};
});

const EN = 'You have to pay your due invoices.';
const AR = 'يجب عليك سداد الفواتير المستحقة.';

/** GET /users/gates answering `data`, counting the calls. */
function gatesRoute(data: Record<string, unknown>, calls = { n: 0 }): FixtureRoute {
  return {
    method: 'get',
    path: '/users/gates',
    respond: () => {
      calls.n += 1;
      return { data: { data } };
    },
  };
}
const overdue = (message = EN) => ({
  'registration.request': { redirect_to: 'payments', message },
  'registration.add_drop': { redirect_to: 'payments', message },
});

function mount(
  name: string,
  routes: FixtureRoute[],
  language: 'en' | 'ar' = 'en',
  manifest: ClientManifest = CLIENT_MANIFEST,
  onlyPayments?: StoredOnlyPaymentsFlag,
) {
  return render(
    <StoryProviders manifest={manifest} language={language} routes={routes} onlyPayments={onlyPayments}>
      <ScreenStory screen={name} layout="none" />
    </StoryProviders>,
  );
}

/** The real manifest with `gate` set on (or removed from) some screens. */
function withGates(gates: Record<string, string | undefined>): ClientManifest {
  const screens = { ...CLIENT_MANIFEST.screens };
  for (const [name, gate] of Object.entries(gates)) {
    const { gate: _old, ...rest } = screens[name]!;
    screens[name] = gate ? { ...rest, gate } : rest;
  }
  return { ...CLIENT_MANIFEST, screens };
}

describe('the gate warning', () => {
  it('the registration screen names registration.request in its YAML', () => {
    expect(CLIENT_MANIFEST.screens['offering-registration']?.gate).toBe('registration.request');
  });

  it('warns at the top of the registration page before anything is pressed; its button goes to payments, confined to them as the refusal would', async () => {
    const flag = createStoredOnlyPaymentsFlag(createMemoryStorage(), () => '7');
    mount('offering-registration', [gatesRoute(overdue()), ...REGISTRATION_ROUTES], 'en', CLIENT_MANIFEST, flag);
    const banner = await screen.findByTestId('gate-banner', {}, { timeout: 10_000 });
    expect(banner.textContent).toContain(EN);
    // At the top of the screen: before the page's own content.
    const frame = banner.closest('[data-screen="offering-registration"]')!;
    expect(frame.firstElementChild).toBe(banner);
    const go = within(banner).getByRole('button', { name: 'Go to payments' });
    expect(flag.get()).toBe(false);
    fireEvent.click(go);
    await waitFor(() => expect(screen.getByText(CLIENT_MANIFEST.screens.payments!.path)).toBeTruthy());
    expect(flag.get()).toBe(true);
  });

  it("the button does what the server's refusal does (engine/core/api/rules.ts): payments confine, the dashboard frees", () => {
    expect(gateOutcome({ redirect_to: 'payments', message: EN }, 'en')).toEqual({
      to: { name: 'payments' },
      onlyPayments: 'set',
    });
    expect(gateOutcome({ redirect_to: 'dashboard', message: 'x' }, 'en')).toEqual({
      to: { name: 'dashboard' },
      onlyPayments: 'clear',
    });
  });

  it('disables the request buttons with the reason while the gate is closed', async () => {
    mount('offering-registration', [gatesRoute(overdue()), ...REGISTRATION_ROUTES]);
    const row = await screen.findByTestId('offering-AI301', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(row).getByTestId('offering-gate').textContent).toBe(EN));
    expect((within(row).getByRole('button', { name: 'Request' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('in Arabic: the server message and an Arabic button', async () => {
    mount('offering-registration', [gatesRoute(overdue(AR)), ...REGISTRATION_ROUTES], 'ar');
    const banner = await screen.findByTestId('gate-banner', {}, { timeout: 10_000 });
    expect(banner.textContent).toContain(AR);
    expect(within(banner).getByRole('button', { name: 'الذهاب إلى المدفوعات' })).toBeTruthy();
  });

  it('shows nothing, and leaves the buttons alone, when the gate is open', async () => {
    const calls = { n: 0 };
    mount('offering-registration', [gatesRoute({}, calls), ...REGISTRATION_ROUTES]);
    const row = await screen.findByTestId('offering-AI301', {}, { timeout: 10_000 });
    await waitFor(() => expect(calls.n).toBe(1));
    expect(screen.queryByTestId('gate-banner')).toBeNull();
    expect(within(row).queryByTestId('offering-gate')).toBeNull();
    expect((within(row).getByRole('button', { name: 'Request' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('any view kind gets it from its YAML: a list and a form; the dashboard redirect has its own button', async () => {
    const manifest = withGates({ 'courses-list': 'registration.request', 'users-edit': 'services.request' });
    mount('courses-list', [gatesRoute(overdue())], 'en', manifest);
    expect((await screen.findByTestId('gate-banner', {}, { timeout: 10_000 })).textContent).toContain(EN);
    cleanup();
    mount(
      'users-edit',
      [
        gatesRoute({
          'services.request': { redirect_to: 'dashboard', message: 'You have to fill the survery first.' },
        }),
      ],
      'en',
      manifest,
    );
    const banner = await screen.findByTestId('gate-banner', {}, { timeout: 10_000 });
    expect(banner.textContent).toContain('You have to fill the survery first.');
    expect(within(banner).getByRole('button', { name: 'Go to the dashboard' })).toBeTruthy();
  });

  it('a closed gate of another action, or a screen without gate: no warning, and no call for the latter', async () => {
    const manifest = withGates({ 'courses-list': 'certificates.request' });
    const calls = { n: 0 };
    mount('courses-list', [gatesRoute(overdue(), calls)], 'en', manifest);
    await waitFor(() => expect(calls.n).toBe(1));
    expect(screen.queryByTestId('gate-banner')).toBeNull();
    cleanup();
    const none = { n: 0 };
    mount('terms-list', [gatesRoute(overdue(), none)]);
    await screen.findByText(CLIENT_MANIFEST.screens['terms-list']!.title.en, {}, { timeout: 10_000 });
    expect(none.n).toBe(0);
    expect(screen.queryByTestId('gate-banner')).toBeNull();
  });
});
