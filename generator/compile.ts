/**
 * The generator's pipeline: load -> validate -> cross-check -> sanitize -> version -> emit.
 *
 * `createCompiler` keeps parsed and validated files between runs, keyed by path and content
 * hash, so a recompile after one file changed reparses that file only, then re-runs the
 * cross-check over the whole set (a change can break a reference anywhere).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildIndex, type Def } from './definitions-index.ts';
import { crosscheck } from './crosscheck.ts';
import { emit, newEmitCache } from './emit.ts';
import { sortErrors, type GenError } from './errors.ts';
import { FileCache } from './file-cache.ts';
import { cachedDefinition, hashText, listDefinitionFiles, parseDefinition, type LoadedFile } from './load.ts';
import { loadLocales } from './locales.ts';
import { menuGroupErrors } from './menus.ts';
import { unreachableScreens } from './reach.ts';
import type { Manifest } from './manifest-types.ts';
import type { RawDefinition } from './raw-types.ts';
import { sanitize } from './sanitize.ts';
import { loadSchemaSet } from './schemas.ts';
import { validateDefinition } from './validate.ts';
import { applyVersions, archiveVersions } from './versions.ts';

export interface CompileOptions {
  /** Folder the others default under; process.cwd() when omitted. */
  root?: string;
  screensDir?: string;
  schemasDir?: string;
  localesDir?: string;
  /** The generated folder (.generated). */
  outDir?: string;
  /** The committed version archive (versions; docs/language.md, Form versions). */
  versionsDir?: string;
  /** false: compile and check only, write nothing (tests, the bench's check-only figure). */
  write?: boolean;
  /**
   * true: also write the current form and wizard versions into versionsDir (`npm run versions`).
   * Off by default, so a trial compile leaves nothing in the committed archive.
   */
  archive?: boolean;
}

export interface CompileResult {
  /** Undefined when there are errors: nothing is written then, the last good output stays. */
  manifest?: Manifest;
  errors: GenError[];
  /** Findings that do not stop the build (a screen no user can reach). */
  warnings: GenError[];
  /** Files written by this run (generated files and new archived versions). */
  files: string[];
  /** Number of definition files compiled. */
  definitions: number;
  ms: number;
  /** Milliseconds per stage (load+validate, check, sanitize, write): for the bench. */
  phases: Record<string, number>;
}

interface CachedFile {
  hash: string;
  loaded: LoadedFile;
  /** Syntax and schema errors of this file alone. */
  errors: GenError[];
}

export interface Compiler {
  /** Compiles the folder. `changed` (absolute paths) limits rereading to those files. */
  compile(changed?: string[]): Promise<CompileResult>;
  readonly options: Required<CompileOptions>;
}

export function resolveOptions(options: CompileOptions = {}): Required<CompileOptions> {
  const root = path.resolve(options.root ?? process.cwd());
  const at = (dir: string | undefined, dflt: string) => path.resolve(root, dir ?? dflt);
  return {
    root,
    screensDir: at(options.screensDir, 'screens'),
    schemasDir: at(options.schemasDir, 'schemas'),
    localesDir: at(options.localesDir, 'locales'),
    outDir: at(options.outDir, '.generated'),
    versionsDir: at(options.versionsDir, 'versions'),
    write: options.write ?? true,
    archive: options.archive ?? false,
  };
}

export function createCompiler(options: CompileOptions = {}): Compiler {
  const opts = resolveOptions(options);
  const files = new Map<string, CachedFile>();
  const emitCache = newEmitCache();
  const archived = new Set<string>();
  const persistent = new FileCache(path.join(opts.outDir, 'cache', 'definitions.json'), opts.screensDir);
  let schemaHash = '';

  async function compile(changed?: string[]): Promise<CompileResult> {
    const started = performance.now();
    const phases: Record<string, number> = {};
    let mark = started;
    const lap = (name: string) => {
      const now = performance.now();
      phases[name] = now - mark;
      mark = now;
    };
    const schemas = await loadSchemaSet(opts.schemasDir);
    if (schemas.hash !== schemaHash) {
      // New schemas: every cached validation is stale.
      files.clear();
      schemaHash = schemas.hash;
    }
    if (opts.write) await persistent.load(schemas.hash);
    const [paths, locales] = await Promise.all([listDefinitionFiles(opts.screensDir), loadLocales(opts.localesDir)]);
    const wanted = changed ? new Set(changed.map((c) => path.resolve(c))) : undefined;
    for (const cachedPath of files.keys()) if (!paths.includes(cachedPath)) files.delete(cachedPath);
    await Promise.all(
      paths.map(async (file) => {
        const cached = files.get(file);
        if (cached && wanted && !wanted.has(file)) return;
        const text = await readFile(file, 'utf8');
        const hash = hashText(text);
        if (cached?.hash === hash) return;
        const known = opts.write ? persistent.get(file, hash) : undefined;
        if (known) {
          files.set(file, { hash, loaded: cachedDefinition(file, text, hash, known.value), errors: [] });
          return;
        }
        await schemas.prepare();
        const loaded = parseDefinition(file, text);
        files.set(file, { hash, loaded, errors: [...loaded.errors, ...validateDefinition(loaded, schemas)] });
      }),
    );

    lap('load+validate');
    const all = paths.map((p) => files.get(p)!);
    const errors = all.flatMap((f) => f.errors);
    const valid: Def[] = all
      .filter((f) => f.errors.length === 0)
      .map((f) => ({ file: f.loaded, value: f.loaded.value as RawDefinition }));
    // A file the YAML parser could not read declares nothing: checking the others against it
    // would report each reference to what it declares as unknown, ahead of the cause. Its
    // syntax error alone is reported, first; the rest is checked once it reads.
    const unreadable = all.flatMap((f) => f.loaded.errors);
    if (unreadable.length === 0) {
      const { index, errors: indexErrors } = buildIndex(all.map((f) => f.loaded));
      errors.push(
        ...indexErrors,
        ...crosscheck(valid, index, locales),
        ...crosscheckInvalid(all, index, locales),
        ...menuGroupErrors(valid),
      );
    }
    const warnings = errors.length || unreadable.length ? [] : sortErrors(unreachableScreens(valid));
    const result: CompileResult = {
      errors: unreadable.length ? sortErrors(unreadable) : sortErrors(errors),
      warnings,
      files: [],
      definitions: paths.length,
      ms: 0,
      phases,
    };
    lap('crosscheck');
    if (errors.length === 0) {
      result.manifest = applyVersions(
        sanitize(
          valid.map((d) => d.value),
          locales,
        ),
      );
      lap('sanitize+version');
      if (opts.write) {
        const [written, versions] = await Promise.all([
          emit(result.manifest, schemas, opts.outDir, emitCache),
          opts.archive ? archiveVersions(result.manifest, opts.versionsDir, archived) : [],
          persistent.save(
            schemas.hash,
            all.map((f) => ({ file: f.loaded.file, hash: f.hash, value: f.loaded.value })),
          ),
        ]);
        result.files = [...written, ...versions];
        lap('write');
      }
    }
    result.ms = performance.now() - started;
    return result;
  }

  return { compile, options: opts };
}

/** One-shot compile of a whole folder (the CLI). */
export async function compileAll(options: CompileOptions = {}): Promise<CompileResult> {
  return createCompiler(options).compile();
}

/**
 * Cross-checks files that failed validation too, so one run reports a bad key and a bad
 * reference together. Their shapes cannot be trusted: a check that trips over one is
 * abandoned for that file, and a finding at the very node a schema error points at is dropped
 * (the schema's message already covers it).
 */
function crosscheckInvalid(
  all: CachedFile[],
  index: ReturnType<typeof buildIndex>['index'],
  locales: Awaited<ReturnType<typeof loadLocales>>,
): GenError[] {
  const out: GenError[] = [];
  for (const f of all) {
    const value = f.loaded.value;
    if (
      f.errors.length === 0 ||
      f.loaded.errors.length > 0 ||
      !value ||
      typeof value !== 'object' ||
      Array.isArray(value)
    )
      continue;
    let found: GenError[];
    try {
      found = crosscheck([{ file: f.loaded, value: value as RawDefinition }], index, locales);
    } catch {
      continue;
    }
    const taken = new Set(f.errors.map((e) => `${e.line}:${e.column}`));
    out.push(...found.filter((e) => !taken.has(`${e.line}:${e.column}`)));
  }
  return out;
}
