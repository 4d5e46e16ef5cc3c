/**
 * `npm run versions`: archives the current version of every form and wizard in versions/forms/
 * and removes the trial versions (archived on this branch, changed again since, never on main);
 * the rule is in version-archive.ts and docs/language.md, "Form versions".
 *   npm run versions                 archive and prune; prints what it wrote and removed
 *   npm run versions -- --check      change nothing; exit 1 when the archive is not right
 *   --base BRANCH (default main, or VERSIONS_BASE)  --root DIR --versions DIR --screens DIR
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCompiler } from './compile.ts';
import { formatError } from './errors.ts';
import { archiveState, DEFAULT_BASE, describeState, updateArchive } from './version-archive.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      base: { type: 'string', default: DEFAULT_BASE },
      root: { type: 'string' },
      versions: { type: 'string' },
      screens: { type: 'string' },
      schemas: { type: 'string' },
      locales: { type: 'string' },
    },
  });
  const abs = (dir: string | undefined) => (dir === undefined ? undefined : path.resolve(dir));
  const compiler = createCompiler({
    root: abs(values.root),
    screensDir: abs(values.screens),
    schemasDir: abs(values.schemas),
    localesDir: abs(values.locales),
    versionsDir: abs(values.versions),
    write: false,
  });
  const result = await compiler.compile();
  if (!result.manifest) {
    for (const e of result.errors) console.error(formatError(e));
    console.error('\nThe definitions do not compile: fix them first (npm run gen).');
    return 1;
  }
  const { versionsDir } = compiler.options;
  if (values.check) {
    const state = await archiveState(result.manifest, versionsDir, values.base);
    const problems = describeState(state, versionsDir);
    for (const line of problems) console.error(line);
    if (state.base === null)
      console.log(`rowaq versions: branch ${values.base} not found, trial versions not looked for`);
    if (problems.length) return 1;
    console.log('rowaq versions: every current form version is archived, and no trial one');
    return 0;
  }
  const { written, removed, base } = await updateArchive(result.manifest, versionsDir, values.base);
  const rel = (f: string) => path.relative(process.cwd(), f);
  for (const f of written) console.log(`archived ${rel(f)}`);
  for (const f of removed) console.log(`removed ${rel(f)} (a trial version)`);
  if (base === null) console.log(`branch ${values.base} not found: trial versions not looked for`);
  console.log(
    `rowaq versions: ${written.length} archived, ${removed.length} removed${written.length ? '; commit the new files with your change' : ''}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`rowaq versions: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);
