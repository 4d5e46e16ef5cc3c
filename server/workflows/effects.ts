/**
 * Effects of a step, carried out in its transaction in the order the YAML lists them: `set`
 * fields, a `history` event, a `notify` mail to the owner (queued, sent after the commit), a
 * `fee` on the finance ledger, a named `document` or `effect` of the registries below.
 */
import { sql } from 'kysely';
import type { LocalText, WorkflowEffect } from '../../generator/manifest-types.ts';
import type { WorkflowDocumentName, WorkflowEffectName } from '../../generator/workflow-names.ts';
import { evaluateCondition } from '../../engine/core/conditions.ts';
import { fillText } from '../../engine/core/text.ts';
import { createInvoice } from '../domains/finance/ledger.ts';
import type { StepContext } from './context.ts';
import { stateId, type Row } from './definition.ts';

type EffectFn = (ctx: StepContext) => Promise<void>;

/** Named effects: what `set` cannot say. */
export const EFFECTS: Record<WorkflowEffectName, EffectFn> = {
  /** The first staff member to act on a record becomes the one handling it (`assigned_to`). */
  async assign_to_me(ctx) {
    if (ctx.record.assigned_to != null || ctx.user.id === null) return;
    await update(ctx, { assigned_to: ctx.user.id });
  },
  /** A readable reference in `code`: the entity's first three letters and the id (`HOU-000042`). */
  async reference_code(ctx) {
    const prefix = ctx.entity.name.slice(0, 3).toUpperCase();
    await update(ctx, { code: `${prefix}-${String(ctx.record.id).padStart(6, '0')}` });
  },
};

/** Named documents (a PDF template). The registry is where a university's own templates are added. */
export const DOCUMENTS: Record<WorkflowDocumentName, EffectFn> = {};

/** A value of `set` or `paid`: `now`, `user.id`, `form.<field>`, `setting.<name>`, or the literal. */
export function resolveValue(ctx: Pick<StepContext, 'user' | 'form' | 'settings'>, value: unknown): unknown {
  if (value === 'now') return sql`now()`;
  if (value === 'user.id') return ctx.user.id;
  if (typeof value === 'string' && value.startsWith('form.')) return ctx.form[value.slice(5)] ?? null;
  if (typeof value === 'string' && value.startsWith('setting.')) return ctx.settings.get(value.slice(8)) ?? null;
  return value;
}

async function update(ctx: StepContext, values: Row): Promise<void> {
  const { entity } = ctx;
  if (entity.timestamps) values.updated_at = sql`now()`;
  await ctx.trx.updateTable(entity.table).set(values).where('id', '=', Number(ctx.record.id)).execute();
  const fresh = await ctx.trx
    .selectFrom(entity.table)
    .selectAll()
    .where('id', '=', Number(ctx.record.id))
    .executeTakeFirst();
  if (fresh) ctx.record = fresh;
}

async function history(ctx: StepContext, target: string): Promise<void> {
  const events = ctx.m.entities[target]!;
  await ctx.trx
    .insertInto(events.table)
    .values({
      record_id: Number(ctx.record.id),
      action: ctx.action,
      from_status_id: ctx.from === null ? null : stateId(ctx.table, ctx.from),
      to_status_id: stateId(ctx.table, ctx.to),
      note: typeof ctx.form.note === 'string' ? ctx.form.note : firstText(ctx.form),
      by_id: ctx.user.id,
    })
    .execute();
}

/** The note of a step: its form's first text value (a reason, a staff note). */
const firstText = (form: Row): string | null =>
  (Object.values(form).find((v) => typeof v === 'string' && v.trim()) as string | undefined) ?? null;

/** The owner's mail address: the owner field is a user id, or a student id whose student row names the user. */
async function ownerEmail(ctx: StepContext): Promise<string | null> {
  const w = ctx.entity.workflow!;
  const value = ctx.record[w.owner.field];
  if (value === null || value === undefined) return null;
  let userId = Number(value);
  if (w.owner.equals === 'user.student_id') {
    const student = await ctx.trx.selectFrom('students').select('user_id').where('id', '=', userId).executeTakeFirst();
    if (!student?.user_id) return null;
    userId = Number(student.user_id);
  }
  if (w.owner.equals === 'user.applicant_id') return null;
  const user = await ctx.trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return typeof user?.email === 'string' ? user.email : null;
}

/** The owner's language is not stored: the mail says it in English, then in Arabic, as every mail of the portal. */
async function notify(ctx: StepContext, n: { subject: LocalText; body: LocalText }): Promise<void> {
  const to = await ownerEmail(ctx);
  if (!to) return;
  const status = ctx.table.statuses.find((s) => s.key === ctx.to);
  const note = firstText(ctx.form) ?? '';
  const params = (lang: 'en' | 'ar') => ({
    code: String(ctx.record.code ?? ctx.record.id),
    status: (lang === 'ar' ? status?.name_local : status?.name) ?? ctx.to,
    note,
  });
  const en = (t: LocalText) => fillText(t.en, params('en'));
  const ar = (t: LocalText) => fillText(t.ar, params('ar'));
  ctx.mails.push({
    to,
    subject: `${en(n.subject)} | ${ar(n.subject)}`,
    text: `${en(n.body)}\n\n---\n\n${ar(n.body)}\n`,
  });
}

async function fee(ctx: StepContext, f: NonNullable<WorkflowEffect['fee']>): Promise<void> {
  const amount = Number(resolveValue(ctx, f.amount) ?? 0);
  if (!Number.isFinite(amount) || amount <= 0) return;
  const invoice = await createInvoice(ctx.trx, {
    student_id: Number(ctx.record[ctx.entity.workflow!.owner.field]),
    billing: f.billing as never,
    amount,
    description: String(ctx.record.code ?? `${ctx.entity.name} ${ctx.record.id}`),
    created_by: ctx.user.id,
  });
  await update(ctx, { [f.invoice]: invoice.id });
}

export async function runEffects(ctx: StepContext, effects: WorkflowEffect[] | undefined): Promise<void> {
  for (const e of effects ?? []) {
    if (e.when && !evaluateCondition(e.when, { record: ctx.record, subject: ctx.user })) continue;
    if (e.set) await update(ctx, Object.fromEntries(Object.entries(e.set).map(([k, v]) => [k, resolveValue(ctx, v)])));
    if (e.history) await history(ctx, e.history);
    if (e.notify) await notify(ctx, e.notify as { subject: LocalText; body: LocalText });
    if (e.fee) await fee(ctx, e.fee);
    if (e.document) await (DOCUMENTS as Record<string, EffectFn>)[e.document]?.(ctx);
    if (e.effect) await EFFECTS[e.effect as WorkflowEffectName](ctx);
  }
}
