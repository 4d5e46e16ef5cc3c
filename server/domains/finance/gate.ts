/**
 * The gates (portal-core section 8). Which actions are gated is declared in YAML (kind: rules,
 * `gates:`, screens/finance/gates.rules.yaml); the checks live here. A closed gate answers
 * HTTP 403 `{redirect_to, error}`: engine/core's API client shows the message and navigates.
 *
 *   overdue_installments     a student's unpaid installment whose due date has passed -> payments
 *   mandatory_questionnaire  a mandatory questionnaire the user has not submitted      -> dashboard
 *     (reads entities `questionnaires` {mandatory} and `questionnaire_submissions`
 *     {questionnaire_id, user_id} when the manifest declares them; without them nothing is due)
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Gate, Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { HttpError } from '../../http/errors.ts';
import { PAYMENT_STATUS, type Db } from './codes.ts';

const GATE_MESSAGE = { payments: 'pay_due_invoices', dashboard: 'fill_survey_first' } as const;

/** The gates of the manifest that list `action`. */
export function gatesFor(manifest: Manifest, action: string): Gate[] {
  return Object.values(manifest.gates ?? {}).filter((g) => g.actions.includes(action));
}

/** True when the student has an unpaid installment past its due date. */
export async function hasOverdueInstallments(db: Db, studentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('installments')
    .select('id')
    .where('student_id', '=', studentId)
    .where('status_id', '<>', PAYMENT_STATUS.paid)
    .where(sql<boolean>`paid_amount < amount`)
    .where('due_date', '<', sql<string>`current_date`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * The overdue_installments check as SQL text over a student id expression (the same condition
 * as hasOverdueInstallments), for a hot path that folds the gate into its own statement.
 */
export function overdueInstallmentsSql(studentRef: string): string {
  return `exists(select 1 from installments i where i.student_id = ${studentRef} and i.status_id <> ${PAYMENT_STATUS.paid}
    and i.paid_amount < i.amount and i.due_date < current_date)`;
}

/**
 * How a hot path checks the gates of `action`: `overdue`, the overdue installments gate when the
 * action has one, to evaluate inside the path's own statement (overdueInstallmentsSql); `rest`,
 * the other gates, for unfoldedGatesPreHandler. The YAML `gates:` list stays the source of truth:
 * this is read from the manifest when the routes are made.
 */
export function foldedGates(manifest: Manifest, action: string): { overdue: Gate | null; rest: Gate[] } {
  const gates = gatesFor(manifest, action);
  return {
    overdue: gates.find((g) => g.check === 'overdue_installments') ?? null,
    rest: gates.filter((g) => g.check !== 'overdue_installments'),
  };
}

/** The answer of a closed gate: 403 {redirect_to, error}. */
export function gateClosedError(gate: Gate): HttpError {
  return new HttpError(403, gateMessageKey(gate), undefined, { redirect_to: gate.redirect_to });
}

/** True when a mandatory questionnaire exists that the user has not submitted. */
export async function hasMandatoryQuestionnaire(db: Db, manifest: Manifest, userId: number): Promise<boolean> {
  const q = manifest.entities.questionnaires;
  const s = manifest.entities.questionnaire_submissions;
  if (!q?.fields.mandatory || !s?.fields.questionnaire_id || !s.fields.user_id) return false;
  let query = db
    .selectFrom(`${q.table} as q`)
    .select('q.id')
    .where('q.mandatory', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(`${s.table} as s`)
            .select('s.id')
            .whereRef('s.questionnaire_id', '=', 'q.id')
            .where('s.user_id', '=', userId),
        ),
      ),
    );
  if (q.softDelete) query = query.where('q.deleted_at', 'is', null);
  return !!(await query.limit(1).executeTakeFirst());
}

async function closed(db: Db, manifest: Manifest, user: RequestUser, gate: Gate): Promise<boolean> {
  if (gate.check === 'overdue_installments')
    return user.student_id != null && hasOverdueInstallments(db, user.student_id);
  return user.id != null && hasMandatoryQuestionnaire(db, manifest, user.id);
}

/**
 * Every gated action closed for `user` now, each with its first closed gate in YAML order (the
 * gate whose answer the action's 403 would carry): what GET /users/gates tells the portal before
 * the user acts. Each gate is checked once, with the same functions as the 403's, whatever number
 * of actions it lists: a student costs one query per kind of check, a guest none.
 */
export async function closedGates(db: Db, manifest: Manifest, user: RequestUser): Promise<Map<string, Gate>> {
  const out = new Map<string, Gate>();
  if (user.id == null) return out;
  for (const gate of Object.values(manifest.gates ?? {})) {
    if (!gate.actions.some((action) => !out.has(action))) continue;
    if (!(await closed(db, manifest, user, gate))) continue;
    for (const action of gate.actions) if (!out.has(action)) out.set(action, gate);
  }
  return out;
}

/** The message key of a closed gate's answer ('You have to pay your due invoices.', ...). */
export function gateMessageKey(gate: Gate): (typeof GATE_MESSAGE)[keyof typeof GATE_MESSAGE] {
  return GATE_MESSAGE[gate.redirect_to];
}

/** The first closed gate of `action` for `user`, or undefined. */
export async function closedGate(
  db: Db,
  manifest: Manifest,
  user: RequestUser,
  action: string,
): Promise<Gate | undefined> {
  for (const gate of gatesFor(manifest, action)) if (await closed(db, manifest, user, gate)) return gate;
  return undefined;
}

/** Throws the gate's answer (403 {redirect_to, error}) when a gate of `action` is closed for `user`. */
export async function assertNotGated(db: Db, manifest: Manifest, user: RequestUser, action: string): Promise<void> {
  const gate = await closedGate(db, manifest, user, action);
  if (gate) throw gateClosedError(gate);
}

/**
 * The preHandler of the gates a hot path did not fold (foldedGates `rest`). Open gates cost no
 * more than their own checks (a questionnaire gate without questionnaire entities: none); when
 * one is closed, the answer is that of the action's first closed gate in YAML order, folded ones
 * included, exactly as gatePreHandler would answer.
 */
export function unfoldedGatesPreHandler(db: Db, manifest: Manifest, action: string, rest: Gate[]) {
  return async (request: FastifyRequest) => {
    for (const gate of rest)
      if (await closed(db, manifest, request.user, gate)) return assertNotGated(db, manifest, request.user, action);
  };
}

/** The same as a Fastify preHandler: `{preHandler: gatePreHandler(db, manifest, 'registration.request')}`. */
export function gatePreHandler(db: Db, manifest: Manifest, action: string) {
  return async (request: FastifyRequest) => assertNotGated(db, manifest, request.user, action);
}
