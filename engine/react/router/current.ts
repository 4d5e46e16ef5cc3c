/** The screen of the current route: every screen route carries `handle: {screen: name}`. */
import { useMatches } from 'react-router-dom';
import type { Screen } from '../../../generator/manifest-types.ts';
import { useManifest } from '../data/ManifestProvider.tsx';

export interface ScreenHandle {
  screen: string;
}

export function isScreenHandle(value: unknown): value is ScreenHandle {
  return !!value && typeof value === 'object' && typeof (value as ScreenHandle).screen === 'string';
}

export function useCurrentScreen(): Screen | undefined {
  const manifest = useManifest();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isScreenHandle(handle)) return manifest.screens[handle.screen];
  }
  return undefined;
}
