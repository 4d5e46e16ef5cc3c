/**
 * Which statuses a choice field offers: the status table's, narrowed by the field's
 * `options.only` (ids) and `options.when` (id -> condition). One pure rule for both sides: the
 * browser draws only these choices and clears a chosen one that stops being offered
 * (form-model.ts), the server refuses any other value with `enum`
 * (server/domains/admission/tab-validation.ts).
 */
import type { Form, FormField } from '../../generator/manifest-types.ts';
import { evaluateCondition, type ConditionContext } from './conditions.ts';

/** Whether the field narrows its choices at all (no `only`, no `when`: every status is offered). */
export function narrowsChoices(field: Pick<FormField, 'options'>): boolean {
  return !!field.options?.status && (!!field.options.only || !!field.options.when);
}

/**
 * Whether `value` (a status id, or its text from a form) is offered now. Values of fields that
 * do not narrow their choices, and empty values, are left to the other checks.
 */
export function choiceOffered(field: Pick<FormField, 'options'>, value: unknown, context: ConditionContext): boolean {
  // Lists of rows name their statuses per row: the generator allows only/when on single choices.
  if (!narrowsChoices(field) || value === undefined || value === null || value === '' || Array.isArray(value))
    return true;
  const { only, when } = field.options!;
  const id = Number(value);
  if (!Number.isInteger(id)) return false;
  if (only && !only.includes(id)) return false;
  const condition = when?.[String(id)];
  return !condition || evaluateCondition(condition, context);
}

/** The statuses offered now, in the table's order. */
export function offeredStatuses<S extends { id: number }>(
  field: Pick<FormField, 'options'>,
  statuses: readonly S[],
  context: ConditionContext,
): S[] {
  if (!narrowsChoices(field)) return [...statuses];
  return statuses.filter((s) => choiceOffered(field, s.id, context));
}

/**
 * The record with every chosen value that is no longer offered removed (the nationality
 * changed, so bank transfer went away). The same object when nothing changed, so a memo
 * built on it does not redraw the form.
 */
export function withoutRefusedChoices<R extends Record<string, unknown>>(
  form: Pick<Form, 'fields'>,
  record: R,
  context: Omit<ConditionContext, 'record'>,
): R {
  let out: R | undefined;
  for (const field of form.fields) {
    if (!narrowsChoices(field) || !Object.hasOwn(record, field.name)) continue;
    if (choiceOffered(field, record[field.name], { ...context, record: out ?? record })) continue;
    out ??= { ...record };
    delete out[field.name];
  }
  return out ?? record;
}
