import { describe, expect, it, vi } from 'vitest';
import { joinManifest, screenNeedsData, splitManifest } from '../../../engine/react/data/manifest-parts.ts';
import { createManifestStore } from '../../../engine/react/data/manifest-store.ts';
import { loadManifestPart, ManifestLoadError } from '../../../engine/react/data/manifest-source.ts';
import { fixtureManifest, screen } from './fixture-manifest.ts';

const manifest = fixtureManifest();

describe('the client manifest as data, in two parts', () => {
  it("keeps screens' heads, navigation, filters and the public screens' forms and rules in the core; the rest in the data part", () => {
    const { core, data } = splitManifest(manifest);
    expect(Object.keys(core).sort()).toEqual(['filters', 'forms', 'navigation', 'rules', 'screens', 'version']);
    expect(Object.keys(core.forms)).toEqual(['person']); // the sign-in screen's form
    expect(Object.keys(data).sort()).toEqual([
      'entities',
      'forms',
      'permissions',
      'roles',
      'rules',
      'screenBodies',
      'statusTables',
      'wizards',
    ]);
    // Rules: 'required' and those the public forms name; every other rule waits with its form.
    const publicRules = new Set(['required', ...core.forms.person.fields.flatMap((f) => f.rules)]);
    expect(Object.keys(core.rules).every((name) => publicRules.has(name))).toBe(true);
    expect(Object.keys(core.rules).length + Object.keys(data.rules).length).toBe(Object.keys(manifest.rules).length);
    // A list's columns and actions come with the data part; its path, title and permission stay.
    const list = manifest.screens['users-list'];
    expect(core.screens['users-list']).toMatchObject({ path: list.path, title: list.title, columns: [], actions: [] });
    expect(data.screenBodies['users-list'].columns).toEqual(list.columns);
    expect(core.screens.dashboard).toEqual(manifest.screens.dashboard);
    expect(joinManifest(core, data)).toEqual(manifest);
    expect(joinManifest(core)).toMatchObject({ entities: {}, statusTables: {}, wizards: {}, forms: core.forms });
  });

  it('lets pages, dashboards and forms of the core draw without the data part; lists, details, wizards and other forms wait for it', () => {
    const core = joinManifest(splitManifest(manifest).core);
    expect(screenNeedsData(manifest.screens['auth-login'], core)).toBe(false);
    expect(screenNeedsData(manifest.screens['error-404'], core)).toBe(false);
    expect(screenNeedsData(manifest.screens.dashboard, core)).toBe(false);
    expect(screenNeedsData(manifest.screens['users-list'], core)).toBe(true);
    expect(screenNeedsData(manifest.screens.admissionForm, core)).toBe(true);
    expect(screenNeedsData(screen({ name: 'f', path: '/f', view: 'form', form: 'elsewhere' }), core)).toBe(true);
  });

  it('loads the data part once, tells the tree, and tries again after a failure', async () => {
    const { core, data } = splitManifest(manifest);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(data);
    const store = createManifestStore(joinManifest(core), load);
    const seen = vi.fn();
    store.subscribe(seen);
    await expect(store.loadData()).rejects.toThrow('offline');
    await Promise.all([store.loadData(), store.loadData()]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual(manifest);
    await createManifestStore(manifest).loadData(); // a whole manifest: nothing to load
  });

  it('fetches a part once per address and reports a failed fetch as a ManifestLoadError', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ version: 'x' }), { status: 200 }));
    const [a, b] = await Promise.all([
      loadManifestPart('/m/core.json', fetcher),
      loadManifestPart('/m/core.json', fetcher),
    ]);
    expect(a).toEqual({ version: 'x' });
    expect(b).toBe(a);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const missing = vi.fn(async () => new Response('', { status: 404 }));
    await expect(loadManifestPart('/m/gone.json', missing)).rejects.toBeInstanceOf(ManifestLoadError);
  });
});
