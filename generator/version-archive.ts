/**
 * What the form version archive (versions/forms/) keeps, and only that (docs/language.md, "Form
 * versions"):
 * - every version the portal's `main` branch serves: a stored record names the version of the
 *   form it was filled with, and records are made by the served portal. So the current version
 *   of every form and wizard must be archived before it reaches `main`; `npm test` fails while
 *   one is not (tests/unit/generator/versions-archived.test.ts).
 * - no trial compile: the generator archives nothing by itself; `npm run versions` archives the
 *   current versions and removes the archived ones that are neither current nor in `main`'s
 *   archive (a version archived on a branch, then changed again before it was merged, was never
 *   served). A version in `main`'s archive is never removed: a record may name it.
 */
import { execFileSync } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from './manifest-types.ts';
import { archiveEntries, archiveVersions } from './versions.ts';

/** The git branch whose archive holds the versions served: overridden by VERSIONS_BASE. */
export const DEFAULT_BASE = process.env.VERSIONS_BASE ?? 'main';

export interface ArchiveState {
  /** Current versions not archived yet, as paths under the archive folder ('forms/x/v.json'). */
  missing: string[];
  /** Archived versions that are not current and not in the base branch's archive. */
  trials: string[];
  /** The branch whose archive was read, or null when it could not be (no git, no such branch): no trial is then found. */
  base: string | null;
}

/** Every archived file, as paths under the archive folder. */
async function archivedFiles(versionsDir: string): Promise<string[]> {
  const formsDir = path.join(versionsDir, 'forms');
  const names = await readdir(formsDir).catch(() => [] as string[]);
  const files = await Promise.all(
    names.map(async (name) =>
      (await readdir(path.join(formsDir, name)).catch(() => [] as string[]))
        .filter((f) => f.endsWith('.json'))
        .map((f) => path.join('forms', name, f)),
    ),
  );
  return files.flat().sort();
}

/** The archive's files on branch `base` (paths under the archive folder), or null when git cannot say. */
function archivedOn(base: string, versionsDir: string): Set<string> | null {
  const git = (args: string[]) =>
    execFileSync('git', args, { cwd: versionsDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`]);
    const listed = git(['ls-tree', '-r', '--name-only', base, '--', '.']);
    const prefix = git(['rev-parse', '--show-prefix']).trim();
    return new Set(
      listed
        .split('\n')
        .filter(Boolean)
        .map((f) => (f.startsWith(prefix) ? f.slice(prefix.length) : f)),
    );
  } catch {
    return null;
  }
}

/** Compares the archive with the manifest's current versions and with the base branch's archive. */
export async function archiveState(m: Manifest, versionsDir: string, base = DEFAULT_BASE): Promise<ArchiveState> {
  const current = new Set(archiveEntries(m).keys());
  const archived = await archivedFiles(versionsDir);
  const onBase = archivedOn(base, versionsDir);
  const have = new Set(archived);
  return {
    missing: [...current].filter((f) => !have.has(f)).sort(),
    trials: onBase ? archived.filter((f) => !current.has(f) && !onBase.has(f)) : [],
    base: onBase ? base : null,
  };
}

/** Archives the current versions and removes the trial ones; returns what it wrote and removed. */
export async function updateArchive(
  m: Manifest,
  versionsDir: string,
  base = DEFAULT_BASE,
): Promise<{ written: string[]; removed: string[]; base: string | null }> {
  const state = await archiveState(m, versionsDir, base);
  const written = await archiveVersions(m, versionsDir);
  for (const trial of state.trials) await rm(path.join(versionsDir, trial));
  // A form whose every version was a trial leaves an empty folder.
  for (const dir of new Set(state.trials.map((t) => path.join(versionsDir, path.dirname(t)))))
    if ((await readdir(dir)).length === 0) await rm(dir, { recursive: true });
  return { written, removed: state.trials.map((t) => path.join(versionsDir, t)), base: state.base };
}

/** The state in sentences, one a line, each saying what to do: empty when the archive is right. */
export function describeState(state: ArchiveState, versionsDir: string): string[] {
  const shown = (rel: string) => path.join(path.relative(process.cwd(), versionsDir) || '.', rel);
  return [
    ...state.missing.map((rel) => {
      const [, name, file] = rel.split(path.sep);
      return `${name}: its current version ${file!.replace('.json', '')} is not archived (run npm run versions and commit ${shown(rel)})`;
    }),
    ...state.trials.map(
      (rel) =>
        `${shown(rel)}: a trial version, neither current nor on ${state.base} (run npm run versions to remove it)`,
    ),
  ];
}
