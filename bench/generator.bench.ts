/**
 * Generator speed: the real screens/ folder, then 500 generated screens (cold, warm, and a
 * single-file recompile through the incremental API the Vite plugin uses).
 * Goals: under 1 s for 500 screens; under 200 ms for a single-file recompile.
 * Outputs go to temporary folders: the bench never touches .generated/ or versions/.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCompiler } from '../generator/compile.ts';
import { loadSchemaSet } from '../generator/schemas.ts';
import { writeResult, type Goal } from './results.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const rows: [string, number, string][] = [];
const time = async <T>(label: string, note: string, fn: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const value = await fn();
  const phases = (value as { phases?: Record<string, number> } | undefined)?.phases;
  const detail = phases
    ? ` [${Object.entries(phases)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')}]`
    : '';
  rows.push([label, performance.now() - start, note + detail]);
  return value;
};

async function generatedTree(screens: number): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'rowaq-bench-'));
  await cp(path.join(REPO, 'tests/fixtures/generator/valid'), root, { recursive: true });
  const entities = 20;
  for (let e = 0; e < entities; e++) {
    const fields = Array.from({ length: 12 }, (_, f) =>
      f === 0
        ? `  status_id: {type: integer, label: {en: Status, ar: الحالة}, status: student_status}`
        : `  field_${f}: {type: ${f % 3 ? 'string' : 'integer'}, label: {en: Field ${f}, ar: حقل ${f}}, required: ${f % 2 === 0}}`,
    );
    await writeFile(
      path.join(root, `screens/students/bench_e${e}.yaml`),
      `kind: entity\nname: bench_e${e}\nlabel: {en: Bench ${e}, ar: قياس ${e}}\nfields:\n${fields.join('\n')}\naccess: {read: access_users, write: edit_students}\nsearch: [field_1]\n`,
    );
    await writeFile(
      path.join(root, `screens/students/bench_form${e}.yaml`),
      `kind: form\nname: bench_form${e}\ntitle: {en: Form ${e}, ar: نموذج ${e}}\nentity: bench_e${e}\nfields:\n${[1, 2, 3, 4, 5].map((f) => `  - field: field_${f}`).join('\n')}\n  - field: status_id\n    visibleWhen: {field: field_1, equals: x}\n`,
    );
  }
  const dir = path.join(root, 'screens/bench');
  await mkdir(dir, { recursive: true });
  for (let s = 0; s < screens; s++) {
    const e = s % entities;
    await writeFile(
      path.join(dir, `screen_${s}.yaml`),
      [
        'kind: screen',
        `name: bench-${s}`,
        `path: /bench/${s}/:id`,
        'view: list',
        `title: {en: Bench ${s}, ar: قياس ${s}}`,
        'permission: access_users',
        `source: {resource: bench_e${e}, sort: {field: field_1, order: asc}}`,
        'columns:',
        '  - field: field_1',
        '  - field: field_2',
        '  - field: status_id',
        '    badge: student_status',
        'filters:',
        '  - field: status_id',
        `rowLink: {route: bench-${(s + 1) % screens}, params: {id: id}}`,
        'actions:',
        '  - {name: add, label: common.add, type: navigate, route: students-edit}',
        '',
      ].join('\n'),
    );
  }
  return root;
}

/** Wall time of `npm run gen`'s command in a fresh process: node + tsx start-up, ajv compile, JIT cold. */
function cliWall(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'generator/cli.ts'), ...args], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`cli failed: ${run.stderr.split('\n').slice(0, 5).join('\n')}`);
  return performance.now() - start;
}

async function main() {
  await time('ajv: compile schemas/ (once per process)', 'cached by schema hash', async () =>
    (await loadSchemaSet(path.join(REPO, 'schemas'))).prepare(),
  );

  const tmp = await mkdtemp(path.join(os.tmpdir(), 'rowaq-bench-out-'));
  const real = createCompiler({ root: REPO, outDir: path.join(tmp, 'gen'), versionsDir: path.join(tmp, 'versions') });
  const realResult = await time('screens/: whole folder, cold', 'parse, validate, cross-check, emit incl. types', () =>
    real.compile(),
  );
  rows[rows.length - 1][2] += `; ${realResult.definitions} files, ${realResult.errors.length} errors`;
  await time('screens/: whole folder, warm', 'files re-read, nothing reparsed or rewritten', () => real.compile());

  const root = await generatedTree(500);
  const opts = {
    root,
    schemasDir: path.join(REPO, 'schemas'),
    outDir: path.join(root, '.generated'),
    versionsDir: path.join(root, 'versions'),
  };
  const check = await time('500 screens: check only, cold', 'parse, validate, cross-check, sanitize', () =>
    createCompiler({ ...opts, write: false }).compile(),
  );
  rows[rows.length - 1][2] += `; ${check.definitions} files, ${check.errors.length} errors`;
  // The archive is written as `npm run versions` writes it, so the figures keep their meaning.
  const compiler = createCompiler({ ...opts, archive: true });
  const schemasFlag = ['--schemas', path.join(REPO, 'schemas')];
  rows.push([
    'CLI, fresh process: screens/ (check only)',
    cliWall(['--check']),
    'wall time incl. node+tsx start-up and ajv compile',
  ]);
  const cliOut = ['--out', path.join(tmp, 'cli-gen'), '--versions', path.join(tmp, 'cli-versions')];
  rows.push([
    'CLI, fresh process: screens/, empty cache',
    cliWall(cliOut),
    'wall; what `npm run gen` costs after a clean checkout',
  ]);
  rows.push([
    'CLI, fresh process: screens/, warm cache',
    cliWall(cliOut),
    'wall; `npm run gen` with nothing changed (no YAML parse, no ajv)',
  ]);
  rows.push([
    'CLI, fresh process: 500 screens (check only)',
    cliWall(['--root', root, ...schemasFlag, '--check']),
    'wall time incl. node+tsx start-up and ajv compile',
  ]);
  await time('500 screens: full compile, cold', 'plus emit (types generated) and archive', () => compiler.compile());
  await time('500 screens: recompile, warm, nothing changed', 'every file re-read and hashed', () =>
    compiler.compile(),
  );
  const one = path.join(root, 'screens/bench/screen_42.yaml');
  await writeFile(one, (await readFile(one, 'utf8')).replace('Bench 42', 'Bench forty-two'));
  await time('500 screens: single-file recompile (Vite plugin path)', 'compile([changedFile])', () =>
    compiler.compile([one]),
  );
  const form = path.join(root, 'screens/students/bench_form3.yaml');
  await writeFile(form, (await readFile(form, 'utf8')).replace('Form 3', 'Form three'));
  await time('500 screens: single form changed (new version archived)', 'compile([changedFile])', () =>
    compiler.compile([form]),
  );

  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`${'step'.padEnd(width)}  ${'ms'.padStart(8)}  note`);
  for (const [label, ms, note] of rows) console.log(`${label.padEnd(width)}  ${ms.toFixed(1).padStart(8)}  ${note}`);
  const goals: Record<string, Goal> = {
    '500 screens: check only, cold': { below: 1000 },
    '500 screens: full compile, cold': { below: 1000 },
    '500 screens: single-file recompile (Vite plugin path)': { below: 200 },
  };
  writeResult(
    'generator',
    Object.fromEntries(rows.map(([label, ms]) => [label, { value: ms, unit: 'ms', goal: goals[label] }])),
  );
  await rm(root, { recursive: true, force: true });
  await rm(tmp, { recursive: true, force: true });
}

await main();
