/**
 * The headless wizard controller: the tab set chosen by the route parameter, the current tab
 * from the address (tabs are navigated by name), done tabs, and `complete()` which marks the
 * tab and all earlier ones done and moves on, or reports the end on the last tab.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Screen, Wizard } from '../../../../generator/manifest-types.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useSession } from '../../data/SessionProvider.tsx';
import { evaluateCondition } from '../../../core/conditions.ts';
import { hrefFor } from '../../router/paths.ts';
import {
  allDone,
  currentTab,
  isLastTab,
  markDone,
  nextTab,
  pathNamesTab,
  previousTab,
  tabParamOf,
  tabsFor,
} from '../../../core/wizard-state.ts';

export interface WizardController {
  tabs: string[];
  current: string | undefined;
  done: ReadonlySet<string>;
  isLast: boolean;
  finished: boolean;
  goTo(tab: string): void;
  back(): void;
  /** Marks the current tab and every earlier one done (plus the server's done tabs) and moves on. */
  complete(serverDone?: readonly string[]): void;
  /** Takes the tabs the server counts as done (a loaded application). */
  adopt(serverDone: readonly string[] | undefined): void;
}

export function useWizardController(
  wizard: Wizard,
  screen: Screen,
  params: Readonly<Record<string, string | undefined>>,
  initialDone: Iterable<string> = [],
): WizardController {
  const manifest = useManifest();
  const navigate = useNavigate();
  const { subject } = useSession();
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set(initialDone));
  const tabParam = tabParamOf(screen.path);
  const tabs = useMemo(
    () => tabsFor(wizard, params).filter((t) => evaluateCondition(wizard.tabs[t]?.visibleWhen, { params, subject })),
    [wizard, params, subject],
  );
  const current = currentTab(tabs, params[tabParam]);

  const goTo = useCallback(
    (tab: string) => {
      const href = hrefFor(manifest, screen.name, { ...params, [tabParam]: tab });
      if (href) void navigate(href);
    },
    [manifest, screen.name, params, tabParam, navigate],
  );

  // An address without a tab, or naming one not in the set, is replaced by the tab shown
  // (admission-and-grid 2: the form "redirects to the nationality step"), so that the address
  // always names the tab on screen and a reload or a shared link opens the same one.
  const requested = params[tabParam];
  const namesTab = pathNamesTab(screen.path, tabParam);
  useEffect(() => {
    if (!namesTab || current === undefined || requested === current) return;
    const href = hrefFor(manifest, screen.name, { ...params, [tabParam]: current });
    if (href) void navigate(href, { replace: true });
  }, [namesTab, current, requested, manifest, screen.name, params, tabParam, navigate]);

  const adopt = useCallback((serverDone: readonly string[] | undefined) => setDone((d) => union(d, serverDone)), []);

  return {
    tabs,
    current,
    done,
    isLast: current !== undefined && isLastTab(tabs, current),
    finished: allDone(done, tabs),
    goTo,
    back() {
      const prev = current && previousTab(tabs, current);
      if (prev) goTo(prev);
    },
    complete(serverDone) {
      if (!current) return;
      setDone((d) => markDone(union(d, serverDone), tabs, current));
      const next = nextTab(tabs, current);
      if (next) goTo(next);
    },
    adopt,
  };
}

function union(done: ReadonlySet<string>, more: readonly string[] | undefined): ReadonlySet<string> {
  if (!more?.length || more.every((t) => done.has(t))) return done;
  return new Set([...done, ...more]);
}
