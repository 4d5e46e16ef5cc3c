/**
 * Two keys of the language: a detail column's `table:` (a list held by the record, drawn with
 * its own columns) and a form's `submit.next` (where a saved form leads, from the server's
 * answer). Both compile into the manifest; their mistakes are reported at file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { errorsFor, workspace } from './helpers.ts';

const SHOW = 'screens/students/students-show.yaml';
const FORM = 'screens/students/student_form.yaml';

const showWith = (column: string, view = 'detail') => `kind: screen
name: students-show
path: /students/:id
view: ${view}
title: {en: Student, ar: طالب}
permission: access_users
source:
  resource: students
columns:
  - field: code
${column}`;

const HISTORY = `  - field: history
    label: {en: History, ar: السجل}
    table:
      columns:
        - {field: at, label: {en: When, ar: التاريخ}, format: datetime}
        - {field: to_status_id, label: {en: To, ar: إلى}, badge: student_status}
`;

const formWith = (next: string) => `kind: form
name: student_form
title: {en: Student, ar: طالب}
entity: students
fields:
  - field: code
  - field: name
submit:
  method: POST
  path: /students/enrol
  next:
${next}`;

describe('detail column table:', () => {
  it('compiles the table with its columns and resolved labels', async () => {
    const ws = await workspace({
      [SHOW]: showWith(`${HISTORY}      empty: {en: No changes yet, ar: لا تغييرات بعد}\n`),
    });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      const column = result.manifest?.screens['students-show']?.columns[1];
      expect(column?.field).toBe('history');
      expect(column?.table).toEqual({
        columns: [
          { field: 'at', label: { en: 'When', ar: 'التاريخ' }, format: 'datetime' },
          { field: 'to_status_id', label: { en: 'To', ar: 'إلى' }, badge: 'student_status' },
        ],
        empty: { en: 'No changes yet', ar: 'لا تغييرات بعد' },
      });
    } finally {
      await ws.cleanup();
    }
  });

  it('refuses it on a list, a badge of its own, an unknown badge table, a field twice and a label without Arabic', async () => {
    const column = `  - field: history
    badge: student_status
    table:
      columns:
        - {field: at, label: {en: When, ar: التاريخ}}
        - {field: at, label: {en: Again, ar: مرة أخرى}}
        - {field: to_status_id, label: {en: To}, badge: student_statu}
`;
    const { lines } = await errorsFor({ [SHOW]: showWith(column, 'list') });
    const text = lines.join('\n');
    expect(text).toMatch(
      /students-show\.yaml:\d+:\d+ table: is for a detail screen only \(this screen is view: list\)/,
    );
    expect(text).toMatch(/students-show\.yaml:12:5 a table column has no badge of its own/);
    expect(text).toMatch(/students-show\.yaml:16:19 field 'at' is shown twice in this table/);
    expect(text).toMatch(
      /students-show\.yaml:17:\d+ unknown status table 'student_statu' \(did you mean 'student_status'\?/,
    );
    expect(text).toMatch(/students-show\.yaml:17:\d+ missing key 'ar'/);
  });

  it('requires columns, and a label on each of them', async () => {
    const { lines } = await errorsFor({
      [SHOW]: showWith('  - field: history\n    table:\n      columns:\n        - {field: at}\n'),
    });
    expect(lines.join('\n')).toMatch(/students-show\.yaml:14:\d+ .*label/);
  });
});

describe('form submit.next', () => {
  it('compiles the entries in order', async () => {
    const ws = await workspace({
      [FORM]: formWith(
        '    - {route: students-edit, params: {id: id}, when: {field: name, empty: false}}\n    - {route: students-list}\n',
      ),
    });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      expect(result.manifest?.forms.student_form?.submit).toEqual({
        method: 'POST',
        path: '/students/enrol',
        next: [
          { route: 'students-edit', params: { id: 'id' }, when: { field: 'name', empty: false } },
          { route: 'students-list' },
        ],
      });
    } finally {
      await ws.cleanup();
    }
  });

  it('refuses an unknown route, a parameter the route lacks, a required one left out, and fields the record does not have', async () => {
    const { lines } = await errorsFor({
      [FORM]: formWith(
        [
          '    - {route: students-shw, params: {id: id}}',
          '    - {route: students-show, params: {id: id, tab: code}}',
          '    - {route: students-edit}',
          '    - {route: students-show, params: {id: payment}, when: {field: paid, empty: false}}',
        ].join('\n') + '\n',
      ),
    });
    const text = lines.join('\n');
    expect(text).toMatch(/student_form\.yaml:12:\d+ unknown route 'students-shw' \(did you mean 'students-show'\?/);
    expect(text).toMatch(/student_form\.yaml:13:\d+ route 'students-show' \(\/students\/:id\) has no parameter 'tab'/);
    expect(text).toMatch(
      /student_form\.yaml:14:\d+ route 'students-edit' \(\/students\/:id\/edit\) needs :id, which params does not fill/,
    );
    expect(text).toMatch(/student_form\.yaml:15:\d+ unknown field 'payment' of entity 'students'/);
    expect(text).toMatch(
      /student_form\.yaml:15:\d+ unknown field 'paid' in condition \(.*fields of the saved 'students' record:/,
    );
  });

  it('refuses next without a route (schema)', async () => {
    const { lines } = await errorsFor({ [FORM]: formWith('    - {params: {id: id}}\n') });
    expect(lines.join('\n')).toMatch(/student_form\.yaml:12:\d+ .*route/);
  });
});
