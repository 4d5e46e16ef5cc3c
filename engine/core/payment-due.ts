/**
 * The payment-due rule of admission-and-grid section 4:
 *   due when the status is EXAM_FEES_REQUIRED, FINAL_FEES_REQUIRED or EXAM_FAILS and the
 *   applicant requires payment; also due when the status is INCOMPLETE and both flags passed
 *   to the check are true; otherwise not due.
 * The spec's "both flags" are read as `requirePayment` and a second flag the caller passes
 * (`incompleteFlag`; for the applicant form this is the applicant's early flag). Flags may
 * arrive as booleans, 1/0 or the strings "true"/"false"; status keys in any case.
 */

export const FEES_DUE_STATUSES: readonly string[] = ['EXAM_FEES_REQUIRED', 'FINAL_FEES_REQUIRED', 'EXAM_FAILS'];
export const INCOMPLETE_STATUS = 'INCOMPLETE';

export type FlagValue = boolean | number | string | null | undefined;

export interface PaymentDueInput {
  /** The applicant status key, e.g. 'FINAL_FEES_REQUIRED' (or the status object's key). */
  status: string | null | undefined;
  requirePayment: FlagValue;
  /** The second flag of the INCOMPLETE case. */
  incompleteFlag?: FlagValue;
}

export function isPaymentDue(input: PaymentDueInput): boolean {
  const status = (input.status ?? '').trim().toUpperCase();
  const requirePayment = isTrue(input.requirePayment);
  if (FEES_DUE_STATUSES.includes(status)) return requirePayment;
  if (status === INCOMPLETE_STATUS) return requirePayment && isTrue(input.incompleteFlag);
  return false;
}

/** true, 1, '1' and 'true' (any case) are true; everything else is false. */
export function isTrue(value: FlagValue): boolean {
  if (typeof value === 'string') return ['true', '1'].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}
