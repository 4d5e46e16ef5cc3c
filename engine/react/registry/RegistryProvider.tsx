/**
 * The renderer registry for the tree, and `<ScreenRenderer>` which draws a screen with the best
 * entry, under the screen's gate warning when it names a gated action.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Screen } from '../../../generator/manifest-types.ts';
import { useManifest } from '../data/ManifestProvider.tsx';
import { GateBanner } from '../gates/GateBanner.tsx';
import { chooseRenderer, type Registry } from './registry.ts';

const RegistryContext = createContext<Registry | null>(null);

export function RegistryProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry() needs a <RegistryProvider> above it');
  return registry;
}

export function ScreenRenderer({ screen: routed }: { screen: Screen }) {
  const registry = useRegistry();
  const manifest = useManifest();
  // The route holds the screen as the core manifest gave it; a list's body (columns, actions)
  // comes with the data part, so draw the manifest's current copy.
  const screen = manifest.screens[routed.name] ?? routed;
  const params = useParams();
  const choice = useMemo(() => chooseRenderer(registry, screen, manifest), [registry, screen, manifest]);
  const Renderer = choice.renderer;
  return (
    <div data-screen={screen.name} data-renderer={choice.name}>
      {/* A screen leading to a gated action warns while its gate is closed, whatever draws it. */}
      {screen.gate && <GateBanner screen={screen} />}
      <Renderer screen={screen} params={params} />
    </div>
  );
}
