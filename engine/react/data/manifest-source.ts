/**
 * Loads the parts of the client manifest as data: one fetch per address `manifest-asset.ts`
 * gives (content-hashed files in a build, so the browser's cache keeps them until the
 * definitions change), parsed once and shared by every caller. Tests and previews pass a
 * whole manifest to `createApp` instead and never come here.
 */
export class ManifestLoadError extends Error {
  override readonly name = 'ManifestLoadError';
}

const pending = new Map<string, Promise<unknown>>();

/** The JSON at `url`; one request per page however many callers ask. A failure may be retried. */
export function loadManifestPart<T>(url: string, fetcher: typeof fetch = (...args) => fetch(...args)): Promise<T> {
  let part = pending.get(url);
  if (!part) {
    part = fetcher(url, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new ManifestLoadError(`manifest: HTTP ${response.status} for ${url}`);
        return (await response.json()) as unknown;
      })
      .catch((error: unknown) => {
        pending.delete(url);
        throw error instanceof ManifestLoadError ? error : new ManifestLoadError(error instanceof Error ? error.message : String(error));
      });
    pending.set(url, part);
  }
  return part as Promise<T>;
}
