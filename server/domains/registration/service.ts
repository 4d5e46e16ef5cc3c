/**
 * What every registration call shares: the domain's state (database, lifecycle, names, gate),
 * the caller's student id, the term a call is about, and the write runner: gate -> transaction
 * -> lock the student -> load the context (with any stored Idempotency-Key answer) -> the
 * action -> remember the answer -> commit. A Refusal rolls everything back and is answered in
 * the caller's language; lock waits, deadlocks and serialization failures become 503 (retry).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Gate as GateDef, LocalText, Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { loadUserByToken, type RequestUser } from '../../auth/user.ts';
import { gateClosedError, hasOverdueInstallments } from '../finance/gate.ts';
import { CatalogCache } from './catalog.ts';
import { loadContext, type StudentContext } from './context.ts';
import { Gate, gateOptionsFromEnv } from './gate.ts';
import { loadLifecycle, type Lifecycle } from './lifecycle.ts';
import { langOf, Refusal, say, sendRefusal, type Lang } from './refusal.ts';
import { STAGES, stageOpen, todayIso, type Names } from './rules.ts';
import { storeAnswer } from './seats.ts';
import type { RegistrationMessageKey } from './messages.ts';

export interface Domain {
  db: Kysely<any>;
  manifest: Manifest;
  lifecycle: Lifecycle;
  names: Names;
  gate: Gate;
  /** The copy of the registration catalog part (catalog.ts), one per database. */
  catalog: CatalogCache;
}

export function createDomain(db: Kysely<any>, manifest: Manifest): Domain {
  const statusName = (table: string) => {
    const byId = new Map(
      (manifest.statusTables[table]?.statuses ?? []).map((s) => [s.id, { en: s.name, ar: s.name_local || s.name }]),
    );
    return (id: number): LocalText => byId.get(id) ?? { en: String(id), ar: String(id) };
  };
  return {
    db,
    manifest,
    lifecycle: loadLifecycle(manifest),
    names: { day: statusName('week_day'), studentStatus: statusName('student_status') },
    gate: new Gate(gateOptionsFromEnv()),
    catalog: new CatalogCache(),
  };
}

/** The caller's student id (access_student and a students row), else a 403 refusal. */
export function studentIdOf(user: RequestUser): number {
  if (!user.id) throw new Refusal('reg_not_student', {}, 401, 'user');
  if (!can(user, 'access_student') || !user.student_id) throw new Refusal('reg_not_student', {}, 403, 'user');
  return user.student_id;
}

/**
 * An id from a body or query: a positive whole number (or its digits). Missing: 'Please fill
 * this field' when required, else null; anything else ('x', 0, 1.5, an object): 'The id must be a
 * positive whole number', on the field. Whether the row exists and is the caller's is for the call.
 */
export function positiveInt(value: unknown, field: string, required = true): number | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new Refusal('required', {}, 422, field);
    return null;
  }
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) throw new Refusal('invalid_id', {}, 422, field);
  return n;
}

/**
 * The term a call is about: the one asked for, else a term whose registration, add/drop or
 * withdrawal window holds today (in that order of preference), else the current term.
 */
export async function resolveTermId(db: Kysely<any>, asked: unknown): Promise<number | null> {
  const id = positiveInt(asked, 'term_id', false);
  if (id !== null) return id;
  const { rows } =
    await sql<any>`select id, code, name, name_local, start_date, end_date, registration_start, registration_end,
      add_drop_start, add_drop_end, withdraw_start, withdraw_end, max_credit_hours, advising_required, is_current
    from terms where deleted_at is null and (is_current or ${todayIso()} between coalesce(registration_start, add_drop_start, withdraw_start) and coalesce(withdraw_end, add_drop_end, registration_end))
    order by start_date`.execute(db);
  const today = todayIso();
  for (const stage of STAGES) {
    const open = rows.find((t: any) => stageOpen(t, stage, today));
    if (open) return Number(open.id);
  }
  const current = rows.find((t: any) => t.is_current);
  return current ? Number(current.id) : null;
}

/** Idempotency-Key header, scoped to the caller. */
export function idempotencyKey(request: FastifyRequest, userId: number, action: string): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !/^[A-Za-z0-9_-]{1,100}$/.test(key)) throw new Refusal('reg_idempotency_key', {}, 422, 'idempotency_key');
  return `${userId}:${action}:${key}`;
}

export interface Answer {
  status: number;
  body: unknown;
}

const RETRYABLE = new Set(['40001', '40P01', '55P03', '57014']);

/** Answers a Refusal or a retryable database error; anything else is rethrown (a 500). */
export function answerError(error: unknown, reply: FastifyReply, lang: Lang) {
  if (error instanceof Refusal) return sendRefusal(reply, error, lang);
  const code = (error as { code?: string }).code;
  if (code && RETRYABLE.has(code)) return sendRefusal(reply, new Refusal('reg_busy', {}, 503), lang);
  if (
    code === '23505' &&
    /hold_key|row_key/.test(String((error as { constraint?: string }).constraint ?? (error as Error).message))
  ) {
    return sendRefusal(reply, new Refusal('reg_already_requested'), lang);
  }
  throw error;
}

export interface WriteArgs {
  studentId: number;
  termId: number | null;
  offeringId: number | null;
  action: string;
  /** The finance gate checked inside the context statement (foldedGates), instead of a preHandler. */
  overdueGate?: GateDef | null;
}

/**
 * For a call on a cached-session route that ends before its context statement checked the
 * session (a bad body, a caller who is not a student, a student row gone): checks the session and the folded gate apart, so such a call
 * answers as before (401 for a session gone, 403 for a closed gate) rather than the later error.
 */
export async function confirmApart(
  d: Domain,
  request: FastifyRequest,
  error: unknown,
  overdueGate: GateDef | null | undefined,
): Promise<unknown> {
  if (request.sessionToCheck) {
    const user = await loadUserByToken(d.db, d.manifest, request.token!, request.sessionToCheck);
    if (!user) {
      request.server.sessionCache?.forget(request.sessionToCheck);
      return new Refusal('reg_not_student', {}, 401, 'user');
    }
  }
  if (overdueGate && request.user.student_id != null && (await hasOverdueInstallments(d.db, request.user.student_id)))
    return gateClosedError(overdueGate);
  return error;
}

/**
 * Runs a student's write: see the file comment. `act` returns the answer body (status 200);
 * a stored answer of the same Idempotency-Key is sent again instead of acting twice.
 */
export async function studentWrite(
  d: Domain,
  request: FastifyRequest,
  reply: FastifyReply,
  args: WriteArgs,
  act: (trx: Kysely<any>, ctx: StudentContext, lang: Lang) => Promise<unknown>,
) {
  const lang = langOf(request);
  try {
    const key = idempotencyKey(request, request.user.id!, args.action);
    const answer = await d.gate.run(() =>
      d.db.transaction().execute(async (trx): Promise<Answer> => {
        const ctx = await loadContext(trx, d.catalog, args.studentId, args.termId, args.offeringId, key, true);
        if (!ctx) throw new Refusal('reg_not_student', {}, 403, 'user');
        if (ctx.replay) return { status: ctx.replay.status, body: ctx.replay.body };
        const body = await act(trx, ctx, lang);
        if (key) await storeAnswer(trx, key, request.user.id!, 200, body);
        return { status: 200, body };
      }),
    );
    return reply.status(answer.status).send(answer.body);
  } catch (error) {
    return answerError(error, reply, lang);
  }
}

/** What an optimistic attempt gives: the answer, or null when the student's data changed meanwhile. */
export type Attempt = (ctx: StudentContext, lang: Lang, key: string | null) => Promise<unknown | null>;

const ATTEMPTS = 5;

/**
 * Runs a request that takes a seat, without a long transaction: read the context (one
 * statement, no lock), check the rules, write with one guarded statement (seats.ts takeSeat).
 * When the guard finds the student's registrations changed since the read (a double click, a
 * second tab), the rules are checked again on fresh data; after ATTEMPTS the call answers 503.
 * A request refused by the rules writes nothing: two statements in all.
 */
export async function seatWrite(
  d: Domain,
  request: FastifyRequest,
  reply: FastifyReply,
  args: WriteArgs,
  attempt: Attempt,
) {
  const lang = langOf(request);
  try {
    let key: string | null;
    try {
      key = idempotencyKey(request, request.user.id!, args.action);
    } catch (error) {
      throw await confirmApart(d, request, error, args.overdueGate);
    }
    const answer = await d.gate.run(async (): Promise<Answer> => {
      for (let n = 0; n < ATTEMPTS; n++) {
        const ctx = await loadContext(d.db, d.catalog, args.studentId, args.termId, args.offeringId, key, false, {
          session: request.sessionToCheck,
          overdue: !!args.overdueGate,
        });
        if (!ctx)
          throw await confirmApart(d, request, new Refusal('reg_not_student', {}, 403, 'user'), args.overdueGate);
        // The session cache's check (server/auth/current-user.ts): a session gone answers as a Guest would.
        if (ctx.checks.session === false) {
          request.server.sessionCache?.forget(request.sessionToCheck!);
          throw new Refusal('reg_not_student', {}, 401, 'user');
        }
        if (ctx.checks.overdue && args.overdueGate) throw gateClosedError(args.overdueGate);
        if (ctx.replay) return { status: ctx.replay.status, body: ctx.replay.body };
        const body = await attempt(ctx, lang, key);
        if (body !== null) return { status: 200, body };
      }
      throw new Refusal('reg_busy', {}, 503);
    });
    return reply.status(answer.status).send(answer.body);
  } catch (error) {
    return answerError(error, reply, lang);
  }
}

export const message = (code: RegistrationMessageKey, lang: Lang) => say(code, {}, lang);
