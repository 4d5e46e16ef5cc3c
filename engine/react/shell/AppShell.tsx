/**
 * The root route's element: picks the layout for the current screen (`chooseLayout`), draws
 * the screen inside it, and does rule 6's after-navigation duties (hide the splash, scroll to
 * the top). A layout stays mounted while navigation keeps the same layout kind.
 */
import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { afterNavigation } from '../../core/guard.ts';
import { chooseLayout, type LayoutName } from '../../core/layout.ts';
import { useOnlyPayments } from '../data/OnlyPaymentsProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { useLabel } from '../i18n/hooks.ts';
import { useCurrentScreen } from '../router/current.ts';
import { lazyNamed } from '../lazy.ts';
import { FullLayout } from './FullLayout.tsx';
import { useLayoutSettingsContext } from './LayoutSettingsContext.tsx';
import { ScrollReset } from './ScrollReset.tsx';
import { hideStaticSplash, Splash } from './Splash.tsx';

type LayoutComponent = ComponentType<{ children: ReactNode }>;

/** Loaded only when the only-payments mode is on (engine/core/only-payments.ts). */
const OnlyPaymentsNotice = lazyNamed<object, 'OnlyPaymentsNotice'>(
  () => import('./OnlyPaymentsNotice.tsx'),
  'OnlyPaymentsNotice',
);

/**
 * The full layout (sign-in, static pages) is in the first download; the menu layouts load
 * with the first screen that uses them (they bring the navigation, the top bar and the icons).
 */
export const LAYOUTS: Record<LayoutName, LayoutComponent> = {
  full: FullLayout,
  admission: lazyNamed<{ children: ReactNode }, 'AdmissionLayout'>(
    () => import('./AdmissionLayout.tsx'),
    'AdmissionLayout',
  ),
  vertical: lazyNamed<{ children: ReactNode }, 'VerticalLayout'>(
    () => import('./VerticalLayout.tsx'),
    'VerticalLayout',
  ),
  horizontal: lazyNamed<{ children: ReactNode }, 'HorizontalLayout'>(
    () => import('./HorizontalLayout.tsx'),
    'HorizontalLayout',
  ),
};

export function AppShell({ children }: { children?: ReactNode }) {
  const screen = useCurrentScreen();
  const { loggedIn, refresh } = useSession();
  const [settings] = useLayoutSettingsContext();
  const location = useLocation();
  const onlyPayments = useOnlyPayments();
  const kind = chooseLayout(screen ? { layout: screen.layout } : undefined, {
    signedIn: loggedIn,
    layoutType: settings.layoutType,
  });
  const Layout = LAYOUTS[kind];

  // Each screen names the browser tab (and what a screen reader announces on arrival), in the
  // user's language: "Students · Rowaq".
  const label = useLabel();
  const { t } = useTranslation();
  const title = screen ? label(screen.title) : '';
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);

  useEffect(() => {
    // The guard may have changed the cookies (`?token` clears the user): re-read them.
    refresh();
    for (const effect of afterNavigation()) {
      if (effect.type === 'hide-splash') hideStaticSplash();
    }
  }, [location.key, refresh]);

  return (
    <Suspense fallback={<Splash />}>
      <Layout>
        <ScrollReset />
        {onlyPayments && loggedIn && kind !== 'full' && (
          <Suspense fallback={null}>
            <OnlyPaymentsNotice />
          </Suspense>
        )}
        <Suspense fallback={<Splash inline />}>{children ?? <Outlet />}</Suspense>
      </Layout>
    </Suspense>
  );
}
