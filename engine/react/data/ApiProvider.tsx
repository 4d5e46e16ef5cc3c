/**
 * engine/core's API client for the tree. The app creates the client once (`createAppApi`)
 * with the session, the current language, the router's navigate and the UI bridge; renderers
 * take it with `useApi()`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, createOnlyPaymentsFlag, type ApiClient, type ApiClientOptions, type OnlyPaymentsFlag } from '../../core/api/client.ts';
import type { RouteTarget } from '../../core/routes.ts';
import type { SessionStore } from '../../core/session.ts';
import type { UiBridge } from './ui-bridge.ts';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() needs an <ApiProvider> above it');
  return api;
}

export interface AppApiDeps {
  session: SessionStore;
  getLocale: () => string;
  /** Set once the router exists; redirects before that are dropped. */
  navigate: (to: RouteTarget) => void;
  bridge: UiBridge;
  adapter?: ApiClientOptions['adapter'];
  /** The only-payments flag the payments rule sets (one per app). */
  onlyPayments?: OnlyPaymentsFlag;
}

export function createAppApi(deps: AppApiDeps): ApiClient {
  return createApiClient({
    getToken: () => deps.session.getToken(),
    getUser: () => (deps.session.isLoggedIn() ? deps.session.getUser() : null),
    getLocale: deps.getLocale,
    onRedirect: (to) => deps.navigate(to),
    onDialog: (dialog) => deps.bridge.dialog(dialog),
    onToast: (toast) => deps.bridge.toast(toast),
    flags: { onlyPayments: deps.onlyPayments ?? createOnlyPaymentsFlag() },
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
}
