/**
 * The browser entry (index.html loads it): bundled fonts, the generated client manifest, the
 * app mounted on #root. Plugins are passed as values here, never registered by import.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/cairo/400.css';
import '@fontsource/cairo/600.css';
import '@fontsource/cairo/700.css';
import type { ClientManifest } from '../../generator/manifest-types.ts';
import manifestJson from '../../.generated/client-manifest.json';
import { createApp } from './app.tsx';

const manifest = manifestJson as unknown as ClientManifest;
const { App } = createApp({ manifest, plugins: [] });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
