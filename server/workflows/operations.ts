/**
 * The workflow of an entity, carried out: the hooks the generic resource operations call on
 * create, update, delete and details (the initial state forced, editing only where the owner
 * still may, cancelling as the YAML says), and the named steps (POST /{resource}/{id}/step/{action}).
 * Every write happens in the caller's transaction; mails wait in `mails` for the commit.
 */
import { sql, type Transaction } from 'kysely';
import type { Entity, Manifest, WorkflowTransition } from '../../generator/manifest-types.ts';
import { evaluateCondition } from '../../engine/core/conditions.ts';
import type { RequestUser } from '../auth/user.ts';
import { readSettings } from '../domains/system/university-data.ts';
import { HttpError, ValidationError, addFieldError, type FieldErrors } from '../http/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { StepContext } from './context.ts';
import { inStates, isOwner, stateId, stateKey, statusTableOf, stepsLeaving, type Row } from './definition.ts';
import { runEffects } from './effects.ts';
import { checkGuards } from './guards.ts';
import { mayTake } from './who.ts';

interface Base {
  trx: Transaction<any>;
  m: Manifest;
  entity: Entity;
  user: RequestUser;
  mails: MailMessage[];
}

async function context(b: Base, record: Row, action: string, from: string | null, to: string, form: Row) {
  const settings = new Map([...(await readSettings(b.trx as never, b.m)).entries()].map(([k, v]) => [k, v.value]));
  const ctx: StepContext = { ...b, table: statusTableOf(b.m, b.entity), record, action, from, to, form, settings };
  return ctx;
}

/** Before the INSERT: the state is the initial one whatever was sent, and the create guards hold. */
export async function beforeCreate(b: Base, values: Row): Promise<void> {
  const w = b.entity.workflow!;
  const table = statusTableOf(b.m, b.entity);
  values[w.status] = stateId(table, w.initial);
  await checkGuards(await context(b, { ...values, id: 0 }, 'create', null, w.initial, {}), w.create?.guards);
}

/** After the INSERT, in the same transaction: the create effects (history, fee, notice...). */
export async function afterCreate(b: Base, id: number): Promise<void> {
  const w = b.entity.workflow!;
  const record = await b.trx.selectFrom(b.entity.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await runEffects(await context(b, record, 'create', null, w.initial, {}), w.create?.effects);
}

/**
 * Before an UPDATE: the state never changes this way (only a step moves it), and the owner edits
 * only in the `edit` states. Staff whose permission opens `update` edit in any state.
 */
export function beforeUpdate(b: Base, stored: Row, values: Row): void {
  const w = b.entity.workflow!;
  if (w.status in values && Number(values[w.status]) !== Number(stored[w.status]))
    throw new HttpError(409, 'workflow_status_by_step');
  delete values[w.status];
  if (isOwner(w, b.user, stored) && !inStates(statusTableOf(b.m, b.entity), stored, w.status, w.edit))
    throw new HttpError(409, 'workflow_not_editable');
}

/**
 * The owner's DELETE is a cancel: from the `cancel.from` states only; deleted while `cancel.delete`
 * holds (or when the workflow names no `to`), moved to `cancel.to` otherwise. Answers whether to
 * delete the row; someone else's DELETE (staff with `delete`) deletes.
 */
export async function beforeDelete(b: Base, stored: Row): Promise<boolean> {
  const w = b.entity.workflow!;
  if (!isOwner(w, b.user, stored)) return true;
  const table = statusTableOf(b.m, b.entity);
  if (!w.cancel || !inStates(table, stored, w.status, w.cancel.from))
    throw new HttpError(409, 'workflow_not_cancellable');
  if (!w.cancel.to || (w.cancel.delete && evaluateCondition(w.cancel.delete, { record: stored }))) return true;
  const from = stateKey(table, stored[w.status]) ?? null;
  await b.trx
    .updateTable(b.entity.table)
    .set({ [w.status]: stateId(table, w.cancel.to) })
    .where('id', '=', Number(stored.id))
    .execute();
  const record = { ...stored, [w.status]: stateId(table, w.cancel.to) };
  await runEffects(await context(b, record, 'cancel', from, w.cancel.to, {}), w.cancel.effects);
  return false;
}

/** The step's form: its fields from the body, a required one present, texts trimmed. */
function readForm(entity: Entity, step: WorkflowTransition, body: Row): Row {
  const form: Row = {};
  const errors: FieldErrors = {};
  for (const { field, required } of step.form ?? []) {
    let value = body[field];
    if (typeof value === 'string') value = value.trim();
    const def = entity.fields[field]!;
    if (value === undefined || value === null || value === '') {
      if (required) addFieldError(errors, field, { key: 'workflow_field_required' });
      continue;
    }
    if (typeof value === 'string' && def.maxLength !== undefined && value.length > def.maxLength)
      addFieldError(errors, field, { key: 'max_length', params: { limit: def.maxLength } });
    form[field] = value;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return form;
}

/** One named step: 409 when it does not leave the current state, 403 for someone it is not for, 422 for its form. */
export async function takeStep(b: Base, stored: Row, action: string, body: Row): Promise<void> {
  const w = b.entity.workflow!;
  const table = statusTableOf(b.m, b.entity);
  const step = stepsLeaving(w, table, stored).find((t) => t.action === action);
  if (!step) throw new HttpError(409, 'workflow_step_unknown');
  if (!(await mayTake(b.trx, b.m, b.entity, b.user, stored, step))) throw new HttpError(403, 'workflow_step_forbidden');
  const form = readForm(b.entity, step, body);
  const from = stateKey(table, stored[w.status]) ?? null;
  const ctx = await context(b, stored, step.action, from, step.to, form);
  await checkGuards(ctx, step.guards);
  const values: Row = { [w.status]: stateId(table, step.to), ...form };
  if (b.entity.timestamps) values.updated_at = sql`now()`;
  await b.trx.updateTable(b.entity.table).set(values).where('id', '=', Number(stored.id)).execute();
  ctx.record = { ...stored, ...form, [w.status]: stateId(table, step.to) };
  await runEffects(ctx, step.effects);
}

/** For a detail answer: `can_<action>` per step, `can_edit`, `can_cancel`, and the `history` (oldest first). */
export async function detailExtras(b: Omit<Base, 'mails'>, row: Row): Promise<Row> {
  const w = b.entity.workflow!;
  const table = statusTableOf(b.m, b.entity);
  const open = new Set<string>();
  for (const step of stepsLeaving(w, table, row))
    if (await mayTake(b.trx, b.m, b.entity, b.user, row, step)) open.add(step.action);
  const extras: Row = Object.fromEntries((w.transitions ?? []).map((t) => [`can_${t.action}`, open.has(t.action)]));
  const owner = isOwner(w, b.user, row);
  extras.is_owner = owner;
  extras.can_edit = owner && inStates(table, row, w.status, w.edit);
  extras.can_cancel = owner && inStates(table, row, w.status, w.cancel?.from);
  const events = historyEntity(b.m, b.entity);
  if (events) extras.history = await historyOf(b, events, Number(row.id));
  return extras;
}

function historyEntity(m: Manifest, entity: Entity): Entity | undefined {
  const w = entity.workflow!;
  const all = [
    ...(w.create?.effects ?? []),
    ...(w.cancel?.effects ?? []),
    ...(w.transitions ?? []).flatMap((t) => t.effects ?? []),
  ];
  const name = all.find((e) => e.history)?.history;
  return name ? m.entities[name] : undefined;
}

async function historyOf(b: Omit<Base, 'mails'>, events: Entity, id: number): Promise<Row[]> {
  const rows = await b.trx
    .selectFrom(`${events.table} as e`)
    .leftJoin('users as u', 'u.id', 'e.by_id')
    .select(['e.id', 'e.created_at as at', 'e.action', 'e.from_status_id', 'e.to_status_id', 'e.note', 'u.name as by'])
    .where('e.record_id', '=', id)
    .orderBy('e.id')
    .execute();
  return rows;
}
