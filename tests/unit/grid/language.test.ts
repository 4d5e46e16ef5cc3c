/**
 * The language part of the grid: a `view: plugin`, `plugin: grid#Grid` screen with `grid:`
 * column options and its own `grid:` (paging, height) compiles (schemas/screen.schema.json)
 * into the manifest, and a wrong option is refused with the schema's or the cross-check's error.
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
      expect(compiled.columns[1]!.grid).toMatchObject({
        type: 'map',
        summary: 'count',
        mandatory: true,
        options: { 1: { en: 'Active' }, 2: 'Left' },
      });
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

  it("a grid screen's own paging and height compile; elsewhere or out of range they are refused", async () => {
    const withGrid = (view: string, grid: string) => `kind: screen
name: students-sheet
path: /students-sheet
${view}
title: {en: Students sheet, ar: كشف الطلاب}
permission: access_users
source:
  resource: students
grid: ${grid}
columns:
  - {field: code, grid: {keyField: true}}
`;
    const ws = await workspace({
      'screens/students/students-sheet.yaml': withGrid(
        'view: plugin\nplugin: grid#Grid',
        '{paging: false, height: 600}',
      ),
    });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      expect(result.manifest!.screens['students-sheet']!.grid).toEqual({ paging: false, height: 600 });
    } finally {
      await ws.cleanup();
    }
    // On a list screen: the cross-check says where and what to do.
    const onList = await errorsFor({
      'screens/students/students-sheet.yaml': withGrid('view: list', '{paging: false}'),
    });
    expect(onList.errors).toEqual([
      expect.objectContaining({
        file: expect.stringContaining('students-sheet.yaml'),
        line: 9,
        message: expect.stringContaining('grid: is for a grid screen only'),
        hint: expect.stringContaining('plugin: grid#Grid'),
      }),
    ]);
    // A height below two rows, or a key the grid does not know: the schema refuses them.
    const low = await errorsFor({
      'screens/students/students-sheet.yaml': withGrid('view: plugin\nplugin: grid#Grid', '{height: 20}'),
    });
    expect(low.errors.map((e) => e.line)).toEqual([10]);
    const unknown = await errorsFor({
      'screens/students/students-sheet.yaml': withGrid('view: plugin\nplugin: grid#Grid', '{pageSize: 50}'),
    });
    expect(unknown.errors.length).toBe(1);
  });
});
