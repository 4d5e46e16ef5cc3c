/**
 * The root route's element: picks the layout for the current screen (`chooseLayout`), draws
 * the screen inside it, and does rule 6's after-navigation duties (hide the splash, scroll to
 * the top). A layout stays mounted while navigation keeps the same layout kind.
 */
import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { afterNavigation } from '../../core/guard.ts';
import { chooseLayout, type LayoutName } from '../../core/layout.ts';
import { useSession } from '../data/SessionProvider.tsx';
import { useCurrentScreen } from '../router/current.ts';
import { AdmissionLayout } from './AdmissionLayout.tsx';
import { FullLayout } from './FullLayout.tsx';
import { HorizontalLayout } from './HorizontalLayout.tsx';
import { useLayoutSettingsContext } from './LayoutSettingsContext.tsx';
import { ScrollReset } from './ScrollReset.tsx';
import { hideStaticSplash, Splash } from './Splash.tsx';
import { VerticalLayout } from './VerticalLayout.tsx';

export const LAYOUTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  full: FullLayout,
  admission: AdmissionLayout,
  vertical: VerticalLayout,
  horizontal: HorizontalLayout,
};

export function AppShell({ children }: { children?: ReactNode }) {
  const screen = useCurrentScreen();
  const { loggedIn, refresh } = useSession();
  const [settings] = useLayoutSettingsContext();
  const location = useLocation();
  const kind = chooseLayout(screen ? { layout: screen.layout } : undefined, { signedIn: loggedIn, layoutType: settings.layoutType });
  const Layout = LAYOUTS[kind];

  useEffect(() => {
    // The guard may have changed the cookies (`?token` clears the user): re-read them.
    refresh();
    for (const effect of afterNavigation()) {
      if (effect.type === 'hide-splash') hideStaticSplash();
    }
  }, [location.key, refresh]);

  return (
    <Layout>
      <ScrollReset />
      <Suspense fallback={<Splash inline />}>{children ?? <Outlet />}</Suspense>
    </Layout>
  );
}
