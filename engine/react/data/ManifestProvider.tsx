/**
 * The client manifest for the whole tree: a whole manifest (tests, previews hand in a
 * fixture), or the app's manifest store (`main.tsx` fetches the core part; routes load the
 * data part when their screen needs it, see data/manifest-parts.ts).
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import { createManifestStore, type ManifestStore } from './manifest-store.ts';

const ManifestContext = createContext<ClientManifest | null>(null);

type ManifestProviderProps = { children: ReactNode } & ({ manifest: ClientManifest; store?: never } | { store: ManifestStore; manifest?: never });

export function ManifestProvider({ manifest, store, children }: ManifestProviderProps) {
  const source = useMemo(() => store ?? createManifestStore(manifest!), [store, manifest]);
  const value = useSyncExternalStore(source.subscribe, source.get, source.get);
  return <ManifestContext.Provider value={value}>{children}</ManifestContext.Provider>;
}

export function useManifest(): ClientManifest {
  const manifest = useContext(ManifestContext);
  if (!manifest) throw new Error('useManifest() needs a <ManifestProvider> above it');
  return manifest;
}
