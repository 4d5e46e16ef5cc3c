/**
 * Screens loaded on demand. A script chunk that has not arrived after 120000 ms fails with a
 * ChunkLoadError (portal-core 8 and 9), which the route's error element offers to reload.
 */
import { lazy, type ComponentType } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** The loaded module, or a ChunkLoadError after `ms` or when the import fails. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk not loaded after ${ms} ms`)), ms);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/** A lazy component whose chunk can be fetched ahead of its first render. */
export type PreloadableComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/** `React.lazy` of a named export, with the chunk timeout and a `preload()` (one request either way). */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= withChunkTimeout(load).then((m) => ({ default: m[name] as ComponentType<P> })));
  const component = lazy(preload) as unknown as ComponentType<P>;
  return Object.assign(component, { preload });
}

/** Starts fetching a lazy component's chunk (a route about to draw it); nothing for other components. */
export function preloadComponent(component: unknown): void {
  const preload = (component as Partial<PreloadableComponent<object>> | null)?.preload;
  if (typeof preload === 'function') preload().catch(() => undefined); // the render reports a failure
}
