/**
 * The generated TypeScript types: one declaration per titled schema (no `Condition2`, `Name12`
 * copies), the building blocks shared with manifest-types.ts by identity, and a Kysely
 * `Database` keyed by table name listing every entity table. (That the generated files
 * compile under `tsc --noEmit` is checked by every npm script, which runs tsc after gen.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Generated from '../../../.generated/types/definitions.ts';
import { createCompiler } from '../../../generator/compile.ts';
import type * as ManifestTypes from '../../../generator/manifest-types.ts';
import type { Entity, Manifest } from '../../../generator/manifest-types.ts';
import type * as Raw from '../../../generator/raw-types.ts';
import { loadSchemaSet } from '../../../generator/schemas.ts';
import { definitionTypes, entityTypes, tableTypes } from '../../../generator/typegen.ts';
import { REPO, SCHEMAS } from './helpers.ts';

// Compile-time checks (tsc): manifest-types.ts re-exports the generated building blocks
// instead of restating them, and raw-types.ts is the generated definitions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shared: Record<string, true> = {
  Condition: true satisfies Same<ManifestTypes.Condition, Generated.Condition>,
  Colour: true satisfies Same<ManifestTypes.Colour, Generated.Colour>,
  FieldType: true satisfies Same<ManifestTypes.FieldType, Generated.FieldType>,
  LocalText: true satisfies Same<ManifestTypes.LocalText, Generated.LocalText>,
  UploadRule: true satisfies Same<ManifestTypes.UploadRule, Generated.UploadRule>,
  ScreenView: true satisfies Same<ManifestTypes.ScreenView, Generated.ScreenDefinition['view']>,
  RawDefinition: true satisfies Same<Raw.RawDefinition, Generated.Definition>,
  RawEntity: true satisfies Same<Raw.RawEntity, Generated.EntityDefinition>,
};

/** Names a generated file exports, in order, with repeats. */
function exportedNames(source: string): string[] {
  return [...source.matchAll(/^export (?:interface|type) ([A-Za-z0-9_]+)/gm)].map((m) => m[1]);
}

/** The keys of `export interface <name> { ... }` in a generated file. */
function interfaceKeys(source: string, name: string): string[] {
  const body = new RegExp(`^export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`, 'm').exec(source)?.[1];
  if (body === undefined) throw new Error(`no interface ${name}`);
  return [...body.matchAll(/^ {2}("?)([^":\s]+)\1:/gm)].map((m) => m[2]);
}

describe('generated definition types', () => {
  let source = '';
  beforeAll(async () => {
    source = await definitionTypes((await loadSchemaSet(SCHEMAS)).schemas);
  });

  it('declares each titled schema once, with no numbered copies', () => {
    const names = exportedNames(source);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    // `Condition2` next to `Condition`, `Name12` next to `Name`: a $ref the bundling missed.
    const numbered = names.filter((n) => /\d+$/.test(n) && names.includes(n.replace(/\d+$/, '')));
    expect(numbered).toEqual([]);
    for (const name of [
      'Condition',
      'Colour',
      'FieldType',
      'LocalText',
      'Label',
      'Name',
      'FieldName',
      'Scalar',
      'UploadRule',
      'RouteParams',
      'Sort',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(Object.keys(shared).length).toBeGreaterThan(0);
  });

  it('makes Condition a union of one variant per key, referring to itself by name', () => {
    const condition = /^export type Condition = \(([\s\S]*?)\n\}\)$/m.exec(source)?.[1] ?? '';
    // Doc comments aside, the variants' required keys.
    const code = condition.replace(/\/\*\*[\s\S]*?\*\//g, '');
    const required = [...code.matchAll(/^([a-zA-Z]+): /gm)].map((m) => m[1]);
    expect(required).toEqual(['field', 'setting', 'param', 'permission', 'all', 'any', 'not']);
    expect(code).toContain('all: Condition[]');
    expect(code).toContain('not: Condition');
  });

  it('declares every definition kind and their union', () => {
    expect(source).toMatch(
      /^export type Definition = PermissionsDefinition \| RoleDefinition \| StatusTableDefinition/m,
    );
    for (const kind of [
      'Entity',
      'Form',
      'Wizard',
      'Screen',
      'Navigation',
      'Rules',
      'Role',
      'Permissions',
      'StatusTable',
    ]) {
      expect(source).toMatch(new RegExp(`^export interface ${kind}Definition \\{`, 'm'));
    }
  });
});

describe('generated entity types', () => {
  let manifest: Manifest;
  let out = '';
  beforeAll(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'rowaq-types-'));
    const result = await createCompiler({ root: REPO, outDir: out, write: false }).compile();
    expect(result.errors).toEqual([]);
    manifest = result.manifest!;
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('gives Database one table interface per entity table, and a row type per entity', async () => {
    const source = await entityTypes(manifest.entities);
    const entities = Object.values(manifest.entities);
    expect(interfaceKeys(source, 'Database').sort()).toEqual(entities.map((e) => e.table).sort());
    expect(interfaceKeys(source, 'EntityRows').sort()).toEqual(entities.map((e) => e.name).sort());
    expect(interfaceKeys(source, 'EntityTables').sort()).toEqual(entities.map((e) => e.name).sort());
    expect(exportedNames(source).filter((n) => /\d+$/.test(n))).toEqual([]);
  });

  it('types columns as the driver returns them, with database-filled columns optional on insert', async () => {
    const users = manifest.entities.users;
    const source = tableTypes({ users });
    const columns = new Map([...source.matchAll(/^ {2}"?([a-z_]+)"?: (.+);$/gm)].map((m) => [m[1], m[2]]));
    expect(columns.get('id')).toBe('Generated<number>');
    expect(columns.get('email')).toBe('string');
    expect(columns.get('created_at')).toBe('TimestampDefault');
    if (users.fields.last_login_at) expect(columns.get('last_login_at')).toBe('Timestamp | null');
    if (users.fields.faculty_id) expect(columns.get('faculty_id')).toBe('number | null');
    if (users.softDelete) expect(columns.get('deleted_at')).toBe('Timestamp | null');
  });

  it('keys Database by table name, which may differ from the entity name', () => {
    const people: Entity = { ...manifest.entities.users, name: 'people', table: 'persons' };
    const source = tableTypes({ people });
    expect(interfaceKeys(source, 'Database')).toEqual(['persons']);
    expect(source).toMatch(/^ {2}people: "persons";$/m);
    expect(source).toContain('export interface PeopleTable {');
  });
});
