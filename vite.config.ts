import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rowaqManifest } from './generator/vite-plugin.ts';
import { rowaqManifestAsset } from './engine/react/manifest-asset.ts';
import { precompress } from './engine/react/precompress.ts';

// The client is built from engine/react; the generator's plugin recompiles screens/ on change
// and reports definition errors in the browser overlay during `npm run dev`. The client
// manifest is data the browser fetches (engine/react/manifest-asset.ts), not code; every file
// gets gzip and brotli copies the server sends as they are (engine/react/precompress.ts).
export default defineConfig({
  plugins: [react(), rowaqManifest(), rowaqManifestAsset(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist/client', emptyOutDir: true },
});
