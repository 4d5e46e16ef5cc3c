/** Loads a GET path with the busy-retry rule (./retry.ts): data, loading, error, busy attempt, reload. */
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../data/ApiProvider.tsx';
import { writeWithRetry } from './retry.ts';

export interface RetryingGet<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  /** The attempt under way while the server answers busy; 0 otherwise. */
  busy: number;
  reload(): void;
}

export function useRetryingGet<T>(path: string | undefined): RetryingGet<T> {
  const api = useApi();
  const [state, setState] = useState<{ data?: T; loading: boolean; error: unknown }>({ loading: !!path, error: null });
  const [busy, setBusy] = useState(0);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    writeWithRetry<T>(api, 'get', path, undefined, { onBusy: (n) => live && setBusy(n) }).then(
      (data) => live && setState({ data, loading: false, error: null }),
      (error: unknown) => live && setState((s) => ({ data: s.data, loading: false, error })),
    );
    return () => {
      live = false;
    };
  }, [api, path, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data: state.data, loading: state.loading, error: state.error, busy, reload };
}
