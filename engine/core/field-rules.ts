/**
 * The shared field rules (kind: rules), one implementation for both sides: the browser checks
 * them so a form shows the rule's own message before sending, and the server checks the
 * cross-field ones (compare, distinctFrom) with `crossFieldRuleHolds` after its JSON Schema
 * validation (which covers patterns, lengths, ranges and formats). Empty values pass every rule
 * but `required` (presence is the schema's `required`).
 */
import type { Rule } from '../../generator/manifest-types.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const YEAR = /^(19|20)\d{2}$/;
const URI = /^[a-z][a-z0-9+.-]*:\S+$/i;

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function regex(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    try {
      return new RegExp(source);
    } catch {
      return undefined;
    }
  }
}

function formatOk(format: NonNullable<Rule['format']>, text: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(text);
    case 'date':
      return DATE.test(text) && !Number.isNaN(Date.parse(text));
    case 'date-time':
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));
    case 'year':
      return YEAR.test(text);
    case 'uri':
      return URI.test(text);
  }
}

function compareOk(op: NonNullable<Rule['compare']>['op'], a: unknown, b: unknown): boolean {
  if (isEmptyValue(b)) return true;
  const x = Number(a);
  const y = Number(b);
  const numeric = !Number.isNaN(x) && !Number.isNaN(y);
  const l = numeric ? x : String(a);
  const r = numeric ? y : String(b);
  switch (op) {
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    case '>=':
      return l >= r;
    case '==':
      return l === r;
    case '!=':
      return l !== r;
  }
}

/** True when `value` (the field `self` of `record`, when named) satisfies the rule. */
export function checkRule(
  rule: Rule,
  value: unknown,
  record: Readonly<Record<string, unknown>> = {},
  self?: string,
): boolean {
  if (rule.name === 'required') return !isEmptyValue(value) && value !== false;
  if (isEmptyValue(value)) return true;
  if (rule.sumOf !== undefined || rule.uniqueBy !== undefined) return listRuleHolds(rule, value);
  const text = typeof value === 'string' ? value : String(value);
  if (rule.pattern !== undefined && !regex(rule.pattern)?.test(text)) return false;
  if (rule.anyOfPatterns && !rule.anyOfPatterns.some((p) => regex(p)?.test(text))) return false;
  if (rule.minLength !== undefined && [...text].length < rule.minLength) return false;
  if (rule.maxLength !== undefined && [...text].length > rule.maxLength) return false;
  const n = Number(value);
  if (rule.minimum !== undefined && !(n >= rule.minimum)) return false;
  if (rule.maximum !== undefined && !(n <= rule.maximum)) return false;
  if (rule.const !== undefined && String(rule.const) !== text) return false;
  if (rule.format && !formatOk(rule.format, text)) return false;
  return crossFieldRuleHolds(rule, value, record, self);
}

/**
 * The rule's checks against other fields of the same record: `compare` and `distinctFrom`. A field
 * is never compared with itself, so one rule can list every field of a set (every email of a form)
 * and be put on each of them.
 */
export function crossFieldRuleHolds(
  rule: Rule,
  value: unknown,
  record: Readonly<Record<string, unknown>>,
  self?: string,
): boolean {
  if (isEmptyValue(value)) return true;
  if (rule.sumOf !== undefined || rule.uniqueBy !== undefined) return listRuleHolds(rule, value);
  const text = typeof value === 'string' ? value : String(value);
  if (rule.compare && !compareOk(rule.compare.op, value, record[rule.compare.field])) return false;
  if (
    rule.distinctFrom?.some(
      (f) =>
        f !== self && !isEmptyValue(record[f]) && String(record[f]).trim().toLowerCase() === text.trim().toLowerCase(),
    )
  )
    return false;
  return true;
}

/**
 * A rule over a list of rows (a mark distribution): `uniqueBy` (each row gives the column, no two
 * the same) and `sumOf` (the number checks apply to the column's total). Not a list: fails.
 */
export function listRuleHolds(rule: Rule, value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const rows = value.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {}));
  if (rule.uniqueBy !== undefined) {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row[rule.uniqueBy];
      if (isEmptyValue(key)) return false;
      const text = String(key).trim().toLowerCase();
      if (seen.has(text)) return false;
      seen.add(text);
    }
  }
  if (rule.sumOf !== undefined) {
    // In hundredths, so 33.33 + 33.33 + 33.34 is exactly 100.
    const hundredths = rows.reduce((sum, row) => sum + Math.round(Number(row[rule.sumOf!] ?? Number.NaN) * 100), 0);
    if (!Number.isFinite(hundredths)) return false;
    const total = hundredths / 100;
    if (rule.const !== undefined && total !== Number(rule.const)) return false;
    if (rule.minimum !== undefined && total < rule.minimum) return false;
    if (rule.maximum !== undefined && total > rule.maximum) return false;
  }
  return true;
}
