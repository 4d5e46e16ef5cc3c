/**
 * The built client is sent as the build compressed it (engine/react/precompress.ts): brotli or
 * gzip by the browser's Accept-Encoding, hashed assets cached for good, client routes falling
 * back to index.html.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { precompressDir } from '../../engine/react/precompress.ts';
import { fixtureManifest } from './fixtures/manifest.ts';

describe('the built client, precompressed', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-precompressed-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Rowaq</title>${' '.repeat(2000)}`);
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'x');
    expect(await precompressDir(dir)).toBe(2);
    app = await buildApp({
      manifest: fixtureManifest,
      db: {} as never,
      config: loadConfig({}),
      domains: [],
      clientDir: dir,
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes gzip and brotli copies of compressible files over 1 KB only', () => {
    expect(fs.existsSync(path.join(dir, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'app-abc123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny.js.gz'))).toBe(false);
  });

  it('sends the gzip copy to a browser that accepts gzip, with a year-long cache for assets', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('prefers brotli, and sends the plain file to a client that accepts neither', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('falls back to index.html for client routes without the asset cache', async () => {
    const res = await app.inject({ url: '/students/12', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});
