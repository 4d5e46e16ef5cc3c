/**
 * A grid screen's `grid: {save: ...}` and a grid column's `rules:`: compiled into the manifest;
 * a saved column that is not a column or is readonly, a path parameter the screen's route lacks,
 * and an unknown rule are reported at file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { errorsFor, workspace } from './helpers.ts';

const RULES = `kind: rules
rules:
  mark_value: {minimum: 0, message: {en: Bad mark, ar: درجة غير صالحة}}
`;

const screenWith = (save: string, rules = '[mark_value]') => `kind: screen
name: grading
path: /grading/:id
view: plugin
plugin: grid#Grid
title: {en: Marks, ar: الدرجات}
source: {path: /grading/:id/rows}
columns:
  - {field: code, label: {en: Code, ar: الكود}, grid: {readonly: true, keyField: true}}
  - {field: grade, label: {en: Mark, ar: الدرجة}, grid: {type: number, rules: ${rules}}}
grid:
  save: ${save}
`;

const SCREEN = 'screens/staff/grading.screen.yaml';
const GOOD = '{path: /grading/:id, field: marks, key: registration_id, columns: [grade]}';

describe('grid save:', () => {
  it('compiles save and column rules into the screen', async () => {
    const ws = await workspace({ 'screens/staff/marks.rules.yaml': RULES, [SCREEN]: screenWith(GOOD) });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      const screen = result.manifest?.screens.grading;
      expect(screen?.grid?.save).toEqual({
        path: '/grading/:id',
        field: 'marks',
        key: 'registration_id',
        columns: ['grade'],
      });
      expect(screen?.columns[1]?.grid?.rules).toEqual(['mark_value']);
    } finally {
      await ws.cleanup();
    }
  });

  it('refuses a readonly or unknown saved column, a path parameter the route lacks, and an unknown rule', async () => {
    const { lines } = await errorsFor({
      'screens/staff/marks.rules.yaml': RULES,
      [SCREEN]: screenWith(
        '{path: /grading/:section, field: marks, key: registration_id, columns: [code, mark]}',
        '[mark_valu]',
      ),
    });
    expect(lines.join('\n')).toContain("unknown rule 'mark_valu'");
    expect(lines.join('\n')).toContain("column 'code' is readonly and cannot be saved");
    expect(lines.join('\n')).toContain("'mark' is not a column of this screen");
    expect(lines.join('\n')).toContain(
      "save.path names ':section', which the screen's path (/grading/:id) does not have",
    );
  });

  it('requires path, field, key and columns', async () => {
    const { lines } = await errorsFor({
      'screens/staff/marks.rules.yaml': RULES,
      [SCREEN]: screenWith('{path: /grading/:id, field: marks}'),
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/key|columns/);
  });
});
