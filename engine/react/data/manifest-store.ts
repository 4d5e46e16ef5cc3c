/**
 * The manifest the tree reads, as a small store: the whole manifest from the start (tests,
 * previews), or the core part first and the data part when a route asks for it
 * (`loadData`, awaited by the route's loader, so a screen never draws without it).
 */
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import { joinManifest, splitManifest, type ManifestData } from './manifest-parts.ts';

export interface ManifestStore {
  get(): ClientManifest;
  subscribe(listener: () => void): () => void;
  /** Resolves when the data part is in: at once when it already is. */
  loadData(): Promise<void>;
}

/** `loadData` absent: `manifest` is whole. */
export function createManifestStore(manifest: ClientManifest, loadData?: () => Promise<ManifestData>): ManifestStore {
  let current = manifest;
  let loading: Promise<void> | undefined = loadData ? undefined : Promise.resolve();
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    loadData() {
      loading ??= loadData!().then(
        (data) => {
          current = joinManifest(splitManifest(current).core, data);
          for (const listener of listeners) listener();
        },
        (error: unknown) => {
          loading = undefined; // the next navigation tries again
          throw error;
        },
      );
      return loading;
    },
  };
}
