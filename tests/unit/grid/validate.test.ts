/** Every validation message of the grid (admission-and-grid sections 5 and 8). */
import { describe, expect, it } from 'vitest';
import {
  fillMessage,
  GRID_MESSAGES,
  validateCell,
  validateRow,
  validateRowCells,
  type GridColumn,
} from '../../../engine/plugins/grid/model/index.ts';

describe('messages', () => {
  it('are the spec texts, with Arabic', () => {
    expect(GRID_MESSAGES.noRecordRead.en).toBe('No record is read');
    expect(GRID_MESSAGES.readonlyColumn.en).toBe('Readonly column detected');
    expect(GRID_MESSAGES.noMatchedColumn.en).toBe('No matched column name');
    expect(GRID_MESSAGES.invalidInput.en).toBe('Invalid input value');
    expect(GRID_MESSAGES.missingKeyColumn.en).toBe('Missing key column');
    expect(GRID_MESSAGES.noRecord.en).toBe('No record');
    for (const m of Object.values(GRID_MESSAGES)) expect(m.ar).toMatch(/[\u0600-\u06FF]/);
  });
  it('fill their placeholders in every language', () => {
    expect(fillMessage(GRID_MESSAGES.columnError, { name: 'GPA', reason: 'Invalid input value' }).en).toBe(
      'Column GPA has validation error: Invalid input value',
    );
    const row = fillMessage(GRID_MESSAGES.rowError, { n: 3, name: 'GPA', reason: 'x' });
    expect(row.en).toBe('Row 3 has validation error for column GPA: x');
    expect(row.ar).toContain('3');
  });
});

describe('validateCell', () => {
  it('gives "Invalid input value" for a value the type refuses', () => {
    expect(validateCell({ name: 'd', type: 'date' }, '2024-1-1')).toEqual({ error: GRID_MESSAGES.invalidInput });
    expect(validateCell({ name: 'n', type: 'number' }, '1x')).toEqual({ error: GRID_MESSAGES.invalidInput });
  });
  it('allows empty unless mandatory', () => {
    expect(validateCell({ name: 'd', type: 'date' }, '')).toEqual({ value: null });
  });
  it("gives a mandatory column's own message when empty, a default otherwise", () => {
    const own: GridColumn = {
      name: 'code',
      mandatory: true,
      mandatoryMessage: { en: 'Code is required', ar: 'الرمز مطلوب' },
    };
    expect(validateCell(own, '')).toEqual({ error: { en: 'Code is required', ar: 'الرمز مطلوب' } });
    expect(validateCell(own, '  ')).toMatchObject({ error: { en: 'Code is required' } });
    expect(validateCell({ name: 'x', mandatory: true, mandatoryMessage: 'Fill me' }, null)).toEqual({
      error: { en: 'Fill me', ar: 'Fill me' },
    });
    expect(validateCell({ name: 'x', type: 'number', mandatory: true }, '')).toEqual({
      error: GRID_MESSAGES.mandatory,
    });
    expect(validateCell(own, 'A1')).toEqual({ value: 'A1' });
  });
  it('refuses text longer than the length limit', () => {
    const c: GridColumn = { name: 'code', lengthLimit: 5 };
    expect(validateCell(c, '12345')).toEqual({ value: '12345' });
    expect(validateCell(c, '123456')).toEqual({ error: { en: 'At most 5 characters', ar: 'بحد أقصى 5 حرفًا' } });
    expect(validateCell({ name: 'n', type: 'number', lengthLimit: 3 }, '1234')).toMatchObject({
      error: { en: 'At most 3 characters' },
    });
  });
  it('refuses characters outside allowKeys', () => {
    const c: GridColumn = { name: 'code', allowKeys: '[A-Z0-9]' };
    expect(validateCell(c, 'AB12')).toEqual({ value: 'AB12' });
    expect(validateCell(c, 'ab12')).toEqual({ error: GRID_MESSAGES.invalidInput });
  });
  it('runs the column validator with the new value in the row', () => {
    const c: GridColumn = {
      name: 'max',
      type: 'number',
      validate: (value, row) =>
        (value as number) < (row.min as number) ? { en: 'Below the minimum', ar: 'أقل من الحد الأدنى' } : null,
    };
    expect(validateCell(c, '5', { min: 10, max: 20 })).toEqual({
      error: { en: 'Below the minimum', ar: 'أقل من الحد الأدنى' },
    });
    expect(validateCell(c, '15', { min: 10 })).toEqual({ value: 15 });
    expect(validateCell({ name: 'x', validate: () => 'plain reason' }, 'a')).toEqual({
      error: { en: 'plain reason', ar: 'plain reason' },
    });
  });
  it('checks the type before the validator', () => {
    let called = false;
    validateCell({ name: 'n', type: 'number', validate: () => ((called = true), null) }, 'abc');
    expect(called).toBe(false);
  });
});

describe('row validators', () => {
  const validators = [
    (row: Record<string, unknown>) =>
      (row.from as string) > (row.to as string)
        ? { column: 'to', reason: { en: 'Ends before it starts', ar: 'ينتهي قبل أن يبدأ' } }
        : null,
    (row: Record<string, unknown>) => (row.name === 'x' ? 'No x' : null),
  ];
  it('return the first reason, with the column when named', () => {
    expect(validateRow({ from: '2024-02-01', to: '2024-01-01' }, validators)).toEqual({
      column: 'to',
      error: { en: 'Ends before it starts', ar: 'ينتهي قبل أن يبدأ' },
    });
    expect(validateRow({ from: '1', to: '2', name: 'x' }, validators)).toEqual({ error: { en: 'No x', ar: 'No x' } });
    expect(validateRow({ from: '1', to: '2' }, validators)).toBeNull();
    expect(validateRow({ a: 1 }, [() => ({ en: 'Localized', ar: 'مترجم' })])).toEqual({
      error: { en: 'Localized', ar: 'مترجم' },
    });
  });
  it('validateRowCells lists every failing cell', () => {
    const errors = validateRowCells([{ name: 'd', type: 'date' }, { name: 'n', type: 'number' }, { name: 's' }], {
      d: 'bad',
      n: 'x',
      s: 'ok',
    });
    expect([...errors.keys()]).toEqual(['d', 'n']);
  });
});
