/**
 * Vite plugin: the client manifest as data, not code. The browser fetches it (`data/manifest-
 * source.ts`) from the address the virtual module `virtual:rowaq/manifest-url` exports:
 * - `vite build`: `.generated/client-manifest.json`, minified, emitted as a content-hashed
 *   asset (`assets/manifest-<hash>.json`), cacheable forever; index.html preloads it so the
 *   fetch runs alongside the scripts. Whatever serves dist/client (server/app.ts, `vite
 *   preview`) serves it with no further set-up.
 * - `vite dev`: `/manifest.json`, read from the generated file on every request (the
 *   generator's plugin recompiles and reloads the page when a definition changes).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const MANIFEST_URL_MODULE = 'virtual:rowaq/manifest-url';
export const DEV_MANIFEST_PATH = '/manifest.json';
const RESOLVED = `\0${MANIFEST_URL_MODULE}`;
const ASSET_NAME = 'manifest.json';

export function rowaqManifestAsset(file = '.generated/client-manifest.json'): Plugin {
  let root = process.cwd();
  let serving = false;
  let base = '/';
  const source = () => fs.readFileSync(path.resolve(root, file), 'utf8');

  return {
    name: 'rowaq-manifest-asset',
    configResolved(config) {
      root = config.root;
      serving = config.command === 'serve';
      base = config.base;
    },
    resolveId(id) {
      return id === MANIFEST_URL_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (serving) return `export default ${JSON.stringify(base + DEV_MANIFEST_PATH.slice(1))};`;
      const ref = this.emitFile({ type: 'asset', name: ASSET_NAME, source: JSON.stringify(JSON.parse(source())) });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_MANIFEST_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(source());
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find((out) => out.type === 'asset' && out.names.includes(ASSET_NAME));
        const href = asset ? base + asset.fileName : serving ? base + DEV_MANIFEST_PATH.slice(1) : undefined;
        if (!href) return undefined;
        // Fetched at once, in parallel with the scripts (same credentials mode as fetch()).
        return [{ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' }];
      },
    },
  };
}
