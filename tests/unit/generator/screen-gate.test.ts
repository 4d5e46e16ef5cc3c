/**
 * A screen's `gate:` key: the gated action the screen leads to (the runtime warns at its top
 * while that action's gate is closed). It must name an action a gate lists; a misspelt one is
 * reported at file:line:column with the closest name.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { errorsFor, workspace } from './helpers.ts';

const GATES = `kind: rules
gates:
  payments_due:
    check: overdue_installments
    redirect_to: payments
    actions: [registration.request, certificates.request]
`;

const screenWith = (gate: string) => `kind: screen
name: students-edit
path: /students/:id/edit
view: form
title: {en: Edit student, ar: تعديل طالب}
permission: edit_students
form: student_form
gate: ${gate}
`;

const SCREEN = 'screens/students/students-edit.yaml';

describe('screen gate:', () => {
  it('compiles a listed action into the screen', async () => {
    const ws = await workspace({
      'screens/finance/gates.rules.yaml': GATES,
      [SCREEN]: screenWith('registration.request'),
    });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      expect(result.manifest?.screens['students-edit']?.gate).toBe('registration.request');
      expect(result.manifest?.screens['students-list']?.gate).toBeUndefined();
    } finally {
      await ws.cleanup();
    }
  });

  it('refuses an action no gate lists, at its line and column, with the closest name', async () => {
    const { lines } = await errorsFor({
      'screens/finance/gates.rules.yaml': GATES,
      [SCREEN]: screenWith('registration.requests'),
    });
    expect(lines).toEqual([
      "screens/students/students-edit.yaml:8:7 unknown gated action 'registration.requests' (did you mean 'registration.request'? name an action listed under actions: of a gate in a kind: rules file (screens/finance/gates.rules.yaml))",
    ]);
  });

  it('refuses any action when no gate is declared, and a name that is not area.action', async () => {
    expect((await errorsFor({ [SCREEN]: screenWith('registration.request') })).lines[0]).toMatch(
      /^screens\/students\/students-edit\.yaml:8:7 unknown gated action 'registration\.request'/,
    );
    const bad = await errorsFor({ 'screens/finance/gates.rules.yaml': GATES, [SCREEN]: screenWith('Registration') });
    expect(bad.lines).toHaveLength(1);
    expect(bad.lines[0]).toBe(
      "screens/students/students-edit.yaml:8:7 'Registration' is not a valid 'gate' (write a gated action as area.action in lower case, e.g. registration.request)",
    );
  });
});
