// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { createMemoryCookieJar } from '../../../engine/core/cookie-jar.ts';
import { createSessionStore } from '../../../engine/core/session.ts';
import { ManifestProvider } from '../../../engine/react/data/ManifestProvider.tsx';
import { SessionProvider } from '../../../engine/react/data/SessionProvider.tsx';
import {
  useWizardController,
  type WizardController,
} from '../../../engine/react/renderers/wizard/useWizardController.ts';
import {
  allDone,
  currentTab,
  isLastTab,
  markDone,
  nextTab,
  tabParamOf,
  tabsFor,
} from '../../../engine/core/wizard-state.ts';
import { fixtureManifest } from './fixture-manifest.ts';

const manifest = fixtureManifest();
const wizard = manifest.wizards.admission_form;
const screen = manifest.screens.admissionForm;

afterEach(cleanup);

describe('wizard state', () => {
  it('chooses the tab set by the route parameter, with the default set for an unknown value', () => {
    expect(tabsFor(wizard, { type: '4' })).toEqual(['nationality', 'personal_info', 'bachelor_degree', 'payment']);
    expect(tabsFor(wizard, { type: '1' })).toEqual(['nationality', 'personal_info', 'scholarships', 'payment']);
    expect(tabsFor(wizard, { type: '2' })).toEqual(tabsFor(wizard, { type: '1' }));
  });

  it('navigates by name: the named tab when in the set, else the first', () => {
    const tabs = tabsFor(wizard, { type: '4' });
    expect(currentTab(tabs, 'bachelor_degree')).toBe('bachelor_degree');
    expect(currentTab(tabs, 'scholarships')).toBe('nationality');
    expect(currentTab(tabs, undefined)).toBe('nationality');
    expect(tabParamOf(screen.path)).toBe('name');
    expect(tabParamOf('/x/:tab?')).toBe('tab');
  });

  it('completing a tab marks it done, and not the earlier tabs skipped over', () => {
    const tabs = tabsFor(wizard, { type: '1' });
    const done = markDone(new Set(), tabs, 'scholarships');
    expect([...done]).toEqual(['scholarships']);
    expect(allDone(done, tabs)).toBe(false);
    const all = tabs.reduce((d, t) => markDone(d, tabs, t), done);
    expect(allDone(all, tabs)).toBe(true);
  });

  it('knows the last tab', () => {
    const tabs = tabsFor(wizard, { type: '1' });
    expect(isLastTab(tabs, 'payment')).toBe(true);
    expect(isLastTab(tabs, 'nationality')).toBe(false);
    expect(nextTab(tabs, 'payment')).toBeUndefined();
    expect(nextTab(tabs, 'nationality')).toBe('personal_info');
  });
});

describe('wizard controller', () => {
  it('moves through the tabs by name in the address and marks them done', async () => {
    const seen: { current?: WizardController } = {};
    function Probe() {
      const params = useParams();
      seen.current = useWizardController(wizard, screen, params);
      return null;
    }
    const router = createMemoryRouter([{ path: '/admissionForm/:type/:id/:secretKey/:name?', element: <Probe /> }], {
      initialEntries: ['/admissionForm/4/12/s3cret/personal_info'],
    });
    render(
      <ManifestProvider manifest={manifest}>
        <SessionProvider store={createSessionStore(createMemoryCookieJar())}>
          <RouterProvider router={router} />
        </SessionProvider>
      </ManifestProvider>,
    );
    expect(seen.current?.current).toBe('personal_info');
    await act(async () => seen.current?.complete());
    expect(router.state.location.pathname).toBe('/admissionForm/4/12/s3cret/bachelor_degree');
    // only the saved tab: nationality was skipped over, never saved
    expect([...(seen.current?.done ?? [])]).toEqual(['personal_info']);
    await act(async () => seen.current?.goTo('payment'));
    expect(seen.current?.isLast).toBe(true);
    await act(async () => seen.current?.complete());
    expect(seen.current?.finished).toBe(false);
    // the server's list of saved tabs completes the rest
    await act(async () => seen.current?.complete(tabsFor(wizard, { type: '4' })));
    expect(seen.current?.finished).toBe(true);
    expect(router.state.location.pathname).toBe('/admissionForm/4/12/s3cret/payment');
  });
});
