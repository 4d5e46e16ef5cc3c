/**
 * The data router's routes, built from the manifest's screens: one child of the app shell per
 * screen (path converted, guard as loader, handle naming the screen), `/` to the dashboard,
 * and every unknown path to error-404. A screen that reads the manifest's data part
 * (`screenNeedsData`) has its loader wait for it, after the guard let the navigation through.
 */
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';
import { ROUTE } from '../../core/routes.ts';
import type { SessionStore } from '../../core/session.ts';
import { subjectOf } from '../../core/guard.ts';
import type { UniversitySettingsStore } from '../../core/university-settings.ts';
import { screenVisible } from '../shell/navigation.ts';
import { screenNeedsData } from '../data/manifest-parts.ts';
import type { ManifestStore } from '../data/manifest-store.ts';
import { ScreenRenderer } from '../registry/RegistryProvider.tsx';
import { AppShell } from '../shell/AppShell.tsx';
import { guardLoader } from './guard-loader.ts';
import { hrefFor, toRouterPath } from './paths.ts';
import type { ScreenHandle } from './current.ts';
import { NotFound } from './NotFound.tsx';
import { RouteError } from './RouteError.tsx';
import { Splash } from '../shell/Splash.tsx';

type ScreenLoader = (args: LoaderFunctionArgs) => unknown;

export interface RouteOptions {
  /** The app's manifest store: routes of screens that read the data part wait for it. */
  store?: ManifestStore;
  /** Called when the guard let a navigation through, before the screen draws (fetch its chunks). */
  prepare?: (screen: Screen) => void;
  /** The only-payments flag the guard reads (engine/core/only-payments.ts). */
  onlyPayments?: () => boolean;
  /** The university's settings, for screens that exist only under a setting (`visibleWhen`). */
  settings?: UniversitySettingsStore;
}

export function buildRoutes(
  manifest: ClientManifest,
  session: SessionStore,
  options: RouteOptions = {},
): RouteObject[] {
  const { store, prepare, onlyPayments, settings } = options;
  const screens = Object.values(manifest.screens).sort((a, b) => a.path.localeCompare(b.path));
  const children: RouteObject[] = screens
    .filter((screen) => toRouterPath(screen.path) !== '/')
    .map((screen) => ({
      id: `screen:${screen.name}`,
      path: toRouterPath(screen.path),
      handle: { screen: screen.name } satisfies ScreenHandle,
      loader: prepared(
        conditional(guardLoader(screen, manifest, session, onlyPayments), screen, manifest, session, settings),
        screen,
        store && screenNeedsData(screen, manifest) ? store : undefined,
        prepare,
      ),
      element: <ScreenRenderer screen={screen} />,
    }));
  const dashboard = hrefFor(manifest, ROUTE.dashboard);
  const notFound = hrefFor(manifest, ROUTE.error404);
  children.push({
    index: true,
    element: dashboard && dashboard !== '/' ? <Navigate to={dashboard} replace /> : <NotFound />,
  });
  children.push({ path: '*', element: notFound ? <Navigate to={notFound} replace /> : <NotFound /> });
  return [
    {
      id: 'root',
      path: '/',
      element: <AppShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Splash />,
      children,
    },
  ];
}

/**
 * A screen with `visibleWhen` (e.g. the attendance screens, only while the university's
 * attendance_with_qr_code is "true") does not exist for a user it does not hold for: after the
 * guard let the navigation through, its address leads to the 404 page, as an unknown one does.
 */
function conditional(
  loader: ScreenLoader,
  screen: Screen,
  manifest: ClientManifest,
  session: SessionStore,
  settings: UniversitySettingsStore | undefined,
): ScreenLoader {
  if (!screen.visibleWhen) return loader;
  return async (args) => {
    const result = loader(args);
    const user = session.isLoggedIn() ? session.getUser() : null;
    const known = settings ? await settings.load() : null;
    if (!screenVisible(screen, user ? subjectOf(user) : null, known)) {
      const notFound = hrefFor(manifest, ROUTE.error404);
      throw redirect(notFound && notFound !== new URL(args.request.url).pathname ? notFound : '/');
    }
    return result;
  };
}

/** The guard, then the screen's chunks started and the manifest's data part awaited (in parallel). */
function prepared(
  loader: ScreenLoader,
  screen: Screen,
  store: ManifestStore | undefined,
  prepare: RouteOptions['prepare'],
): RouteObject['loader'] {
  if (!store && !prepare) return loader;
  return async (args) => {
    const result = loader(args);
    prepare?.(screen);
    if (store) await store.loadData();
    return result;
  };
}
