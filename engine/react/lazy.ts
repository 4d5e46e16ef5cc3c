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

/** `React.lazy` of a named export, with the chunk timeout. */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  return lazy(() => withChunkTimeout(load).then((m) => ({ default: m[name] as ComponentType<P> }))) as unknown as ComponentType<P>;
}
