/**
 * Every error kind: the exact message, the fix hint and the line:column the analyst must look at.
 */
import { describe, expect, it } from 'vitest';
import { errorsFor } from './helpers.ts';

const STATUS_TABLE = `kind: statusTable
name: student_status
label: {en: Student status, ar: حالة الطالب}
statuses:
  - {id: 1, key: active, name: Active, name_local: نشط, color: success}
  - id: 2
    key: suspended
    name: Suspended
    name_local: موقوف
    colour: warning
  - {id: 549755813888, key: graduated, name: Graduated, name_local: متخرج, color: info}
`;

describe('generator errors', () => {
  it('bad key: names the unknown key, lists the allowed ones, points at the key', async () => {
    const { lines } = await errorsFor({ 'screens/codes/student_status.yaml': STATUS_TABLE });
    expect(lines).toContain(
      "screens/codes/student_status.yaml:10:5 unknown key 'colour' (did you mean 'color'? allowed: id, key, name, name_local, color)",
    );
  });

  it('status without colour: one message at the status, listing the colours', async () => {
    const { lines } = await errorsFor({ 'screens/codes/student_status.yaml': STATUS_TABLE });
    const line = lines.find((l) => l.includes("missing key 'color'"));
    expect(line).toMatch(
      /^screens\/codes\/student_status\.yaml:6:5 missing key 'color' in item 2 of 'statuses' \(every status needs a colour: primary, /,
    );
    // The bad key and the missing colour are the only two problems: no if/then noise.
    expect(lines).toHaveLength(2);
  });

  it('wrong type: says what was expected and what was found', async () => {
    const { lines } = await errorsFor({
      'screens/access/student.role.yaml':
        'kind: role\nname: student\nlabel: {en: Student, ar: طالب}\nuserType: 3\npermissions: access_student\nsignatory: "no"\n',
    });
    expect(lines).toEqual([
      'screens/access/student.role.yaml:5:14 \'permissions\' must be a list, not the text "access_student" (write a list: [a, b] or one "- item" per line)',
      'screens/access/student.role.yaml:6:12 \'signatory\' must be true or false, not the text "no" (write true or false without quotes)',
    ]);
  });

  it('unknown permission: suggests the closest declared one', async () => {
    const { lines } = await errorsFor({
      'screens/access/student.role.yaml':
        'kind: role\nname: student\nlabel: {en: Student, ar: طالب}\nuserType: 3\npermissions:\n  - access_studnt\n',
    });
    expect(lines).toEqual([
      "screens/access/student.role.yaml:6:5 unknown permission 'access_studnt' (did you mean 'access_student'? declare it in a kind: permissions file)",
    ]);
  });

  it('unknown entity: at the screen source', async () => {
    const { lines } = await errorsFor({
      'screens/students/students-show.yaml':
        'kind: screen\nname: students-show\npath: /students/:id\nview: detail\ntitle: {en: Student, ar: طالب}\nsource:\n  resource: studnts\n',
    });
    expect(lines).toEqual([
      "screens/students/students-show.yaml:7:13 unknown entity 'studnts' (did you mean 'students'? declare it in a kind: entity file)",
    ]);
  });

  it('missing Arabic label: inline label without ar', async () => {
    const { lines } = await errorsFor({
      'screens/access/student.role.yaml':
        'kind: role\nname: student\nlabel: {en: Student}\nuserType: 3\npermissions: []\n',
    });
    expect(lines).toEqual(["screens/access/student.role.yaml:3:8 missing key 'ar' in 'label' (add an Arabic text)"]);
  });

  it('missing Arabic label: a locale key present in en.json only', async () => {
    const { lines } = await errorsFor({
      'locales/ar.json': '{ "common": { "students": "الطلاب" } }',
    });
    expect(lines).toEqual([
      "screens/students/students-list.yaml:19:12 locale key 'common.add' has no Arabic text (add it to locales/ar.json)",
    ]);
  });

  it('unknown locale key', async () => {
    const { lines } = await errorsFor({
      'screens/access/student.role.yaml':
        'kind: role\nname: student\nlabel: roles.studen\nuserType: 3\npermissions: []\n',
    });
    expect(lines).toEqual([
      "screens/access/student.role.yaml:3:8 unknown locale key 'roles.studen' (add it to locales/en.json and locales/ar.json, or write {en: ..., ar: ...})",
    ]);
  });

  it('duplicate route: name and path, pointing back at the first', async () => {
    const { lines } = await errorsFor({
      'screens/students/zz-copy.yaml':
        'kind: screen\nname: students-list\npath: /students/:sid\nview: detail\ntitle: {en: Copy, ar: نسخة}\n',
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^screens\/students\/zz-copy\.yaml:2:7 duplicate route name 'students-list' \(already declared at .*screens\/students\/students-list\.yaml:2:7: rename or remove one\)$/,
    );
    expect(lines[1]).toMatch(
      /^screens\/students\/zz-copy\.yaml:3:7 duplicate route path '\/students\/:sid' \(already declared at .*screens\/students\/students-show\.yaml:3:7: rename or remove one\)$/,
    );
  });

  it('unknown kind', async () => {
    const { lines } = await errorsFor({ 'screens/x.yaml': 'kind: screeen\nname: x\n' });
    expect(lines[0]).toBe(
      "screens/x.yaml:1:7 unknown kind 'screeen' (did you mean 'screen'? allowed: permissions, role, statusTable, rules, entity, form, wizard, screen, navigation)",
    );
  });

  it('YAML syntax errors are positioned too', async () => {
    const { lines } = await errorsFor({ 'screens/x.yaml': 'kind: role\nname: x\nname: y\n' });
    expect(lines[0]).toMatch(/^screens\/x\.yaml:3:1 YAML: Map keys must be unique/);
  });

  it('references inside definitions: status keys, tabs, fields, routes', async () => {
    const { lines } = await errorsFor({
      'screens/codes/student_status.yaml':
        STATUS_TABLE.replace('colour', 'color') + 'transitions:\n  - {from: [activ], to: suspended}\n',
      'screens/admission/admission_wizard.yaml':
        'kind: wizard\nname: admission_wizard\ntitle: {en: A, ar: ب}\ntabs:\n  personal: {label: {en: P, ar: ش}, form: student_form}\ntabSets:\n  param: type\n  sets:\n    "1": [personal, note]\n',
      'screens/students/students-edit.yaml':
        'kind: screen\nname: students-edit\npath: /students/:id/edit\nview: form\ntitle: {en: E, ar: ت}\nform: student_from\n',
    });
    expect(lines).toEqual([
      "screens/admission/admission_wizard.yaml:9:21 unknown tab 'note' (declare it under tabs: (personal))",
      "screens/codes/student_status.yaml:13:13 unknown status key 'activ' in 'student_status' (did you mean 'active'? keys: active, suspended, graduated)",
      "screens/students/students-edit.yaml:6:7 unknown form 'student_from' (did you mean 'student_form'? declare it in a kind: form file)",
    ]);
  });

  it('unknown fields and route parameters: checked against the entity and the target path', async () => {
    const { lines } = await errorsFor({
      'screens/students/students-list.yaml': [
        'kind: screen',
        'name: students-list',
        'path: /students',
        'view: list',
        'title: common.students',
        'source:',
        '  resource: students',
        'columns:',
        '  - field: cod',
        'filters:',
        '  - {field: status_id, ref: studnts}',
        'rowLink: {route: students-show, params: {sid: id}}',
        '',
      ].join('\n'),
    });
    expect(lines).toEqual([
      "screens/students/students-list.yaml:9:12 unknown field 'cod' of entity 'students' (did you mean 'code'? fields of 'students': code, name, national_id, status_id, gpa, user_id)",
      "screens/students/students-list.yaml:11:29 unknown entity 'studnts' (did you mean 'students'? declare it in a kind: entity file)",
      "screens/students/students-list.yaml:12:42 route 'students-show' (/students/:id) has no parameter 'sid' (its parameters: id)",
    ]);
  });

  it("indexes: every field must be the entity's; index: false is a field option like the others", async () => {
    const entity = (extra: string) =>
      [
        'kind: entity',
        'name: students',
        'label: common.students',
        'fields:',
        '  code: {type: string, label: {en: Code, ar: الكود}, required: true, unique: true, maxLength: 20}',
        '  name: {type: string, label: {en: Name, ar: الاسم}, required: true, search: true}',
        '  national_id: {type: string, label: {en: National id, ar: الرقم القومي}, rules: [national_id], filter: number_only}',
        '  status_id: {type: integer, label: {en: Status, ar: الحالة}, status: student_status, default: 1, index: false}',
        '  gpa: {type: number, label: {en: GPA, ar: المعدل}, minimum: 0, maximum: 4}',
        '  user_id: {type: integer, label: {en: User, ar: المستخدم}, serverOnly: true}',
        'access: {read: access_users, write: edit_students}',
        'scope: {field: user_id, equals: user.id, unless: access_users}',
        'search: [code, name]',
        'sort: {field: name, order: asc}',
        extra,
        '',
      ].join('\n');
    const bad = await errorsFor({
      'screens/students/students.entity.yaml': entity('indexes:\n  - fields: [status_id, gap]\n  - fields: [code]'),
    });
    expect(bad.lines).toEqual([
      "screens/students/students.entity.yaml:16:25 unknown field 'gap' of entity 'students' (did you mean 'gpa'? index a field of this entity: code, name, national_id, status_id, gpa, user_id)",
      "screens/students/students.entity.yaml:17:13 'indexes.1.fields' needs at least 2 item(s) (add items to the list)",
    ]);
    const good = await errorsFor({
      'screens/students/students.entity.yaml': entity('indexes:\n  - fields: [status_id, gpa]'),
    });
    expect(good.lines).toEqual([]);
  });

  it('a file with a bad key still gets its references checked in the same run', async () => {
    const { lines } = await errorsFor({
      'screens/access/student.role.yaml':
        'kind: role\nname: student\nlabel: {en: Student, ar: طالب}\nuserType: 3\npermissions: [nope]\nsignatry: true\n',
    });
    expect(lines).toEqual([
      "screens/access/student.role.yaml:5:15 unknown permission 'nope' (declare it in a kind: permissions file)",
      "screens/access/student.role.yaml:6:1 unknown key 'signatry' (did you mean 'signatory'? allowed: kind, name, label, userType, permissions, signatory)",
    ]);
  });

  it('reports every error of every file at once', async () => {
    const { errors } = await errorsFor({
      'screens/access/student.role.yaml': 'kind: role\nname: student\nlabel: {en: Student}\nuserType: 3\n',
      'screens/x.yaml': 'kind: screeen\n',
      'screens/students/students-show.yaml':
        'kind: screen\nname: students-show\npath: /students/:id\nview: detail\ntitle: {en: S, ar: ط}\nsource: {resource: nope}\n',
    });
    expect(new Set(errors.map((e) => e.file.split('/').pop()))).toEqual(
      new Set(['student.role.yaml', 'x.yaml', 'students-show.yaml']),
    );
  });
});
