/**
 * The workflow of an entity (entity `workflow:`): compiled into the server manifest (never the
 * client's), and checked with file:line:column and a hint: a step to an unknown state, an unknown
 * guard or effect name, a form field not on the entity, a fee without a billing kind.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { toClientManifest } from '../../../generator/emit.ts';
import { errorsFor, workspace } from './helpers.ts';

const REQUESTS = `kind: entity
name: requests
label: {en: Requests, ar: الطلبات}
fields:
  student_id: {type: integer, label: {en: Student, ar: الطالب}, ref: students, readOnly: true}
  status_id: {type: integer, label: {en: Status, ar: الحالة}, status: student_status, readOnly: true}
  note: {type: text, label: {en: Note, ar: ملاحظة}}
  payment_id: {type: integer, label: {en: Invoice, ar: الفاتورة}}
access: {read: public, create: access_student, update: access_student}
workflow:
  status: status_id
  owner: {field: student_id, equals: user.student_id}
  edit: [active]
  transitions:
    - action: suspend
      from: [active]
      to: suspended
      by: edit_students
      form: [{field: note, required: true}]
      guards:
        - {when: {field: note, empty: false}, message: {en: Say why, ar: اذكر السبب}}
      effects:
        - set: {note: form.note}
        - effect: assign_to_me
`;
const FILE = 'screens/students/requests.entity.yaml';

describe('workflows (entity workflow:)', () => {
  it('compiles into the server manifest with the initial state, and stays out of the client manifest', async () => {
    const ws = await workspace({ [FILE]: REQUESTS });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      const entity = result.manifest!.entities.requests!;
      expect(entity.workflow?.initial).toBe('active');
      expect(entity.access).toMatchObject({ create: 'access_student', update: 'access_student', write: 'nobody' });
      expect(entity.workflow?.transitions?.[0]?.guards?.[0]?.message).toEqual({ en: 'Say why', ar: 'اذكر السبب' });
      expect(toClientManifest(result.manifest!).entities.requests).not.toHaveProperty('workflow');
    } finally {
      await ws.cleanup();
    }
  });

  it('points at a step to an unknown state, with the states as the hint', async () => {
    const { lines } = await errorsFor({ [FILE]: REQUESTS.replace('to: suspended', 'to: suspend') });
    const line = lines.find((l) => l.includes("transition to 'suspend' is not a state"));
    expect(line).toMatch(/requests\.entity\.yaml:17:\d+/);
    expect(line).toContain("did you mean 'suspended'?");
  });

  it('refuses unknown guard and effect names and a form field not on the entity', async () => {
    const bad = REQUESTS.replace('effect: assign_to_me', 'effect: assign_me')
      .replace(
        '{when: {field: note, empty: false}, message: {en: Say why, ar: اذكر السبب}}',
        '{guard: no_open_duplicates, message: {en: x, ar: س}}',
      )
      .replace('form: [{field: note, required: true}]', 'form: [{field: reason, required: true}]');
    const { lines } = await errorsFor({ [FILE]: bad });
    expect(lines.find((l) => l.includes("unknown effect 'assign_me'"))).toContain("did you mean 'assign_to_me'?");
    expect(lines.find((l) => l.includes("unknown guard 'no_open_duplicates'"))).toContain(
      "did you mean 'no_open_duplicate'?",
    );
    expect(lines.find((l) => l.includes("unknown field 'reason'"))).toMatch(/requests\.entity\.yaml:\d+:\d+ /);
    // set: {note: form.note} now names a field the form no longer has
    expect(lines.some((l) => l.includes("'form.note' is not a field of the step's form"))).toBe(true);
  });

  it('refuses a fee without a billing kind, and an owner field that does not exist', async () => {
    const bad = REQUESTS.replace(
      '        - effect: assign_to_me',
      '        - fee: {amount: 50, invoice: payment_id}',
    ).replace('owner: {field: student_id', 'owner: {field: student');
    const { lines } = await errorsFor({ [FILE]: bad });
    expect(lines.find((l) => l.includes('a fee without a billing kind'))).toContain('add billing:');
    expect(lines.some((l) => l.includes("unknown field 'student'"))).toBe(true);
  });
});
