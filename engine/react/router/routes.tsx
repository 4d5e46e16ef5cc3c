/**
 * The data router's routes, built from the manifest's screens: one child of the app shell per
 * screen (path converted, guard as loader, handle naming the screen), `/` to the dashboard,
 * and every unknown path to error-404.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import { ROUTE } from '../../core/routes.ts';
import type { SessionStore } from '../../core/session.ts';
import { ScreenRenderer } from '../registry/RegistryProvider.tsx';
import { AppShell } from '../shell/AppShell.tsx';
import { guardLoader } from './guard-loader.ts';
import { hrefFor, toRouterPath } from './paths.ts';
import type { ScreenHandle } from './current.ts';
import { NotFound } from './NotFound.tsx';
import { RouteError } from './RouteError.tsx';
import { Splash } from '../shell/Splash.tsx';

export function buildRoutes(manifest: ClientManifest, session: SessionStore): RouteObject[] {
  const screens = Object.values(manifest.screens).sort((a, b) => a.path.localeCompare(b.path));
  const children: RouteObject[] = screens
    .filter((screen) => toRouterPath(screen.path) !== '/')
    .map((screen) => ({
      id: `screen:${screen.name}`,
      path: toRouterPath(screen.path),
      handle: { screen: screen.name } satisfies ScreenHandle,
      loader: guardLoader(screen, manifest, session),
      element: <ScreenRenderer screen={screen} />,
    }));
  const dashboard = hrefFor(manifest, ROUTE.dashboard);
  const notFound = hrefFor(manifest, ROUTE.error404);
  children.push({ index: true, element: dashboard && dashboard !== '/' ? <Navigate to={dashboard} replace /> : <NotFound /> });
  children.push({ path: '*', element: notFound ? <Navigate to={notFound} replace /> : <NotFound /> });
  return [{ id: 'root', path: '/', element: <AppShell />, errorElement: <RouteError />, hydrateFallbackElement: <Splash />, children }];
}
