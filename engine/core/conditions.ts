/**
 * Conditions of the definition language (visibleWhen, requiredWhen): evaluated against the
 * record being edited, the route parameters, the university settings and the permission check.
 */
import type { Condition } from '../../generator/manifest-types.ts';
import { can, type PermissionSubject } from './permissions.ts';

export interface ConditionContext {
  record?: Readonly<Record<string, unknown>>;
  params?: Readonly<Record<string, string | undefined>>;
  settings?: Readonly<Record<string, unknown>>;
  subject?: PermissionSubject | null;
}

function compare(
  value: unknown,
  c: { equals?: unknown; notEquals?: unknown; in?: unknown[]; empty?: boolean },
): boolean {
  const same = (a: unknown, b: unknown) => a === b || (a != null && b != null && String(a) === String(b));
  if ('empty' in c && c.empty !== undefined) {
    const isEmpty =
      value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (isEmpty !== c.empty) return false;
  }
  if ('equals' in c && !same(value, c.equals)) return false;
  if ('notEquals' in c && same(value, c.notEquals)) return false;
  if (c.in && !c.in.some((v) => same(value, v))) return false;
  return true;
}

export function evaluateCondition(condition: Condition | undefined, context: ConditionContext): boolean {
  if (!condition) return true;
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, context));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, context));
  if ('not' in condition) return !evaluateCondition(condition.not, context);
  if ('permission' in condition) return can(context.subject, condition.permission);
  if ('setting' in condition) return compare(context.settings?.[condition.setting], condition);
  if ('param' in condition) return compare(context.params?.[condition.param], condition);
  return compare(context.record?.[condition.field], condition);
}
