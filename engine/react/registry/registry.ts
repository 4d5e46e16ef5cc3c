/**
 * The renderer registry: plain arrays of `{tester, renderer}`. A screen is drawn by asking
 * every entry's tester how well it fits and taking the best; when nothing fits, the Unknown
 * renderer says so. Plugins add entries through `registerPlugin()`, which takes a value and
 * returns a new registry: no import side effects, no switch to edit.
 */
import type { ComponentType } from 'react';
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';

/** Named ranks: never a bare number in a tester. */
export const RANK = {
  /** The tester does not apply. */
  never: -1,
  /** Any screen of the view kind (the engine's generic renderers). */
  view: 10,
  /** A lighter renderer for part of a view kind (simple flat forms without RJSF). */
  variant: 15,
  /** A view kind plus a further property (a page naming a component, a plugin view). */
  specific: 20,
  /** One screen by name: a plugin replacing the generic rendering of a screen. */
  named: 30,
} as const;

export interface RendererProps {
  screen: Screen;
  /** Route parameters of the current address. */
  params: Readonly<Record<string, string | undefined>>;
}

export interface TesterContext {
  manifest: ClientManifest;
  /** Components by `<group>#<Export>` name (engine/react/components.ts plus plugins'). */
  components: Readonly<Record<string, ComponentType<RendererProps>>>;
}

export type Tester = (screen: Screen, context: TesterContext) => number;

export interface RendererEntry {
  /** For debugging and tests: which entry won. */
  name: string;
  tester: Tester;
  renderer: ComponentType<RendererProps>;
}

export interface Registry {
  readonly entries: readonly RendererEntry[];
  readonly components: Readonly<Record<string, ComponentType<RendererProps>>>;
  readonly unknown: ComponentType<RendererProps>;
}

/** What a plugin brings: renderer entries and named components (`grid#Grid`). */
export interface RowaqPlugin {
  name: string;
  renderers?: readonly RendererEntry[];
  components?: Readonly<Record<string, ComponentType<RendererProps>>>;
}

export function createRegistry(
  entries: readonly RendererEntry[],
  unknown: ComponentType<RendererProps>,
  components: Readonly<Record<string, ComponentType<RendererProps>>> = {},
): Registry {
  return { entries: [...entries], unknown, components: { ...components } };
}

/** A new registry with the plugin's renderers and components added. */
export function registerPlugin(registry: Registry, plugin: RowaqPlugin): Registry {
  return {
    entries: [...registry.entries, ...(plugin.renderers ?? [])],
    components: { ...registry.components, ...(plugin.components ?? {}) },
    unknown: registry.unknown,
  };
}

export interface Choice {
  /** The winning entry's name, or 'unknown'. */
  name: string;
  rank: number;
  renderer: ComponentType<RendererProps>;
}

/** The best-ranked entry for the screen; ties go to the entry registered last (plugins win). */
export function chooseRenderer(registry: Registry, screen: Screen, manifest: ClientManifest): Choice {
  const context: TesterContext = { manifest, components: registry.components };
  let best: Choice = { name: 'unknown', rank: RANK.never, renderer: registry.unknown };
  for (const entry of registry.entries) {
    const rank = entry.tester(screen, context);
    if (rank > RANK.never && rank >= best.rank) best = { name: entry.name, rank, renderer: entry.renderer };
  }
  return best;
}
