/**
 * Test helpers: a throw-away copy of the valid fixture tree, changed file by file, compiled
 * against the real schemas/ (the language's contract).
 */
import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCompiler, type CompileOptions } from '../../../generator/compile.ts';
import { formatError, type GenError } from '../../../generator/errors.ts';

export const REPO = path.resolve(import.meta.dirname, '../../..');
export const FIXTURE = path.join(REPO, 'tests/fixtures/generator/valid');
export const SCHEMAS = path.join(REPO, 'schemas');

export interface Workspace {
  root: string;
  /** Writes (or with null deletes) files relative to the workspace root. */
  put(files: Record<string, string | null>): Promise<void>;
  options(extra?: Partial<CompileOptions>): CompileOptions;
  cleanup(): Promise<void>;
}

export async function workspace(files: Record<string, string | null> = {}): Promise<Workspace> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'rowaq-gen-'));
  await cp(FIXTURE, root, { recursive: true });
  const ws: Workspace = {
    root,
    async put(changes) {
      for (const [rel, text] of Object.entries(changes)) {
        const file = path.join(root, rel);
        if (text === null) await rm(file, { force: true });
        else {
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, text);
        }
      }
    },
    options: (extra = {}) => ({ root, schemasDir: SCHEMAS, ...extra }),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
  await ws.put(files);
  return ws;
}

/** Compiles a fixture copy with the given changes, writing nothing; returns the printed errors. */
export async function errorsFor(
  files: Record<string, string | null>,
): Promise<{ errors: GenError[]; lines: string[] }> {
  const ws = await workspace(files);
  try {
    const result = await createCompiler(ws.options({ write: false })).compile();
    return { errors: result.errors, lines: result.errors.map((e) => formatError(e, ws.root)) };
  } finally {
    await ws.cleanup();
  }
}
