/**
 * The browser entry (index.html loads it): the fonts of the subsets the portal writes in,
 * the client manifest fetched as data (manifest-asset.ts: its core part preloaded by
 * index.html; the data part when a screen needs it), the app mounted on #root once the core
 * and the stored language's locale file are in. Plugins are passed as values here, never
 * registered by import.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import manifestUrls from 'virtual:rowaq/manifest-url';
import './fonts.css';
import { createBrowserCookieJar } from '../core/cookie-jar.ts';
import { createSessionStore } from '../core/session.ts';
import { createApp } from './app.tsx';
import { joinManifest, type ManifestCore, type ManifestData } from './data/manifest-parts.ts';
import { loadManifestPart } from './data/manifest-source.ts';
import { STATIC_SPLASH_ID } from './shell/Splash.tsx';
import { PLUGINS } from '../plugins/index.ts';

async function start(root: HTMLElement): Promise<void> {
  // A signed-in visitor's screens (lists, details) read the data part: fetch it alongside the
  // core. A visitor who is not signed in (sign-in, public pages) fetches it only if a screen asks.
  if (createSessionStore(createBrowserCookieJar()).isLoggedIn())
    void loadManifestPart(manifestUrls.data).catch(() => undefined);
  const core = await loadManifestPart<ManifestCore>(manifestUrls.core);
  const { App, ready } = createApp({
    manifest: joinManifest(core),
    loadManifestData: () => loadManifestPart<ManifestData>(manifestUrls.data),
    plugins: PLUGINS,
  });
  await ready;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** No manifest, no portal: say so on the static splash, with a way to try again. */
function showLoadFailure(error: unknown): void {
  console.error(error);
  const splash = document.getElementById(STATIC_SPLASH_ID);
  if (!splash) return;
  splash.replaceChildren();
  const text = document.createElement('p');
  text.textContent = 'The portal could not be loaded. / تعذر تحميل البوابة.';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Reload / إعادة التحميل';
  retry.addEventListener('click', () => window.location.reload());
  splash.append(text, retry);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
start(root).catch(showLoadFailure);
