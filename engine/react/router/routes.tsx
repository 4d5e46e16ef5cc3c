/**
 * The data router's routes, built from the manifest's screens: one child of the app shell per
 * screen (path converted, guard as loader, handle naming the screen), `/` to the dashboard,
 * and every unknown path to error-404. A screen that reads the manifest's data part
 * (`screenNeedsData`) has its loader wait for it, after the guard let the navigation through.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';
import { ROUTE } from '../../core/routes.ts';
import type { SessionStore } from '../../core/session.ts';
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

export interface RouteOptions {
  /** The app's manifest store: routes of screens that read the data part wait for it. */
  store?: ManifestStore;
  /** Called when the guard let a navigation through, before the screen draws (fetch its chunks). */
  prepare?: (screen: Screen) => void;
  /** The only-payments flag the guard reads (engine/core/only-payments.ts). */
  onlyPayments?: () => boolean;
}

export function buildRoutes(manifest: ClientManifest, session: SessionStore, options: RouteOptions = {}): RouteObject[] {
  const { store, prepare, onlyPayments } = options;
  const screens = Object.values(manifest.screens).sort((a, b) => a.path.localeCompare(b.path));
  const children: RouteObject[] = screens
    .filter((screen) => toRouterPath(screen.path) !== '/')
    .map((screen) => ({
      id: `screen:${screen.name}`,
      path: toRouterPath(screen.path),
      handle: { screen: screen.name } satisfies ScreenHandle,
      loader: prepared(guardLoader(screen, manifest, session, onlyPayments), screen, store && screenNeedsData(screen, manifest) ? store : undefined, prepare),
      element: <ScreenRenderer screen={screen} />,
    }));
  const dashboard = hrefFor(manifest, ROUTE.dashboard);
  const notFound = hrefFor(manifest, ROUTE.error404);
  children.push({ index: true, element: dashboard && dashboard !== '/' ? <Navigate to={dashboard} replace /> : <NotFound /> });
  children.push({ path: '*', element: notFound ? <Navigate to={notFound} replace /> : <NotFound /> });
  return [{ id: 'root', path: '/', element: <AppShell />, errorElement: <RouteError />, hydrateFallbackElement: <Splash />, children }];
}

/** The guard, then the screen's chunks started and the manifest's data part awaited (in parallel). */
function prepared(loader: ReturnType<typeof guardLoader>, screen: Screen, store: ManifestStore | undefined, prepare: RouteOptions['prepare']): RouteObject['loader'] {
  if (!store && !prepare) return loader;
  return async (args) => {
    const result = loader(args);
    prepare?.(screen);
    if (store) await store.loadData();
    return result;
  };
}
