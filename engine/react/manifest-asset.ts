/**
 * Vite plugin: the client manifest as data, not code. `.generated/client-manifest.json` is
 * split in two parts (data/manifest-parts.ts) that the browser fetches (data/manifest-source.ts)
 * from the addresses the virtual module `virtual:rowaq/manifest-url` exports:
 * - `vite build`: each part minified and emitted as a content-hashed asset
 *   (`assets/manifest-core-<hash>.json`, `assets/manifest-data-<hash>.json`), cacheable for
 *   ever; index.html preloads the core part so it arrives alongside the scripts. Whatever
 *   serves dist/client (server/app.ts, `vite preview`) serves them with no further set-up.
 * - `vite dev`: `/manifest/core.json` and `/manifest/data.json`, cut from the generated file
 *   on every request (the generator's plugin recompiles and reloads the page on a change).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ClientManifest } from '../../generator/manifest-types.ts';
import { splitManifest } from './data/manifest-parts.ts';

export const MANIFEST_URL_MODULE = 'virtual:rowaq/manifest-url';
export const DEV_MANIFEST_DIR = '/manifest/';
const RESOLVED = `\0${MANIFEST_URL_MODULE}`;
const PARTS = ['core', 'data'] as const;
type Part = (typeof PARTS)[number];
const assetName = (part: Part) => `manifest-${part}.json`;

export function rowaqManifestAsset(file = '.generated/client-manifest.json'): Plugin {
  let root = process.cwd();
  let serving = false;
  let base = '/';
  const parts = () => splitManifest(JSON.parse(fs.readFileSync(path.resolve(root, file), 'utf8')) as ClientManifest);
  const devUrl = (part: Part) => `${base}${DEV_MANIFEST_DIR.slice(1)}${part}.json`;

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
      if (serving) return `export default ${JSON.stringify({ core: devUrl('core'), data: devUrl('data') })};`;
      const split = parts();
      const url = (part: Part) =>
        `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'asset', name: assetName(part), source: JSON.stringify(split[part]) })}`;
      return `export default { core: ${url('core')}, data: ${url('data')} };`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_MANIFEST_DIR, (req, res, next) => {
        const part = PARTS.find((p) => req.url?.split('?')[0] === `/${p}.json`);
        if (!part) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(JSON.stringify(parts()[part]));
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (out) => out.type === 'asset' && out.names.includes(assetName('core')),
        );
        const href = asset ? base + asset.fileName : serving ? devUrl('core') : undefined;
        if (!href) return undefined;
        // Fetched at once, in parallel with the scripts (same credentials mode as fetch()).
        return [
          { tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' },
        ];
      },
    },
  };
}
