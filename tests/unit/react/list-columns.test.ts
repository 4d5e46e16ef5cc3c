/**
 * Every column a list, detail or grid screen shows is named in both languages: a field of the
 * entity by its own label, the fields every entity has (id, created_at, updated_at) by their one
 * label (generator/implicit-fields.ts), never by the field's raw name ('id' over an Arabic list).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import { IMPLICIT_FIELD_LABELS, IMPLICIT_FIELDS } from '../../../generator/implicit-fields.ts';
import { columnLabel, sourceEntity } from '../../../engine/react/renderers/list/list-model.ts';

const manifest = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../.generated/client-manifest.json'), 'utf8'),
) as ClientManifest;

describe('column labels', () => {
  it('the fields every entity has are named once, in both languages', () => {
    expect(IMPLICIT_FIELDS).toEqual(['id', 'created_at', 'updated_at', 'deleted_at']);
    for (const name of IMPLICIT_FIELDS) {
      expect(IMPLICIT_FIELD_LABELS[name]!.en).not.toBe(name);
      expect(IMPLICIT_FIELD_LABELS[name]!.ar).toMatch(/\p{Script=Arabic}/u);
    }
    // The applicants' list shows the id column: named, not 'id'.
    expect(manifest.screens['applicants-list']!.columns!.find((c) => c.field === 'id')!.label).toEqual(
      IMPLICIT_FIELD_LABELS.id,
    );
  });

  it("no screen's column shows a raw field name in either language", () => {
    const raw: string[] = [];
    let checked = 0;
    for (const screen of Object.values(manifest.screens)) {
      const columns = (screen as { columns?: { field: string; label?: { en: string; ar: string } }[] }).columns ?? [];
      const entity = sourceEntity(manifest, screen);
      for (const column of columns) {
        checked++;
        const label = columnLabel(column, entity);
        if (label.en === column.field || label.ar === column.field) raw.push(`${screen.name}.${column.field}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(raw).toEqual([]);
  });
});
