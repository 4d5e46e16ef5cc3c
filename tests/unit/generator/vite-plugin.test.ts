/**
 * The Vite plugin, driven through a stand-in dev server: a broken definition reaches the
 * browser overlay with its file:line:column; the fix triggers a full reload.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { rowaqManifest } from '../../../generator/vite-plugin.ts';
import { workspace, type Workspace } from './helpers.ts';

let ws: Workspace | undefined;
afterEach(async () => {
  await ws?.cleanup();
  ws = undefined;
});

type Hook = (...args: unknown[]) => unknown;

it('vite plugin: errors go to the overlay, a successful recompile reloads the page', async () => {
  ws = await workspace();
  const plugin = rowaqManifest(ws.options());
  const sent: { type: string; err?: { message: string; plugin?: string } }[] = [];
  const handlers: Record<string, (file: string) => void> = {};
  const server = {
    config: { root: ws.root, logger: { info() {}, error() {} } },
    ws: { send: (payload: (typeof sent)[number]) => sent.push(payload) },
    watcher: { add() {}, on: (event: string, fn: (file: string) => void) => (handlers[event] = fn) },
  };
  (plugin.configResolved as Hook)({ root: ws.root });
  (plugin.configureServer as Hook)(server);
  await (plugin.buildStart as Hook).call({
    error: (m: string) => {
      throw new Error(m);
    },
  });
  expect(sent.at(-1)).toEqual({ type: 'full-reload' });

  const idle = (plugin.api as { idle(): Promise<void> }).idle;
  const role = path.join(ws.root, 'screens/access/student.role.yaml');
  await writeFile(
    role,
    'kind: role\nname: student\nlabel: {en: Student, ar: طالب}\nuserType: 3\npermissions: [nope]\n',
  );
  handlers.change(role);
  await idle();
  expect(sent.at(-1)?.type).toBe('error');
  expect(sent.at(-1)?.err?.plugin).toBe('rowaq');
  expect(sent.at(-1)?.err?.message).toBe(
    "screens/access/student.role.yaml:5:15 unknown permission 'nope' (declare it in a kind: permissions file)",
  );

  await writeFile(
    role,
    'kind: role\nname: student\nlabel: {en: Student, ar: طالب}\nuserType: 3\npermissions: [access_student]\n',
  );
  handlers.change(role);
  await idle();
  expect(sent.at(-1)).toEqual({ type: 'full-reload' });
});
