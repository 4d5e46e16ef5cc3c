/**
 * The gates key of kind: rules: compiled into manifest.gates, checked by the schema.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { errorsFor, workspace } from './helpers.ts';

const GATES = `kind: rules
gates:
  payments_due:
    description: Pay first.
    check: overdue_installments
    redirect_to: payments
    actions: [registration.request, certificates.request]
`;

describe('gates (kind: rules)', () => {
  it('compiles into manifest.gates', async () => {
    const ws = await workspace({ 'screens/finance/gates.rules.yaml': GATES });
    try {
      const result = await createCompiler(ws.options({ write: false })).compile();
      expect(result.errors).toEqual([]);
      expect(result.manifest?.gates?.payments_due).toEqual({
        name: 'payments_due',
        description: 'Pay first.',
        check: 'overdue_installments',
        redirect_to: 'payments',
        actions: ['registration.request', 'certificates.request'],
      });
    } finally {
      await ws.cleanup();
    }
  });

  it('refuses an unknown redirect, an unknown check and a badly formed action name', async () => {
    const bad = GATES.replace('redirect_to: payments', 'redirect_to: profile')
      .replace('check: overdue_installments', 'check: unpaid')
      .replace('certificates.request', 'Certificates');
    const { lines } = await errorsFor({ 'screens/finance/gates.rules.yaml': bad });
    expect(lines.some((l) => l.includes('gates.rules.yaml') && l.includes('redirect_to'))).toBe(true);
    expect(lines.some((l) => l.includes('gates.rules.yaml') && l.includes('check'))).toBe(true);
    expect(lines.some((l) => l.includes('gates.rules.yaml:7'))).toBe(true);
  });
});
