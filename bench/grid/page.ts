/**
 * The grid benchmark's page (index.html, main.tsx: the rows made in the page by the seeded
 * generator of data.ts), built and served on a loopback port. The bench (bench/grid.bench.ts)
 * measures on it, and an end-to-end test (tests/e2e/grid-search-parts.test.ts) uses its many rows.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Builds the page with vite in production mode into `outDir`. */
export async function buildGridPage(outDir: string): Promise<void> {
  await build({
    root: import.meta.dirname,
    base: './',
    mode: 'production',
    logLevel: 'error',
    configFile: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.xlsx': 'application/octet-stream',
};

/** Serves a folder on a free loopback port (any other path: its index.html). */
export function serveDir(dir: string): Promise<{ base: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ base: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}
