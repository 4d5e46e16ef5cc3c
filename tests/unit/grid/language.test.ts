/**
 * The language part of the grid: a `view: plugin`, `plugin: grid#Grid` screen with `grid:`
 * column options compiles (schemas/screen.schema.json) into the manifest, and a wrong option
 * is refused with the schema's error.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { errorsFor, workspace } from '../generator/helpers.ts';

const screen = (grid: string) => `kind: screen
name: students-grid
path: /students-grid
view: plugin
plugin: grid#Grid
title: {en: Students grid, ar: شبكة الطلاب}
permission: access_users
source:
  resource: students
columns:
  - {field: code, grid: {keyField: true, sticky: true, readonly: true, width: 90}}
  - field: status_id
    badge: student_status
    grid: ${grid}
`;

describe('grid column options in YAML', () => {
  it('compile into the screen columns', async () => {
    const ws = await workspace({
      'screens/students/students-grid.yaml': screen(
        '{type: map, summary: count, mandatory: true, message: {en: Status is required, ar: الحالة مطلوبة}, options: {"1": {en: Active, ar: نشط}, "2": Left}}',
      ),
    });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      const compiled = result.manifest!.screens['students-grid']!;
      expect(compiled.plugin).toBe('grid#Grid');
      expect(compiled.columns[0]!.grid).toEqual({ keyField: true, sticky: true, readonly: true, width: 90 });
      expect(compiled.columns[1]!.grid).toMatchObject({ type: 'map', summary: 'count', mandatory: true, options: { 1: { en: 'Active' }, 2: 'Left' } });
    } finally {
      await ws.cleanup();
    }
  });

  it('refuse an unknown type or option', async () => {
    const bad = await errorsFor({ 'screens/students/students-grid.yaml': screen('{type: money}') });
    expect(bad.errors.length).toBeGreaterThan(0);
    const unknown = await errorsFor({ 'screens/students/students-grid.yaml': screen('{colour: red}') });
    expect(unknown.errors.length).toBeGreaterThan(0);
  });
});
