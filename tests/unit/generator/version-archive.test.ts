/**
 * The archive keeps every version main serves and no trial one: in a throw-away git repository
 * (a fixture copy, `main` holding its first archive), a branch changes a form, archives it,
 * changes it again, and `npm run versions`' functions say and do what the rule says.
 */
import { execFileSync } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { archiveState, describeState, updateArchive } from '../../../generator/version-archive.ts';
import { workspace, type Workspace } from './helpers.ts';

let ws: Workspace | undefined;
afterEach(async () => {
  await ws?.cleanup();
  ws = undefined;
});

const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

async function compile(root: Workspace): Promise<Manifest> {
  const result = await createCompiler(root.options({ write: false })).compile();
  expect(result.errors).toEqual([]);
  return result.manifest!;
}

async function changeForm(root: string, from: string, to: string): Promise<void> {
  const form = path.join(root, 'screens/students/student_form.yaml');
  await writeFile(form, (await readFile(form, 'utf8')).replace(from, to));
}

describe('form version archive', () => {
  it('keeps what main served, archives what is current, removes trial versions', async () => {
    ws = await workspace();
    const versions = path.join(ws.root, 'versions');
    git(ws.root, 'init', '-q', '-b', 'main');
    const served = await compile(ws);
    await updateArchive(served, versions);
    git(ws.root, 'add', '.');
    git(ws.root, 'commit', '-q', '-m', 'served');
    expect(await archiveState(served, versions)).toEqual({ missing: [], trials: [], base: 'main' });

    // A branch changes the form: its new version is not archived, and the check says so.
    git(ws.root, 'checkout', '-q', '-b', 'change');
    await changeForm(ws.root, 'maxLength: 200', 'maxLength: 300');
    const first = await compile(ws);
    const firstFile = path.join('forms', 'student_form', `${first.forms.student_form.version}.json`);
    const wizardFile = path.join('forms', 'admission_wizard', `${first.wizards.admission_wizard.version}.json`);
    const state = await archiveState(first, versions);
    expect(state.missing).toEqual([wizardFile, firstFile].sort());
    expect(describeState(state, versions).join('\n')).toMatch(
      /student_form: its current version [0-9a-f]{12} is not archived \(run npm run versions and commit .*versions\/forms\/student_form\//,
    );

    // Archived and committed on the branch, then changed again before reaching main.
    await updateArchive(first, versions);
    git(ws.root, 'add', '.');
    git(ws.root, 'commit', '-q', '-m', 'first try');
    await changeForm(ws.root, 'maxLength: 300', 'maxLength: 250');
    const second = await compile(ws);
    const trial = await archiveState(second, versions);
    expect(trial.trials).toEqual([wizardFile, firstFile].sort());
    expect(describeState(trial, versions).join('\n')).toContain('a trial version, neither current nor on main');

    const done = await updateArchive(second, versions);
    expect(done.removed.map((f) => path.relative(versions, f)).sort()).toEqual([wizardFile, firstFile].sort());
    expect(await archiveState(second, versions)).toEqual({ missing: [], trials: [], base: 'main' });
    // What main served is never removed, though no longer current.
    const kept = (await readdir(path.join(versions, 'forms/student_form'))).sort();
    expect(kept).toEqual(
      [`${served.forms.student_form.version}.json`, `${second.forms.student_form.version}.json`].sort(),
    );
  });

  it('without git (or without the base branch) still finds what is missing, and removes nothing', async () => {
    ws = await workspace();
    const versions = path.join(ws.root, 'versions');
    const m = await compile(ws);
    await updateArchive(m, versions);
    await changeForm(ws.root, 'maxLength: 200', 'maxLength: 300');
    const changed = await compile(ws);
    const state = await archiveState(changed, versions, 'no-such-branch');
    expect(state.base).toBeNull();
    expect(state.trials).toEqual([]);
    expect(state.missing).toHaveLength(2);
    expect((await updateArchive(changed, versions, 'no-such-branch')).removed).toEqual([]);
  });
});
