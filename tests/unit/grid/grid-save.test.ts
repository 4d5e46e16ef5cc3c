/**
 * The grid screen's save model (engine/plugins/grid/react/save-model.ts): only the changed rows
 * are sent (edits, undo back to the loaded value and an import alike), rows an import added are
 * never sent, invalid cells are counted, a 422's errors land on the right cells and go once the
 * cell changes, and a column's shared rules check its cells with the row.
 */
import { describe, expect, it } from 'vitest';
import type { GridSave, Rule } from '../../../generator/manifest-types.ts';
import { mergeRows } from '../../../engine/plugins/grid/model/merge.ts';
import { validateCell } from '../../../engine/plugins/grid/model/validate.ts';
import type { GridColumn, GridRow } from '../../../engine/plugins/grid/model/types.ts';
import {
  cellErrorsFrom,
  pendingChanges,
  saveBody,
  withCellErrors,
  withRules,
} from '../../../engine/plugins/grid/react/save-model.ts';

const SAVE: GridSave = {
  method: 'PUT',
  path: '/grades/sections/:id',
  field: 'marks',
  key: 'registration_id',
  columns: ['grade'],
};
const COLUMNS: GridColumn[] = [
  { name: 'code', readonly: true, keyField: true },
  { name: 'name', readonly: true },
  { name: 'grade', type: 'number' },
  { name: 'max_mark', type: 'number', readonly: true },
];
const BASE: GridRow[] = [
  { registration_id: 11, code: 'G001', name: 'Ali', grade: null, max_mark: 100 },
  { registration_id: 12, code: 'G002', name: 'Mona', grade: 15, max_mark: 20 },
  { registration_id: 13, code: 'G003', name: 'Omar', grade: 40, max_mark: 100 },
];
const RULES: Record<string, Rule> = {
  mark_value: {
    name: 'mark_value',
    minimum: 0,
    pattern: '^[0-9]{1,6}([.][0-9]{1,2})?$',
    message: { en: 'Bad mark', ar: 'درجة غير صالحة' },
  },
  mark_not_above_max: {
    name: 'mark_not_above_max',
    compare: { op: '<=', field: 'max_mark' },
    message: { en: 'Above the maximum', ar: 'أعلى من العظمى' },
  },
};

const edit = (rows: GridRow[], index: number, values: GridRow) =>
  rows.map((r, i) => (i === index ? { ...r, ...values } : r));

describe('pendingChanges', () => {
  it('finds only the changed rows, by key, and sends only them', () => {
    const current = edit(edit(BASE, 0, { grade: 88.5 }), 2, { grade: '40' });
    const pending = pendingChanges(BASE, current, SAVE, COLUMNS);
    expect(pending.rows.map((r) => [r.key, r.index, r.values])).toEqual([['11', 0, { grade: 88.5 }]]);
    expect(saveBody(SAVE, pending.rows)).toEqual({ marks: [{ registration_id: 11, grade: 88.5 }] });
    expect(pending).toMatchObject({ invalid: 0, unmatched: 0 });
  });

  it('sends a cleared cell as null, and nothing once an edit is undone', () => {
    const cleared = pendingChanges(BASE, edit(BASE, 1, { grade: '' }), SAVE, COLUMNS);
    expect(saveBody(SAVE, cleared.rows)).toEqual({ marks: [{ registration_id: 12, grade: null }] });
    expect(pendingChanges(BASE, edit(BASE, 1, { grade: 15 }), SAVE, COLUMNS).rows).toEqual([]);
  });

  it("counts an import's changes, and leaves out the rows it added (an unknown student)", () => {
    const imported = mergeRows(
      BASE,
      [
        { code: 'G002', grade: 19 },
        { code: 'G999', grade: 5 },
      ],
      COLUMNS,
    );
    const pending = pendingChanges(BASE, imported, SAVE, COLUMNS);
    expect(pending.rows.map((r) => [r.key, r.values.grade])).toEqual([['12', 19]]);
    expect(pending.unmatched).toBe(1);
  });

  it('counts a changed cell the grid refuses (text in a number column, a rule broken)', () => {
    const columns = withRules(
      COLUMNS,
      [{ field: 'grade', grid: { rules: ['mark_value', 'mark_not_above_max'] } }],
      RULES,
    );
    const current = edit(edit(BASE, 0, { grade: 'abc' }), 1, { grade: 25 });
    const pending = pendingChanges(BASE, current, SAVE, columns);
    expect(pending.rows).toHaveLength(2);
    expect(pending.invalid).toBe(2);
  });
});

describe('withRules', () => {
  const grade = withRules(
    COLUMNS,
    [{ field: 'grade', grid: { rules: ['mark_value', 'mark_not_above_max'] } }],
    RULES,
  )[2]!;
  it("checks a cell with the shared rules and the row's other fields", () => {
    expect(validateCell(grade, '25', { max_mark: 20 })).toEqual({
      error: { en: 'Above the maximum', ar: 'أعلى من العظمى' },
    });
    expect(validateCell(grade, '20', { max_mark: 20 })).toEqual({ value: 20 });
    expect(validateCell(grade, '-1', { max_mark: 20 })).toEqual({ error: { en: 'Bad mark', ar: 'درجة غير صالحة' } });
    expect(validateCell(grade, '12.345', { max_mark: 20 })).toMatchObject({ error: { en: 'Bad mark' } });
    expect(validateCell(grade, 'x', { max_mark: 20 })).toMatchObject({ error: { en: 'Invalid input value' } });
    expect(validateCell(grade, '', { max_mark: 20 })).toEqual({ value: null });
  });
});

describe('server errors on cells', () => {
  const sent = pendingChanges(BASE, edit(edit(BASE, 0, { grade: 95 }), 1, { grade: 19.5 }), SAVE, COLUMNS).rows;

  it("puts '<field>.<i>.<column>' on that row's cell and '<field>.<i>.<key>' on its first saved column", () => {
    const { cells, other } = cellErrorsFrom(
      {
        'marks.1.grade': ['Above the maximum'],
        'marks.0.registration_id': ['Not in this section'],
        marks: ['Too many'],
      },
      sent,
      SAVE,
    );
    expect(other).toEqual(['Too many']);
    expect(cells.get('12')?.get('grade')).toEqual({ text: 'Above the maximum', value: 19.5 });
    expect(cells.get('11')?.get('grade')).toEqual({ text: 'Not in this section', value: 95 });
    expect(cells.get('13')).toBeUndefined();
  });

  it("shows the message with the grid's own error while the cell keeps the value sent", () => {
    const { cells } = cellErrorsFrom({ 'marks.1.grade': ['Above the maximum'] }, sent, SAVE);
    const grade = withCellErrors(COLUMNS, cells, SAVE.key)[2]!;
    const row = { ...BASE[1]!, grade: 19.5 };
    expect(validateCell(grade, 19.5, row)).toEqual({ error: { en: 'Above the maximum', ar: 'Above the maximum' } });
    expect(validateCell(grade, 18, row)).toEqual({ value: 18 });
    expect(validateCell(grade, 19.5, BASE[0]!)).toEqual({ value: 19.5 }); // another row
    expect(withCellErrors(COLUMNS, new Map(), SAVE.key)).toBe(COLUMNS);
  });
});
