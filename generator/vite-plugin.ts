/**
 * Vite plugin: compiles screens/ when Vite starts and, during `npm run dev`, recompiles
 * incrementally whenever a definition, a schema or a locale file changes.
 *
 * Errors go to the browser overlay (all of them, one per line, as the CLI prints them); a
 * successful recompile triggers a full reload, since the manifest shapes the whole app.
 */
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { createCompiler, type CompileOptions, type CompileResult } from './compile.ts';
import { formatError } from './errors.ts';

export function rowaqManifest(options: CompileOptions = {}): Plugin {
  let compiler: ReturnType<typeof createCompiler> | undefined;
  let server: ViteDevServer | undefined;
  // Changes arriving during a compile are batched into the next one.
  let running: Promise<void> | undefined;
  let pending = new Set<string>();

  const getCompiler = (root: string) => (compiler ??= createCompiler({ root, ...options }));

  const report = (result: CompileResult, root: string) => {
    if (!server) return;
    if (result.errors.length) {
      const lines = result.errors.map((e) => formatError(e, root));
      server.config.logger.error(`[rowaq] ${result.errors.length} definition error(s):\n${lines.join('\n')}`, { timestamp: true });
      server.ws.send({ type: 'error', err: { message: lines.join('\n'), stack: '', id: result.errors[0].file, plugin: 'rowaq' } });
    } else {
      server.config.logger.info(`[rowaq] manifest recompiled in ${Math.round(result.ms)} ms`, { timestamp: true });
      server.ws.send({ type: 'full-reload' });
    }
  };

  const recompile = async (root: string) => {
    while (pending.size) {
      const changed = [...pending];
      pending = new Set();
      report(await getCompiler(root).compile(changed), root);
    }
  };

  return {
    name: 'rowaq-manifest',
    async buildStart() {
      const c = getCompiler(process.cwd());
      const result = await c.compile();
      if (result.errors.length && !server) {
        // A production build must not ship a manifest that failed to compile.
        this.error(`definition errors:\n${result.errors.map((e) => formatError(e, c.options.root)).join('\n')}`);
      }
      if (server) report(result, c.options.root);
    },
    configureServer(devServer) {
      server = devServer;
      const c = getCompiler(devServer.config.root);
      const watched = [c.options.screensDir, c.options.schemasDir, c.options.localesDir];
      devServer.watcher.add(watched);
      const onChange = (file: string) => {
        const abs = path.resolve(file);
        if (!watched.some((dir) => abs.startsWith(`${dir}${path.sep}`))) return;
        pending.add(abs);
        running ??= recompile(c.options.root).finally(() => (running = undefined));
      };
      devServer.watcher.on('add', onChange);
      devServer.watcher.on('change', onChange);
      devServer.watcher.on('unlink', onChange);
    },
  };
}
