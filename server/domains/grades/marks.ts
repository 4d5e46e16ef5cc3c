/**
 * One mark checked, the same way for PUT /grades/sections/{id}/marks and the spreadsheet import:
 * empty clears it; otherwise a number (a JSON number, or digits as text or as a sheet's number
 * cell) that passes the manifest's rule `mark_value` (at least 0, at most 2 decimals) and
 * `mark_not_above_max` against the registration's maximum (portal-core section 5). The rules'
 * messages are the manifest's, so the grid in the browser says the same words.
 */
import type { Manifest, Rule } from '../../../generator/manifest-types.ts';
import { checkRule } from '../../../engine/core/field-rules.ts';
import type { Message } from '../../http/messages.ts';

export const MARK_VALUE_RULE = 'mark_value';
export const MARK_MAX_RULE = 'mark_not_above_max';

export type MarkResult = { value: number | null } | { error: Message };

export interface MarkRules {
  value?: Rule;
  max?: Rule;
}

export function markRules(manifest: Manifest): MarkRules {
  return { value: manifest.rules[MARK_VALUE_RULE], max: manifest.rules[MARK_MAX_RULE] };
}

const NUMBER_TEXT = /^\s*[-+]?(\d+([.]\d*)?|[.]\d+)\s*$/;

/** The mark as a number, null for empty, undefined when it is no number at all. */
export function markNumber(raw: unknown): number | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return null;
    return NUMBER_TEXT.test(raw) ? Number(raw) : undefined;
  }
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined;
}

/** Whether a number has at most 2 decimals, read from its shortest text (12.5, not 12.499999). */
const twoDecimals = (n: number) => /^-?\d+([.]\d{1,2})?$/.test(String(n));

export function checkMark(raw: unknown, max: number, rules: MarkRules): MarkResult {
  const n = markNumber(raw);
  if (n === undefined) return { error: { key: 'grades_mark_not_number' } };
  if (n === null) return { value: null };
  // Without the manifest's rule (a hand-built manifest) the same bounds still hold.
  if (rules.value ? !checkRule(rules.value, n) : n < 0 || !twoDecimals(n)) {
    return { error: rules.value ? { text: rules.value.message } : { key: 'minimum', params: { limit: 0 } } };
  }
  if (rules.max ? !checkRule(rules.max, n, { max_mark: max }) : n > max) {
    return { error: rules.max ? { text: rules.max.message } : { key: 'maximum', params: { limit: max } } };
  }
  return { value: n };
}
