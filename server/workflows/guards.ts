/**
 * Guards of a step: a `when` condition (the record with the form's values, the settings, the
 * user's permissions) or a named guard of this registry, for what a condition cannot say
 * (counts of other records, dates against today). A failing guard refuses the step with 409 and
 * the guard's own message; nothing is written.
 */
import { sql } from 'kysely';
import dayjs from 'dayjs';
import type { WorkflowGuard } from '../../generator/manifest-types.ts';
import type { WorkflowGuardName } from '../../generator/workflow-names.ts';
import { evaluateCondition } from '../../engine/core/conditions.ts';
import { TextError } from '../http/errors.ts';
import type { StepContext } from './context.ts';
import { stateId } from './definition.ts';

type GuardFn = (ctx: StepContext, settings: Record<string, unknown>) => Promise<boolean>;

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export const GUARDS: Record<WorkflowGuardName, GuardFn> = {
  /**
   * No other record with the same values of `fields` stands in one of `states`
   * (`{fields: [room_id, category_id], states: [submitted, in_progress]}`): one open request per room.
   */
  async no_open_duplicate(ctx, settings) {
    const { entity, table, record } = ctx;
    const states = list(settings.states).map((k) => stateId(table, k));
    let query = ctx.trx
      .selectFrom(entity.table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where(entity.workflow!.status, 'in', states.length ? states : [-1]);
    for (const f of list(settings.fields)) query = query.where(f, '=', record[f] as never);
    if (record.id) query = query.where('id', '<>', Number(record.id));
    if (entity.softDelete) query = query.where('deleted_at', 'is', null);
    return Number((await query.executeTakeFirst())?.n ?? 0) === 0;
  },
  /** The date in `field` lies from `pastDays` before today to `futureDays` after it (`{field: from_date, pastDays: 30}`). */
  async date_window({ record }, settings) {
    const value = record[String(settings.field)];
    if (value === null || value === undefined || value === '') return true;
    const day = dayjs(String(value).slice(0, 10), 'YYYY-MM-DD', true);
    if (!day.isValid()) return false;
    const today = dayjs().startOf('day');
    const past = typeof settings.pastDays === 'number' ? settings.pastDays : Infinity;
    const future = typeof settings.futureDays === 'number' ? settings.futureDays : Infinity;
    return today.diff(day, 'day') <= past && day.diff(today, 'day') <= future;
  },
};

export async function checkGuards(ctx: StepContext, guards: WorkflowGuard[] | undefined): Promise<void> {
  for (const g of guards ?? []) {
    const holds = g.when
      ? evaluateCondition(g.when, {
          record: { ...ctx.record, ...ctx.form },
          settings: Object.fromEntries(ctx.settings),
          subject: ctx.user,
        })
      : await GUARDS[g.guard as WorkflowGuardName](ctx, (g.with ?? {}) as Record<string, unknown>);
    if (!holds) throw new TextError(409, g.message as { en: string; ar: string });
  }
}
