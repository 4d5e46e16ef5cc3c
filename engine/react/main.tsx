/**
 * The browser entry (index.html loads it): the fonts of the subsets the portal writes in,
 * the client manifest fetched as data (see manifest-asset.ts: one cached request, preloaded
 * by index.html), the app mounted on #root once the manifest and the stored language's
 * locale file are in. Plugins are passed as values here, never registered by import.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import manifestUrl from 'virtual:rowaq/manifest-url';
import './fonts.css';
import { createApp } from './app.tsx';
import { loadManifest } from './data/manifest-source.ts';
import { STATIC_SPLASH_ID } from './shell/Splash.tsx';

async function start(root: HTMLElement): Promise<void> {
  const manifest = await loadManifest(manifestUrl);
  const { App, ready } = createApp({ manifest, plugins: [] });
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
