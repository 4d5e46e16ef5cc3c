/**
 * Assembles the portal from values: the manifest, plugins, a cookie jar and storage. Creates
 * the session and language stores, i18next, the UI bridge, the API client, the registry and
 * the data router, and returns the React tree that provides them. Nothing runs at import.
 */
import type { ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import type { ClientManifest } from '../../generator/manifest-types.ts';
import type { ApiClient, ApiClientOptions } from '../core/api/client.ts';
import { createBrowserCookieJar, type CookieJar } from '../core/cookie-jar.ts';
import { createLanguageStore } from '../core/language.ts';
import { createLayoutSettingsStore, createMemoryStorage, type KeyValueStorage } from '../core/layout-settings.ts';
import { createStoredOnlyPaymentsFlag, type StoredOnlyPaymentsFlag } from '../core/only-payments.ts';
import { createSessionStore, type SessionStore } from '../core/session.ts';
import { createUniversitySettingsStore, type UniversityDataAnswer } from '../core/university-settings.ts';
import { createAppApi } from './data/ApiProvider.tsx';
import { AppProviders } from './data/AppProviders.tsx';
import type { ManifestData } from './data/manifest-parts.ts';
import { createManifestStore, type ManifestStore } from './data/manifest-store.ts';
import { createUiBridge } from './data/ui-bridge.ts';
import { createI18n, isLanguage, loadLanguage, DEFAULT_LANGUAGE } from './i18n/index.ts';
import { directionOf } from './i18n/direction.ts';
import { prepareDirection } from './theme/cache.ts';
import { defaultRegistry } from './registry/defaults.ts';
import { chooseRenderer, registerPlugin, type Registry, type RowaqPlugin } from './registry/registry.ts';
import { preloadComponent } from './lazy.ts';
import { loadFavicon } from './shell/favicon.ts';
import { namedComponent } from './renderers/ComponentRenderer.tsx';
import { LAYOUTS } from './shell/AppShell.tsx';
import { chooseLayout } from '../core/layout.ts';
import { targetHref } from './router/guard-loader.ts';
import { buildRoutes } from './router/routes.tsx';
import { browserLayoutStore } from './shell/layout-settings.ts';

export interface AppOptions {
  /** The whole manifest, or its core part when `loadManifestData` is given. */
  manifest: ClientManifest;
  /** Fetches the manifest's data part, the first time a screen needs it (data/manifest-parts.ts). */
  loadManifestData?: () => Promise<ManifestData>;
  plugins?: readonly RowaqPlugin[];
  /** Cookies (session, language); default the browser's. */
  jar?: CookieJar;
  /** Layout setting storage; default localStorage. */
  storage?: KeyValueStorage;
  /** Per-tab storage of the only-payments flag; default sessionStorage (memory routers: memory). */
  sessionStorage?: KeyValueStorage;
  /** An in-memory router (tests, previews) starting at these addresses. */
  memory?: { initialEntries: string[] };
  /** A custom axios adapter for the API client (tests). */
  adapter?: ApiClientOptions['adapter'];
}

export interface RowaqApp {
  App: () => ReactNode;
  router: ReturnType<typeof createBrowserRouter>;
  session: SessionStore;
  api: ApiClient;
  i18n: I18n;
  registry: Registry;
  manifestStore: ManifestStore;
  /** Resolves when the stored language's locale file is loaded (render after it: no flash of English). */
  ready: Promise<void>;
  /** Set by the payments rule ('You have to pay your due invoices.'), cleared by any other answer but reads. */
  onlyPayments: StoredOnlyPaymentsFlag;
}

export function createApp(options: AppOptions): RowaqApp {
  const { manifest } = options;
  const jar = options.jar ?? createBrowserCookieJar();
  const session = createSessionStore(jar);
  const languageStore = createLanguageStore(jar);
  const stored = languageStore.get();
  const language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  const i18n = createI18n(language);
  // English is built in; another stored language's locale file is one chunk away.
  // A right-to-left language's styling is one chunk too.
  const ready = Promise.all([loadLanguage(i18n, language), prepareDirection(directionOf(language))]).then(
    () => undefined,
    () => undefined,
  );
  const layoutStore = options.storage ? createLayoutSettingsStore(options.storage) : browserLayoutStore();
  const bridge = createUiBridge();
  const registry = (options.plugins ?? []).reduce(registerPlugin, defaultRegistry());
  const manifestStore = createManifestStore(manifest, options.loadManifestData);
  // Kept per tab for the signed-in user: the provider's hosted page and a reload keep the mode.
  const onlyPayments = createStoredOnlyPaymentsFlag(
    options.sessionStorage ??
      (options.memory || typeof sessionStorage === 'undefined' ? createMemoryStorage() : sessionStorage),
    () => {
      const id = session.isLoggedIn() ? session.getUser()?.id : undefined;
      return id === undefined || id === null || id === '' ? undefined : String(id);
    },
  );
  // Read by the guard and the menu; `api` is made below (the store asks on a later tick).
  const settings = createUniversitySettingsStore(() =>
    api.get<UniversityDataAnswer>('/university/data', { toast: false }),
  );
  // The load-time favicon fetch: the university's own icon from its settings.
  if (!options.memory && typeof document !== 'undefined') loadFavicon(document, settings);
  const routes = buildRoutes(manifest, session, {
    store: manifestStore,
    settings,
    onlyPayments: () => onlyPayments.get(),
    // Fetch the screen's layout and renderer chunks while the guard's loader waits for data.
    prepare: (screen) => {
      preloadComponent(
        LAYOUTS[
          chooseLayout(
            { layout: screen.layout },
            { signedIn: session.isLoggedIn(), layoutType: layoutStore.get().layoutType },
          )
        ],
      );
      if (screen.form && !(screen.form in manifestStore.get().forms)) return; // its renderer depends on the form
      const choice = chooseRenderer(registry, screen, manifestStore.get());
      preloadComponent(choice.name === 'component' ? namedComponent(screen, registry.components) : choice.renderer);
    },
  });
  const router = options.memory ? createMemoryRouter(routes, options.memory) : createBrowserRouter(routes);
  const api = createAppApi({
    onlyPayments,
    session,
    getLocale: () => i18n.language,
    navigate: (to) => void router.navigate(targetHref(manifest, to)),
    bridge,
    adapter: options.adapter,
  });

  function App() {
    return (
      <AppProviders
        manifest={{ store: manifestStore }}
        {...{ i18n, languageStore, layoutStore, session, api, registry, bridge, onlyPayments, settings }}
      >
        <RouterProvider router={router} />
      </AppProviders>
    );
  }

  return { App, router, session, api, i18n, registry, manifestStore, onlyPayments, ready };
}
