import { describe, expect, it } from 'vitest';
import { isPaymentDue, isTrue } from '../../../engine/core/index.ts';

describe('payment-due rule (admission-and-grid section 4): truth table', () => {
  const rows: [string | null, boolean, boolean, boolean][] = [
    // status, requirePayment, incompleteFlag, due
    ['EXAM_FEES_REQUIRED', true, false, true],
    ['EXAM_FEES_REQUIRED', false, true, false],
    ['FINAL_FEES_REQUIRED', true, false, true],
    ['FINAL_FEES_REQUIRED', false, false, false],
    ['EXAM_FAILS', true, false, true],
    ['EXAM_FAILS', false, true, false],
    ['INCOMPLETE', true, true, true],
    ['INCOMPLETE', true, false, false],
    ['INCOMPLETE', false, true, false],
    ['INCOMPLETE', false, false, false],
    ['SUBMITTED', true, true, false],
    ['APPROVED', true, true, false],
    [null, true, true, false],
  ];
  it.each(rows)(
    'status %s, requirePayment %s, incompleteFlag %s -> due %s',
    (status, requirePayment, incompleteFlag, due) => {
      expect(isPaymentDue({ status, requirePayment, incompleteFlag })).toBe(due);
    },
  );

  it('accepts lower-case keys and "true"/"false", 1/0 flags', () => {
    expect(isPaymentDue({ status: 'final_fees_required', requirePayment: 'true' })).toBe(true);
    expect(isPaymentDue({ status: 'incomplete', requirePayment: 1, incompleteFlag: '1' })).toBe(true);
    expect(isPaymentDue({ status: 'exam_fails', requirePayment: 'false' })).toBe(false);
    expect(isPaymentDue({ status: 'INCOMPLETE', requirePayment: true })).toBe(false);
  });

  it('isTrue', () => {
    expect([true, 1, '1', 'true', 'TRUE', ' true '].map(isTrue)).toEqual([true, true, true, true, true, true]);
    expect([false, 0, '0', 'false', '', 'yes', null, undefined, 2].map(isTrue).some(Boolean)).toBe(false);
  });
});
