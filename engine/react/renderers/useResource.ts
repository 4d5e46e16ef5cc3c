/**
 * Loads one API path for a renderer (detail records, dashboards): data, loading, error, reload.
 * The server writes some values in the caller's language (a dashboard's program and term, the
 * messages of a record), so a change of language asks again.
 */
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../data/ApiProvider.tsx';
import { useLanguage } from '../i18n/hooks.ts';

export interface Resource<T> {
  data?: T;
  loading: boolean;
  error: unknown;
  reload(): void;
}

/** Unwraps `{data: X}` envelopes; anything else is returned as is. */
export function unwrapData(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body && Object.keys(body).length <= 3) {
    return (body as { data: unknown }).data;
  }
  return body;
}

/**
 * GETs under way, per client and path. React's StrictMode runs an effect twice on mount in
 * development (mount, cleanup, mount): without this the second run asked the server again, and a
 * failing call showed its error toast twice. A run that finds its path under way shares that
 * request; a reload after it settled asks again.
 */
const pending = new WeakMap<object, Map<string, Promise<unknown>>>();

export function sharedGet(api: { get(path: string): Promise<unknown> }, path: string, language = ''): Promise<unknown> {
  let calls = pending.get(api);
  if (!calls) pending.set(api, (calls = new Map()));
  // An answer asked in another language is not this one's.
  const key = `${language}\u0000${path}`;
  const running = calls.get(key);
  if (running) return running;
  const request = api.get(path);
  calls.set(key, request);
  const done = () => {
    if (calls.get(key) === request) calls.delete(key);
  };
  request.then(done, done);
  return request;
}

export interface ResourceOptions {
  /** Keep the whole answer (`{data, related, meta}`) instead of unwrapping `{data}`. */
  raw?: boolean;
}

export function useResource<T = unknown>(path: string | undefined, options: ResourceOptions = {}): Resource<T> {
  const raw = options.raw === true;
  const api = useApi();
  const language = useLanguage();
  const [state, setState] = useState<{ data?: T; loading: boolean; error: unknown }>({ loading: !!path, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!path) {
      setState({ loading: false, error: null });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    sharedGet(api, path, language).then(
      (body) => live && setState({ data: (raw ? body : unwrapData(body)) as T, loading: false, error: null }),
      (error: unknown) => live && setState({ loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [api, path, tick, raw, language]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
