/**
 * A choice field's `only` and `when` (options of a status table): compiled into the manifest as
 * written, and every mistake reported at the line:column the analyst must look at.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { errorsFor, workspace } from './helpers.ts';

const FILE = 'screens/students/status_choice.yaml';

/** A form whose one choice field has the given options block (written under `options:`). */
function form(options: string): Record<string, string> {
  return {
    [FILE]: `kind: form
name: status_choice
title: {en: Status, ar: الحالة}
entity: students
fields:
  - field: code
  - name: next_status_id
    schema: {type: integer}
    label: {en: Next status, ar: الحالة التالية}
    widget: radio
    options:
${options}
`,
  };
}

describe('choice options: only and when', () => {
  it('compiles into the manifest: the ids kept and each condition by id', async () => {
    const ws = await workspace(
      form(
        '      status: student_status\n      only: [1, 549755813888]\n      when: {549755813888: {field: code, notEquals: X1}}',
      ),
    );
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      const field = result.manifest!.forms.status_choice!.fields.find((f) => f.name === 'next_status_id')!;
      expect(field.options).toEqual({
        status: 'student_status',
        only: [1, 549755813888],
        when: { 549755813888: { field: 'code', notEquals: 'X1' } },
      });
    } finally {
      await ws.cleanup();
    }
  });

  it('an id that is not a status of the table: at the id, listing the statuses', async () => {
    const { lines } = await errorsFor(form('      status: student_status\n      only: [1, 7]'));
    expect(lines).toEqual([
      `${FILE}:13:17 unknown status id 7 in only (write ids of the table; statuses of 'student_status': 1 active, 2 suspended, 549755813888 graduated)`,
    ]);
  });

  it('a when entry for an unknown id, or for one only leaves out: at its key', async () => {
    const { lines } = await errorsFor(
      form(
        '      status: student_status\n      only: [1, 2]\n      when:\n        9: {field: code, empty: false}\n        549755813888: {field: code, empty: false}',
      ),
    );
    expect(lines).toEqual([
      `${FILE}:15:9 unknown status id 9 in when (write ids of the table; statuses of 'student_status': 1 active, 2 suspended, 549755813888 graduated)`,
      `${FILE}:16:9 status 549755813888 has a when condition but only leaves it out (add 549755813888 to only: [1, 2], or remove its when entry)`,
    ]);
  });

  it('a condition on a field the form does not have: suggests the closest field', async () => {
    const { lines } = await errorsFor(form('      status: student_status\n      when: {2: {field: cod, equals: A}}'));
    expect(lines).toEqual([
      `${FILE}:13:25 unknown field 'cod' in condition (did you mean 'code'? fields of this form: code, next_status_id)`,
    ]);
  });

  it('only and when need a status table: not with ref, not alone', async () => {
    const withRef = await errorsFor(form('      ref: students\n      only: [1]'));
    expect(withRef.lines).toEqual([
      `${FILE}:13:13 key 'only' is not allowed here (remove it: it does not go with the other keys of this object)`,
    ]);
    const alone = await errorsFor(form('      only: [1]'));
    expect(alone.lines).toEqual([
      `${FILE}:12:7 missing key 'status' in 'fields.1.options' (options need status: <status table> (only and when pick among its statuses), ref: <entity>, or path: <API path answering the choices>)`,
    ]);
  });

  it('an unknown status table and a bad id key are reported too', async () => {
    const table = await errorsFor(form('      status: student_statu\n      only: [1]'));
    expect(table.lines).toEqual([
      `${FILE}:12:15 unknown status table 'student_statu' (did you mean 'student_status'? declare it in a kind: statusTable file)`,
    ]);
    const key = await errorsFor(
      form('      status: student_status\n      when: {active: {field: code, empty: false}}'),
    );
    expect(key.lines).toEqual([
      `${FILE}:13:14 invalid key 'active' in 'fields.1.options.when' (write the id of a status (a whole number), not its key)`,
    ]);
  });

  it('only and when on a list field: refused, they narrow a single choice', async () => {
    const { lines } = await errorsFor({
      [FILE]: `kind: form
name: status_choice
title: {en: Status, ar: الحالة}
fields:
  - name: statuses
    schema: {type: array, items: {type: integer}}
    label: {en: Statuses, ar: الحالات}
    options: {status: student_status, only: [1]}
`,
    });
    expect(lines).toEqual([
      `${FILE}:8:39 field 'statuses' holds a list: only and when narrow a single choice (remove only/when, or make the field one choice (schema: {type: integer}))`,
    ]);
  });

  it('choices a server call answers: path (and key) compile; key alone, or path with only, are refused', async () => {
    const ws = await workspace(form('      path: /excuses/get_lookups\n      key: courses'));
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      const field = result.manifest!.forms.status_choice!.fields.find((f) => f.name === 'next_status_id')!;
      expect(field.options).toEqual({ path: '/excuses/get_lookups', key: 'courses' });
    } finally {
      await ws.cleanup();
    }
    const keyAlone = await errorsFor(form('      status: student_status\n      key: courses'));
    expect(keyAlone.lines.length).toBe(1);
    expect(keyAlone.lines[0]).toMatch(/^screens\/students\/status_choice\.yaml:12:7 .*path/);
    const withOnly = await errorsFor(form('      path: /x\n      only: [1]'));
    expect(withOnly.lines).toEqual([
      `${FILE}:13:13 key 'only' is not allowed here (remove it: it does not go with the other keys of this object)`,
    ]);
  });
});
