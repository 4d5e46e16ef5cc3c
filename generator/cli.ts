/**
 * `npm run gen`: compiles screens/ into .generated/ and archives form versions.
 *
 * Prints every error as `screens/path.yaml:LINE:COLUMN message (how to fix)` and exits 1, or a
 * one-line summary. Flags point it at other folders (tests, bench):
 *   --screens DIR --schemas DIR --locales DIR --out DIR --versions DIR --root DIR --check
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compileAll } from './compile.ts';
import { formatError } from './errors.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      screens: { type: 'string' }, schemas: { type: 'string' }, locales: { type: 'string' },
      out: { type: 'string' }, versions: { type: 'string' }, root: { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  });
  // Flags are relative to the current directory, like any command-line path.
  const abs = (dir: string | undefined) => (dir === undefined ? undefined : path.resolve(dir));
  const result = await compileAll({
    root: abs(values.root), screensDir: abs(values.screens), schemasDir: abs(values.schemas), localesDir: abs(values.locales),
    outDir: abs(values.out), versionsDir: abs(values.versions), write: !values.check,
  });
  if (result.errors.length) {
    for (const e of result.errors) console.error(formatError(e));
    const files = new Set(result.errors.map((e) => e.file)).size;
    console.error(`\n${result.errors.length} error(s) in ${files} file(s); nothing was generated.`);
    return 1;
  }
  const m = result.manifest!;
  const count = (o: object) => Object.keys(o).length;
  console.log(
    `rowaq gen: ${result.definitions} files -> ${count(m.entities)} entities, ${count(m.screens)} screens, ${count(m.forms)} forms, ` +
      `${count(m.wizards)} wizards, ${count(m.statusTables)} status tables, ${count(m.permissions)} permissions, ${count(m.roles)} roles; ` +
      `${result.files.length} file(s) written in ${Math.round(result.ms)} ms`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`rowaq gen: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);
