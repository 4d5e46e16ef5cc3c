/**
 * The server against the real definitions in screens/ (compiled by `npm run gen`): the schema
 * syncs without a warning, and every exposed entity answers its list, get and details verbs
 * for a user holding every permission. Skipped when .generated/manifest.json is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../generator/manifest-types.ts';
import { BACKENDS, call, createUser, useServer } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

describe.skipIf(!manifest).each(BACKENDS)('the screens/ manifest on $name', (backend) => {
  const t = useServer(backend, manifest!);

  it('syncs the schema with no warning', () => {
    expect(t.report.warnings).toEqual([]);
    expect(t.report.createdTables.length).toBe(Object.keys(manifest!.entities).length);
  });

  it('serves list, get and details of every exposed entity', async () => {
    const all = await createUser(t.db, { type: 4, permissions: Object.keys(manifest!.permissions) });
    const failures: string[] = [];
    for (const entity of Object.values(manifest!.entities).filter((e) => e.expose)) {
      const list = await call(t.app, 'POST', `/api/sis/${entity.name}`, { token: all.token, body: { search: 'a' } });
      if (list.status !== 200) failures.push(`${entity.name} list: ${list.status} ${JSON.stringify(list.body)}`);
      const missing = await call(t.app, 'GET', `/api/sis/${entity.name}/details/424242`, { token: all.token });
      if (missing.status !== 404) failures.push(`${entity.name} details: ${missing.status}`);
    }
    const user = await call(t.app, 'GET', `/api/sis/users/details/${all.id}`, { token: all.token });
    if (user.status !== 200) failures.push(`users details: ${user.status}`);
    expect(failures).toEqual([]);
  });
});
