/**
 * Reads the YAML definitions and keeps their source positions.
 *
 * Every later stage speaks in JSON paths (ajv's `/fields/name/label`, or arrays of segments);
 * `locate` turns such a path back into the line and column of the node in the file, so an
 * error always points at what the analyst wrote.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { GenError } from './errors.ts';

export type JsonPath = ReadonlyArray<string | number>;

export interface Position {
  line: number;
  column: number;
}

export interface LoadedFile {
  /** Absolute path. */
  file: string;
  /** sha256 of the text: the incremental compiler's cache key. */
  hash: string;
  /** The parsed value (undefined when the file could not be parsed). */
  value: unknown;
  /** YAML syntax errors, already positioned. */
  errors: GenError[];
  /** Line:column of the node at `path`; with `key`, of the key naming it (for unknown keys). */
  locate(path: JsonPath, options?: { key?: boolean }): Position;
}

/** Every `*.yaml` / `*.yml` file under `dir`, recursively, sorted so output is stable. */
export async function listDefinitionFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export async function loadFile(file: string): Promise<LoadedFile> {
  return parseDefinition(file, await readFile(file, 'utf8'));
}

/** Parses one file's text. Syntax errors do not throw: they come back in `errors`. */
export function parseDefinition(file: string, text: string): LoadedFile {
  const lineCounter = new LineCounter();
  // uniqueKeys (the default) makes a repeated key an error instead of a silent overwrite.
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  // The parser's first error is the cause; the ones after it (every key under a tab "not at
  // the same column", a key pushed to the top level "repeated") follow from it and would bury
  // it: one error per file, the first. The next shows once this one is fixed.
  const found = [...doc.errors, ...doc.warnings].sort((a, b) => a.pos[0] - b.pos[0]);
  const causes = found.slice(0, 1);
  const errors: GenError[] = causes.map((e) => ({
    file,
    line: e.linePos?.[0].line ?? 1,
    column: e.linePos?.[0].col ?? 1,
    message: `YAML: ${firstLine(e.message)}`,
    hint: yamlHint(e.code),
  }));
  const value = doc.errors.length ? undefined : doc.toJS({ maxAliasCount: 100 });
  const toPos = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  return {
    file,
    hash: hashText(text),
    value,
    errors,
    locate: (jsonPath, options) => toPos(findOffset(doc, jsonPath, options?.key ?? false)),
  };
}

/**
 * A file known valid from the persistent cache (compile.ts): its value is reused as is, and
 * the YAML is parsed only if a cross-check error must be located in it.
 */
export function cachedDefinition(file: string, text: string, hash: string, value: unknown): LoadedFile {
  let parsed: LoadedFile | undefined;
  return {
    file,
    hash,
    value,
    errors: [],
    locate: (jsonPath, options) => (parsed ??= parseDefinition(file, text)).locate(jsonPath, options),
  };
}

/** Splits an ajv instancePath (JSON pointer) into segments. */
export function pointerToPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Offset of the node at `jsonPath`. When a segment is missing (a required key that is absent),
 * the deepest existing node is used: the error then points at the object lacking the key.
 */
function findOffset(doc: Document, jsonPath: JsonPath, wantKey: boolean): number {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (let i = 0; i < jsonPath.length; i++) {
    const segment = jsonPath[i];
    const last = i === jsonPath.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) return offset;
      const keyStart = rangeStart(pair.key);
      if (last && wantKey && keyStart !== undefined) return keyStart;
      node = pair.value;
      // A key with no value (`label:`) has no value node: fall back to the key.
      offset = rangeStart(node) ?? keyStart ?? offset;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (item === undefined) return offset;
      node = item;
      offset = rangeStart(node) ?? offset;
    } else {
      return offset;
    }
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

function yamlHint(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'a key may appear once per object: remove or rename one';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'check the indentation and the brackets on this line';
    case 'TAB_AS_INDENT':
      return 'indent with spaces, never tabs';
    case 'BLOCK_AS_IMPLICIT_KEY':
      return 'a key must be followed by ": " on the same line';
    default:
      return 'fix the YAML syntax at this position';
  }
}
