/**
 * `npm run gen`: compiles screens/ into .generated/. It archives no form version (that is
 * `npm run versions`, version-archive.ts) but says which changed forms are not archived yet.
 *
 * Prints every error as `screens/path.yaml:LINE:COLUMN message (how to fix)` and exits 1, or a
 * one-line summary. Flags point it at other folders (tests, bench):
 *   --screens DIR --schemas DIR --locales DIR --out DIR --versions DIR --root DIR --check
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compileAll } from './compile.ts';
import { formatError } from './errors.ts';
import { archiveState } from './version-archive.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      screens: { type: 'string' },
      schemas: { type: 'string' },
      locales: { type: 'string' },
      out: { type: 'string' },
      versions: { type: 'string' },
      root: { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  });
  // Flags are relative to the current directory, like any command-line path.
  const abs = (dir: string | undefined) => (dir === undefined ? undefined : path.resolve(dir));
  const result = await compileAll({
    root: abs(values.root),
    screensDir: abs(values.screens),
    schemasDir: abs(values.schemas),
    localesDir: abs(values.locales),
    outDir: abs(values.out),
    versionsDir: abs(values.versions),
    write: !values.check,
  });
  if (result.errors.length) {
    for (const e of result.errors) console.error(formatError(e));
    const files = new Set(result.errors.map((e) => e.file)).size;
    console.error(`\n${result.errors.length} error(s) in ${files} file(s); nothing was generated.`);
    return 1;
  }
  // Warnings do not stop the build: a screen may be under construction.
  for (const w of result.warnings) console.warn(`warning: ${formatError(w)}`);
  const m = result.manifest!;
  const count = (o: object) => Object.keys(o).length;
  console.log(
    `rowaq gen: ${result.definitions} files -> ${count(m.entities)} entities, ${count(m.screens)} screens, ${count(m.forms)} forms, ` +
      `${count(m.wizards)} wizards, ${count(m.statusTables)} status tables, ${count(m.permissions)} permissions, ${count(m.roles)} roles; ` +
      `${result.files.length} file(s) written in ${Math.round(result.ms)} ms`,
  );
  // The generator archives no version itself (a trial compile must leave none): say what is due.
  const archive = await archiveState(
    m,
    values.versions ? path.resolve(values.versions) : path.resolve(values.root ?? '.', 'versions'),
  );
  const changed = [...new Set(archive.missing.map((rel) => rel.split(path.sep)[1]))];
  const due = changed.length > 6 ? [...changed.slice(0, 5), `${changed.length - 5} more`] : changed;
  if (due.length || archive.trials.length)
    console.log(
      `versions: ${due.length ? `${due.join(', ')} changed, not archived yet` : ''}${due.length && archive.trials.length ? '; ' : ''}` +
        `${archive.trials.length ? `${archive.trials.length} trial version(s) archived` : ''} (before you commit: npm run versions)`,
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
