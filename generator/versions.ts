/**
 * Form and wizard versions, and their archive.
 *
 * A record saved through a form keeps the form's version; years later the server shows it with
 * the form it was filled in. So each version the portal serves is written once to
 * `versions/forms/<name>/<version>.json` (a committed folder), and a wizard's archive holds its
 * tabs' forms too, so it is readable on its own. Which versions the archive keeps, and when they
 * are written, is version-archive.ts's rule.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import type { Form, Manifest, Wizard } from './manifest-types.ts';
import type { Unversioned } from './sanitize.ts';

/** What one archive file holds. */
export type ArchivedVersion =
  | { kind: 'form'; name: string; version: string; form: Form }
  | { kind: 'wizard'; name: string; version: string; wizard: Wizard; forms: Record<string, Form> };

/** JSON with object keys sorted: the same definition always hashes the same. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v === undefined ? null : v)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function hash12(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex').slice(0, 12);
}

/**
 * Stamps forms and wizards with their version, and the manifest with a hash of the whole.
 * A wizard's version covers its tabs' forms: changing a tab's form makes a new wizard version.
 */
export function applyVersions(m: Unversioned): Manifest {
  for (const f of Object.values(m.forms)) f.version = hash12({ ...f, version: undefined });
  for (const w of Object.values(m.wizards))
    w.version = hash12({ wizard: { ...w, version: undefined }, forms: wizardForms(w, m.forms) });
  // The whole manifest is large: plain JSON (deterministic, since sanitize walks files in path
  // order) hashes it several times faster than the key-sorting stringify forms need.
  const version = createHash('sha256').update(JSON.stringify(m)).digest('hex').slice(0, 12);
  return { version, ...m };
}

function wizardForms(w: Wizard, forms: Record<string, Form>): Record<string, Form> {
  const out: Record<string, Form> = {};
  for (const tab of Object.values(w.tabs)) if (forms[tab.form]) out[tab.form] = forms[tab.form];
  return out;
}

/** Every archive entry of a manifest, keyed by its path relative to the versions folder. */
export function archiveEntries(m: Manifest): Map<string, ArchivedVersion> {
  const entries = new Map<string, ArchivedVersion>();
  for (const f of Object.values(m.forms)) {
    entries.set(path.join('forms', f.name, `${f.version}.json`), {
      kind: 'form',
      name: f.name,
      version: f.version,
      form: f,
    });
  }
  for (const w of Object.values(m.wizards)) {
    entries.set(path.join('forms', w.name, `${w.version}.json`), {
      kind: 'wizard',
      name: w.name,
      version: w.version,
      wizard: w,
      forms: wizardForms(w, m.forms),
    });
  }
  return entries;
}

/**
 * Writes the versions not archived yet; never rewrites nor deletes one. `known` remembers what
 * this process has already seen on disk, so a recompile in the Vite plugin touches no file.
 */
export async function archiveVersions(
  m: Manifest,
  versionsDir: string,
  known: Set<string> = new Set(),
): Promise<string[]> {
  const written: string[] = [];
  await Promise.all(
    [...archiveEntries(m)].map(async ([rel, entry]) => {
      const file = path.join(versionsDir, rel);
      if (known.has(file)) return;
      if (!(await exists(file))) {
        await mkdir(path.dirname(file), { recursive: true });
        // 'wx' fails if another process wrote the same version meanwhile: the content is equal.
        await writeFile(file, `${JSON.stringify(entry, null, 2)}\n`, { flag: 'wx' }).catch(ignoreExists);
        written.push(file);
      }
      known.add(file);
    }),
  );
  return written.sort();
}

/** Reads an archived form or wizard version; undefined when no such version was compiled. */
export async function readFormVersion(
  name: string,
  version: string,
  versionsDir = 'versions',
): Promise<ArchivedVersion | undefined> {
  // Names and versions come from stored records: refuse anything that could leave the folder.
  if (!/^[a-z][a-z0-9_-]*$/.test(name) || !/^[0-9a-f]{12}$/.test(version)) return undefined;
  try {
    return JSON.parse(
      await readFile(path.join(versionsDir, 'forms', name, `${version}.json`), 'utf8'),
    ) as ArchivedVersion;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function ignoreExists(e: NodeJS.ErrnoException): void {
  if (e.code !== 'EEXIST') throw e;
}
