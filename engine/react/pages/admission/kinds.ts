/** Application kinds (applicant_type) as the apply pages offer them. */

/** The staff application kind (applicant_type 7, Rowaq's decision: docs/decisions.md). */
export const STAFF_TYPE = '7';

/** Kinds offered on /apply: every applicant_type except the staff flow (/apply-staff). */
export function studentKinds(ids: readonly number[]): number[] {
  return ids.filter((id) => String(id) !== STAFF_TYPE);
}
