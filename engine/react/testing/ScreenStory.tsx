/**
 * One screen of the manifest at an address, drawn by the real renderer registry
 * (`<ScreenRenderer>`) in an in-memory data router: alone, inside a named layout, or inside
 * the app shell (which picks the layout as the app does). Needs `<StoryProviders>` above it.
 * No guard runs: a story shows the screen whoever is signed in.
 */
import { Suspense, useMemo, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Alert, Box } from '@mui/material';
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';
import type { LayoutName } from '../../core/layout.ts';
import { useManifest } from '../data/ManifestProvider.tsx';
import { ScreenRenderer } from '../registry/RegistryProvider.tsx';
import type { ScreenHandle } from '../router/current.ts';
import { hrefFor, pathParams, toRouterPath } from '../router/paths.ts';
import { AppShell, LAYOUTS } from '../shell/AppShell.tsx';
import { Splash } from '../shell/Splash.tsx';

/** `none`: the screen alone; `shell`: the app shell's own choice; else that layout. */
export type StoryLayout = LayoutName | 'none' | 'shell';

export interface ScreenStoryProps {
  /** The screen's name in the manifest. */
  screen: string;
  /** Route parameters; a missing required one gets a sample value (`id` 1, `type` 1, ...). */
  params?: Record<string, string>;
  /** Query string of the address (`tab=...`, list filters), without `?`. */
  query?: string;
  layout?: StoryLayout;
}

export const SAMPLE_PARAMS: Readonly<Record<string, string>> = Object.freeze({
  id: '1',
  type: '1',
  secretKey: 'story-secret',
  msg: 'done',
});

/** The address a story opens for a screen: its path filled with the params, samples for required ones. */
export function storyAddress(
  manifest: Pick<ClientManifest, 'screens'>,
  screen: Screen,
  params: Record<string, string> = {},
  query = '',
): string {
  const values: Record<string, string> = {};
  for (const p of pathParams(screen.path)) {
    const v = params[p.name] ?? (p.optional ? undefined : (SAMPLE_PARAMS[p.name] ?? '1'));
    if (v !== undefined) values[p.name] = v;
  }
  const path = hrefFor(manifest, screen.name, values) ?? '/';
  return query ? `${path}?${query}` : path;
}

/** Where a link or an action of the story led (the story has one route). */
function Elsewhere() {
  const location = useLocation();
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="info">
        {location.pathname}
        {location.search}
      </Alert>
    </Box>
  );
}

function framed(screen: Screen, layout: StoryLayout): ReactNode {
  const content = <ScreenRenderer screen={screen} />;
  if (layout === 'shell') return <AppShell>{content}</AppShell>;
  if (layout === 'none') {
    return (
      <Box component="main" sx={{ p: 3, minHeight: '100vh', bgcolor: 'background.default' }}>
        <Suspense fallback={<Splash inline />}>{content}</Suspense>
      </Box>
    );
  }
  const Layout = LAYOUTS[layout];
  return (
    <Layout>
      <Suspense fallback={<Splash inline />}>{content}</Suspense>
    </Layout>
  );
}

export function ScreenStory({ screen: name, params, query, layout = 'none' }: ScreenStoryProps) {
  const manifest = useManifest();
  const screen = manifest.screens[name];
  const key = JSON.stringify([name, params, query, layout]);
  const router = useMemo(() => {
    if (!screen) return undefined;
    return createMemoryRouter(
      [
        {
          id: `screen:${screen.name}`,
          path: toRouterPath(screen.path),
          handle: { screen: screen.name } satisfies ScreenHandle,
          element: framed(screen, layout),
        },
        { path: '*', element: <Elsewhere /> },
      ],
      { initialEntries: [storyAddress(manifest, screen, params, query)] },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [manifest, key]);
  if (!router) return <Alert severity="error">No screen named “{name}” in the manifest</Alert>;
  return <RouterProvider router={router} />;
}
