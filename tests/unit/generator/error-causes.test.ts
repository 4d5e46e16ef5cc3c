/**
 * The generator names the cause of a mistake first and once: a tab or a bad indentation is one
 * error in its own file (not a cascade of "unknown entity" elsewhere); and what used to pass
 * silently is an error with file:line:column and a fix: an unknown menu icon, a badge naming
 * another status table than its field's, a widget that cannot hold its field's value, and the
 * limits of a file field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsFor, FIXTURE } from './helpers.ts';

const read = (rel: string) => fs.readFileSync(path.join(FIXTURE, rel), 'utf8');
const ENTITY = 'screens/students/students.entity.yaml';
const LIST = 'screens/students/students-list.yaml';
const FORM = 'screens/students/student_form.yaml';

describe('generator: the cause first, once', () => {
  it('a tab in an entity is one error, at the tab, with the tab hint; no unknown-entity cascade', async () => {
    const { lines } = await errorsFor({
      [ENTITY]: read(ENTITY).replace('  name: {type: string', '\tname: {type: string'),
    });
    expect(lines).toEqual([`${ENTITY}:6:1 YAML: Tabs are not allowed as indentation (indent with spaces, never tabs)`]);
  });

  it('a wrong indentation is one error at the line', async () => {
    const { lines } = await errorsFor({
      [ENTITY]: read(ENTITY).replace('  name: {type: string', '   name: {type: string'),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${ENTITY}:6:\\d+ YAML: `));
  });
});

describe('generator: mistakes that used to pass silently', () => {
  it('an unknown menu icon, with the closest installed one', async () => {
    const { lines } = await errorsFor({ [LIST]: read(LIST).replace('icon: school', 'icon: schol') });
    expect(lines).toEqual([
      `${LIST}:22:30 unknown menu icon 'schol' (did you mean 'school'? use a Material icon's name in snake case (AccountBalance is account_balance; see fonts.google.com/icons))`,
    ]);
  });

  it('any installed Material icon is accepted, not a fixed list', async () => {
    const { lines } = await errorsFor({ [LIST]: read(LIST).replace('icon: school', 'icon: local_library') });
    expect(lines).toEqual([]);
  });

  it('a badge naming another status table than its field holds', async () => {
    const other =
      'kind: statusTable\nname: gender\nlabel: {en: Gender, ar: النوع}\nstatuses:\n  - {id: 1, key: male, name: Male, name_local: ذكر, color: info}\n';
    const { lines } = await errorsFor({
      'screens/codes/gender.yaml': other,
      [LIST]: read(LIST).replace('    badge: student_status', '    badge: gender'),
    });
    expect(lines).toEqual([
      `${LIST}:12:12 badge 'gender' is not the status table of 'status_id' (it holds student_status ids) (use badge: student_status)`,
    ]);
  });

  it('a widget that cannot hold the field', async () => {
    const { lines } = await errorsFor({
      [FORM]: read(FORM)
        .replace('  - field: code\n', '  - field: code\n    widget: date\n')
        .replace('    widget: select', '    widget: number'),
    });
    expect(lines).toEqual([
      `${FORM}:7:13 widget 'date' does not fit field 'code' (string) (use widget: text, or leave widget out to get the field type's own)`,
      `${FORM}:10:13 widget 'number' does not fit field 'status_id' (integer, a choice) (use widget: select, radio or autocomplete, or leave widget out to get the field type's own)`,
    ]);
  });

  it("a file field's limits: only on file fields, types the server can check, sizes it can read", async () => {
    const entity = read(ENTITY).replace(
      '  gpa: {type: number',
      '  photo: {type: file, label: {en: Photo, ar: الصورة}, accept: [image/jpeg, application/x-msdownload], maxSize: 5MB, maxFiles: 1}\n  gpa: {type: number, maxFiles: 2',
    );
    const { lines } = await errorsFor({ [ENTITY]: entity });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${ENTITY}:9:76 file type 'application/x-msdownload' cannot be checked by content \\(use one of image/jpeg, `,
      ),
    );
    expect(lines[1]).toBe(
      `${ENTITY}:10:23 maxFiles applies to file fields only (remove maxFiles, or make the field type: file)`,
    );
  });
});
