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
  let root = process.cwd();
  let server: ViteDevServer | undefined;
  // Changes arriving during a compile are batched into the next one.
  let running: Promise<void> | undefined;
  let pending = new Set<string>();

  const getCompiler = () => (compiler ??= createCompiler({ root, ...options }));

  const report = (result: CompileResult) => {
    if (!server) return;
    if (result.errors.length) {
      const lines = result.errors.map((e) => formatError(e, getCompiler().options.root));
      server.config.logger.error(`[rowaq] ${result.errors.length} definition error(s):\n${lines.join('\n')}`, {
        timestamp: true,
      });
      server.ws.send({
        type: 'error',
        err: { message: lines.join('\n'), stack: '', id: result.errors[0].file, plugin: 'rowaq' },
      });
    } else {
      for (const w of result.warnings)
        server.config.logger.warn(`[rowaq] warning: ${formatError(w, getCompiler().options.root)}`, {
          timestamp: true,
        });
      server.config.logger.info(`[rowaq] manifest recompiled in ${Math.round(result.ms)} ms`, { timestamp: true });
      server.ws.send({ type: 'full-reload' });
    }
  };

  const recompile = async () => {
    while (pending.size) {
      const changed = [...pending];
      pending = new Set();
      try {
        report(await getCompiler().compile(changed));
      } catch (e) {
        // A broken schema or locale file: show it rather than kill the dev server.
        const message = e instanceof Error ? e.message : String(e);
        server?.ws.send({ type: 'error', err: { message, stack: '', plugin: 'rowaq' } });
      }
    }
  };

  /** Resolves when the compile triggered by the last change is done (tests, tooling). */
  const idle = () => running ?? Promise.resolve();

  return {
    name: 'rowaq-manifest',
    api: { idle },
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const c = getCompiler();
      const result = await c.compile();
      if (result.errors.length && !server) {
        // A production build must not ship a manifest that failed to compile.
        this.error(`definition errors:\n${result.errors.map((e) => formatError(e, c.options.root)).join('\n')}`);
      }
      if (server) report(result);
    },
    configureServer(devServer) {
      server = devServer;
      const c = getCompiler();
      const watched = [c.options.screensDir, c.options.schemasDir, c.options.localesDir];
      devServer.watcher.add(watched);
      const onChange = (file: string) => {
        const abs = path.resolve(file);
        if (!watched.some((dir) => abs.startsWith(`${dir}${path.sep}`))) return;
        pending.add(abs);
        running ??= recompile().finally(() => (running = undefined));
      };
      devServer.watcher.on('add', onChange);
      devServer.watcher.on('change', onChange);
      devServer.watcher.on('unlink', onChange);
    },
  };
}
