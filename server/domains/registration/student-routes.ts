/**
 * The student's registration calls (portal-core section 7): what is open, what may be taken,
 * what is held, and the request / remove / withdraw / add-drop writes. Every write runs through
 * studentWrite (service.ts): one transaction under the student's row lock, the seat taken by
 * one atomic statement (seats.ts), the state changes of the registration_code lifecycle only.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { loadContext, type OfferingInfo, type SectionInfo, type StudentContext } from './context.ts';
import { loadOfferings, loadRegistrations } from './lists.ts';
import { CODE, FLAG, flagsOf, holdsSeat, kindOf, nextCode, requestFlagOf, codeName } from './lifecycle.ts';
import { langOf, problem, Refusal, type Lang } from './refusal.ts';
import {
  appointmentOf,
  busyOf,
  checkRequest,
  creditLimitOf,
  findClash,
  heldHours,
  heldRows,
  requireAppointment,
  requireStage,
  stageOpen,
  stageWindow,
  STAGES,
  todayIso,
  warningsOf,
  type Busy,
  type Stage,
} from './rules.ts';
import { moveRow, takeSeat } from './seats.ts';
import {
  answerError,
  confirmApart,
  message,
  positiveInt,
  resolveTermId,
  seatWrite,
  studentIdOf,
  studentWrite,
  type Domain,
} from './service.ts';
import { foldedGates, gatePreHandler, unfoldedGatesPreHandler } from '../finance/gate.ts';

type Body = Record<string, unknown> | undefined;

/** The row as the calls answer it, from what the request already knows (no extra read), but for its section (sectionView). */
export function viewOf(ctx: StudentContext, o: OfferingInfo, id: number, code: number, kind: number) {
  return {
    id,
    student_id: ctx.student.id,
    offering_id: o.id,
    term_id: o.term_id,
    status_code: code,
    flags: flagsOf(code, kind),
    request_flag: requestFlagOf(code),
    note: null,
    decided_at: null,
    created_at: new Date().toISOString(),
    course: {
      id: o.course.id,
      code: o.course.code,
      name: o.course.name,
      name_local: o.course.name_local,
      credit_hours: o.course.credit_hours,
    },
  };
}

/** What the row's answer says of its section. */
export const sectionView = (section: SectionInfo) => ({
  section_id: section.id,
  section_code: section.code,
  slots: section.slots,
});

/**
 * A new request of an offering (registration window: `request`; add/drop window: `add_drop`).
 * Reuses the student's rejected, removed or dropped row of the offering (the lifecycle's move);
 * without advising the row is registered at once. Tries the candidate sections in order in one
 * guarded statement (seats.ts takeSeat); null when the student's data changed meanwhile.
 */
export async function requestOffering(
  d: Domain,
  ctx: StudentContext,
  sectionId: number | null,
  action: 'request' | 'add_drop',
  lang: Lang,
  remember: { key: string; userId: number } | null,
) {
  const today = todayIso();
  const { offering, sections } = checkRequest(ctx, sectionId, d.names, today);
  const previous = ctx.rows.find((r) => r.offering_id === offering.id && !holdsSeat(r.status_code));
  const initial = action === 'request' ? CODE.register_request : CODE.add_request;
  if (previous && nextCode(d.lifecycle, action, previous.status_code)?.to !== initial) {
    throw new Refusal('reg_transition', { state: codeName(d.manifest, previous.status_code) });
  }
  const code = ctx.term?.advising_required === false ? CODE.registered : initial;
  const kind = offering.taken_before ? FLAG.repeat : FLAG.fresh;
  const said = message(code === CODE.registered ? 'reg_registered' : 'reg_requested', lang);
  const data = viewOf(ctx, offering, previous?.id ?? 0, code, kind);
  const parts = sections.map(sectionView);
  const take = await takeSeat(
    d.db,
    {
      studentId: ctx.student.id,
      termId: offering.term_id,
      offeringId: offering.id,
      sectionIds: sections.map((s) => s.id),
      courseId: offering.course.id,
      creditHours: offering.course.credit_hours ?? 0,
      code,
      kind,
      reuseId: previous?.id ?? null,
    },
    ctx.version,
    remember ? { ...remember, body: { data, message: said }, parts } : null,
  );
  if (take.outcome === 'changed') return null;
  if (take.outcome === 'full') throw new Refusal('no_capacity', {}, 422, 'section_id');
  return { data: { ...data, ...parts[take.index]!, id: take.id }, message: said };
}

/** The student's row named by `id` or `offering_id`. */
function rowOf(ctx: StudentContext, body: Body) {
  const id = positiveInt(body?.id ?? body?.registration_id, 'id', false);
  const offeringId = positiveInt(body?.offering_id, 'offering_id', false);
  if (id === null && offeringId === null) throw new Refusal('reg_not_found', {}, 422, 'id');
  const candidates = ctx.rows.filter((r) => (id !== null ? r.id === id : r.offering_id === offeringId));
  const row = candidates.find((r) => holdsSeat(r.status_code)) ?? candidates[0];
  if (!row) throw new Refusal('reg_not_found', {}, 404, 'id');
  return row;
}

/** A student's own move (remove, withdraw, drop); without advising, the advisor's accept follows at once. */
async function ownMove(d: Domain, trx: Kysely<any>, ctx: StudentContext, body: Body, action: string) {
  const row = rowOf(ctx, body);
  let move = nextCode(d.lifecycle, action, row.status_code);
  if (!move) throw new Refusal('reg_transition', { state: codeName(d.manifest, row.status_code) }, 409, 'id');
  let to = move.to;
  if (ctx.term?.advising_required === false && (to === CODE.withdraw_request || to === CODE.drop_request)) {
    move = nextCode(d.lifecycle, 'accept', to);
    if (move) to = move.to;
  }
  await moveRow(trx, {
    id: row.id,
    from: row.status_code,
    to,
    kind: kindOf(row.flags),
    sectionId: row.section_id,
    offeringId: row.offering_id,
    studentId: ctx.student.id,
    courseId: row.course_id,
    termId: ctx.term!.id,
  });
  return { ...row, to };
}

export function studentRoutes(app: FastifyInstance, d: Domain): void {
  const base = '/registrations/students';

  app.get(`${base}/available-termstages`, async (request, reply) => {
    const lang = langOf(request);
    try {
      const studentId = studentIdOf(request.user);
      const today = todayIso();
      const { rows: terms } =
        await sql<any>`select id, code, name, name_local, start_date, end_date, registration_start, registration_end,
          add_drop_start, add_drop_end, withdraw_start, withdraw_end, max_credit_hours, advising_required
        from terms where deleted_at is null and ${today} between least(registration_start, add_drop_start, withdraw_start)
          and greatest(registration_end, add_drop_end, withdraw_end) order by start_date`.execute(d.db);
      const data = terms.flatMap((t: any) =>
        STAGES.filter((s) => stageOpen(t, s, today)).map((stage: Stage) => ({
          term_id: Number(t.id),
          term: { id: Number(t.id), code: t.code, name: t.name, name_local: t.name_local },
          stage,
          starts: stageWindow(t, stage).starts,
          ends: stageWindow(t, stage).ends,
        })),
      );
      const termId = data[0]?.term_id ?? (await resolveTermId(d.db, undefined));
      const ctx = await loadContext(d.db, d.catalog, studentId, termId, null);
      if (!ctx) throw new Refusal('reg_not_student', {}, 403, 'user');
      const mine = appointmentOf(ctx);
      const now = Date.now();
      return {
        data,
        appointment: mine
          ? {
              id: mine.id,
              name: mine.name,
              name_local: mine.name_local,
              opens_at: mine.opens_at,
              closes_at: mine.closes_at,
              open:
                new Date(mine.opens_at).getTime() <= now &&
                (!mine.closes_at || new Date(mine.closes_at).getTime() >= now),
            }
          : null,
        appointments_required: ctx.appointments.length > 0,
        warnings: warningsOf(ctx),
        credit: { term_id: termId, held: heldHours(ctx), limit: creditLimitOf(ctx) },
      };
    } catch (error) {
      return answerError(error, reply, lang);
    }
  });

  app.get<{ Querystring: { term_id?: string } }>(`${base}/available-offerings`, async (request, reply) => {
    const lang = langOf(request);
    try {
      const studentId = studentIdOf(request.user);
      const termId = await resolveTermId(d.db, request.query.term_id);
      if (termId === null) return { data: [], meta: { term_id: null, count: 0, credit: null } };
      const [ctx, offerings] = await Promise.all([
        loadContext(d.db, d.catalog, studentId, termId, null),
        loadOfferings(d.db, studentId, termId),
      ]);
      if (!ctx) throw new Refusal('reg_not_student', {}, 403, 'user');
      const today = todayIso();
      const held = heldRows(ctx);
      const data = offerings.map((o) => {
        const busy: Busy[] = busyOf(held.filter((r) => r.offering_id !== o.id));
        const problems: Array<{ code: string; message: string }> = [];
        try {
          checkRequest({ ...ctx, offering: o }, null, d.names, today);
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          // A full offering or a clash is shown on its sections; the rest is why it cannot be requested.
          // A requested one is marked `requested` instead.
          if (!['no_capacity', 'reg_clash', 'reg_already_requested'].includes(error.code))
            problems.push(problem(error, lang));
        }
        const sections = o.sections.map((s) => ({
          ...s,
          seats_left: Math.max(0, s.capacity - s.seats_taken),
          clashes: s.slots.flatMap((slot) => {
            const hit = findClash([slot], busy);
            return hit
              ? [
                  {
                    offering_id: hit.other.offering_id,
                    course_code: hit.other.course_code,
                    course_name: hit.other.course_name,
                    course_name_local: hit.other.course_name_local,
                    day: hit.slot.day,
                    start_time: hit.slot.start_time,
                    end_time: hit.slot.end_time,
                  },
                ]
              : [];
          }),
        }));
        return {
          offering_id: o.id,
          term_id: o.term_id,
          course: o.course,
          plan_level: o.plan_level,
          required: o.plan_required ?? true,
          seats_left: sections.reduce((n, s) => n + s.seats_left, 0),
          requested: held.some((r) => r.offering_id === o.id),
          problems,
          sections,
        };
      });
      return {
        data,
        meta: { term_id: termId, count: data.length, credit: { held: heldHours(ctx), limit: creditLimitOf(ctx) } },
      };
    } catch (error) {
      return answerError(error, reply, lang);
    }
  });

  app.get<{ Params: { offering_id: string } }>(`${base}/offering-slots/:offering_id`, async (request, reply) => {
    const lang = langOf(request);
    try {
      studentIdOf(request.user);
      const offeringId = positiveInt(request.params.offering_id, 'offering_id')!;
      const { rows } =
        await sql<any>`select sl.id, sl.section_id, se.code as section_code, sl.kind_id, sl.day, sl.start_time, sl.end_time,
          case when rm.id is null then null else json_build_object('id', rm.id, 'code', rm.code) end as room
        from sections se join slots sl on sl.section_id = se.id left join rooms rm on rm.id = sl.room_id
        where se.offering_id = ${offeringId} and se.deleted_at is null order by se.code, sl.day, sl.start_time`.execute(
          d.db,
        );
      return { data: rows.map((r: any) => ({ ...r, id: Number(r.id), section_id: Number(r.section_id) })) };
    } catch (error) {
      return answerError(error, reply, lang);
    }
  });

  app.get<{ Querystring: { term_id?: string } }>(`${base}/requested-offerings`, async (request, reply) => {
    const lang = langOf(request);
    try {
      const studentId = studentIdOf(request.user);
      const termId = await resolveTermId(d.db, request.query.term_id);
      if (termId === null) return { data: [], meta: { term_id: null, credit: null } };
      const [ctx, data] = await Promise.all([
        loadContext(d.db, d.catalog, studentId, termId, null),
        loadRegistrations(d.db, { studentIds: [studentId], termId }),
      ]);
      if (!ctx) throw new Refusal('reg_not_student', {}, 403, 'user');
      return {
        data,
        meta: {
          term_id: termId,
          credit: { held: heldHours(ctx), limit: creditLimitOf(ctx) },
          warnings: warningsOf(ctx),
        },
      };
    } catch (error) {
      return answerError(error, reply, lang);
    }
  });

  // The rush's hot path: the caller may come from the session cache and the overdue installments
  // gate is checked in the context statement (both answered by that one statement, see
  // context.ts); the action's other gates (the questionnaire) run as a preHandler of their own.
  const requestGates = foldedGates(d.manifest, 'registration.request');
  app.put<{ Body: Body }>(
    `${base}/request-offering`,
    {
      config: { cachedSession: true },
      ...(requestGates.rest.length
        ? { preHandler: unfoldedGatesPreHandler(d.db, d.manifest, 'registration.request', requestGates.rest) }
        : {}),
    },
    async (request, reply) => {
      const overdueGate = requestGates.overdue;
      try {
        let studentId: number, offeringId: number, sectionId: number | null;
        try {
          studentId = studentIdOf(request.user);
          offeringId = positiveInt(request.body?.offering_id, 'offering_id')!;
          sectionId = positiveInt(request.body?.section_id, 'section_id', false);
        } catch (error) {
          throw await confirmApart(d, request, error, overdueGate);
        }
        return await seatWrite(
          d,
          request,
          reply,
          { studentId, termId: null, offeringId, action: 'request', overdueGate },
          async (ctx, lang, key) => {
            if (!ctx.offering) throw new Refusal('reg_offering_not_available');
            requireStage(ctx, 'registration', todayIso());
            requireAppointment(ctx, new Date());
            return requestOffering(d, ctx, sectionId, 'request', lang, key ? { key, userId: request.user.id! } : null);
          },
        );
      } catch (error) {
        return answerError(error, reply, langOf(request));
      }
    },
  );

  app.put<{ Body: Body }>(`${base}/remove-offering`, async (request, reply) => {
    try {
      const studentId = studentIdOf(request.user);
      const termId = await termOfBody(d, studentId, request.body);
      return await studentWrite(
        d,
        request,
        reply,
        { studentId, termId, offeringId: null, action: 'remove' },
        async (trx, ctx, lang) => {
          const today = todayIso();
          if (!ctx.term || !(stageOpen(ctx.term, 'registration', today) || stageOpen(ctx.term, 'add_drop', today)))
            requireStage(ctx, 'registration', today);
          const row = await ownMove(d, trx, ctx, request.body, 'remove');
          return { data: (await loadRegistrations(trx, { ids: [row.id] }))[0], message: message('reg_done', lang) };
        },
      );
    } catch (error) {
      return answerError(error, reply, langOf(request));
    }
  });

  app.put<{ Body: Body }>(
    `${base}/withdraw-offering`,
    { preHandler: gatePreHandler(d.db, d.manifest, 'registration.withdraw') },
    async (request, reply) => {
      try {
        const studentId = studentIdOf(request.user);
        const termId = await termOfBody(d, studentId, request.body);
        return await studentWrite(
          d,
          request,
          reply,
          { studentId, termId, offeringId: null, action: 'withdraw' },
          async (trx, ctx, lang) => {
            requireStage(ctx, 'withdraw', todayIso());
            const row = await ownMove(d, trx, ctx, request.body, 'withdraw');
            return { data: (await loadRegistrations(trx, { ids: [row.id] }))[0], message: message('reg_done', lang) };
          },
        );
      } catch (error) {
        return answerError(error, reply, langOf(request));
      }
    },
  );

  app.put<{ Body: Body }>(
    `${base}/addDrop-offering`,
    { preHandler: gatePreHandler(d.db, d.manifest, 'registration.add_drop') },
    async (request, reply) => {
      try {
        const studentId = studentIdOf(request.user);
        const body = request.body;
        const asked = body?.action;
        if (asked !== undefined && asked !== 'add' && asked !== 'drop')
          throw new Refusal('reg_bad_action', { action: String(asked) }, 422, 'action');
        const offeringId = positiveInt(body?.offering_id, 'offering_id', false);
        const sectionId = positiveInt(body?.section_id, 'section_id', false);
        const termId = offeringId === null ? await termOfBody(d, studentId, body) : null;
        const rowId = positiveInt(body?.id ?? body?.registration_id, 'id', false);
        // Drop when asked, or when the student holds the offering; otherwise add.
        const holds =
          asked === 'drop' ||
          (asked === undefined &&
            (rowId !== null ||
              (offeringId !== null &&
                !!(await d.db
                  .selectFrom('registrations')
                  .select('id')
                  .where('student_id', '=', studentId)
                  .where('offering_id', '=', offeringId)
                  .where('hold_key', 'is not', null)
                  .executeTakeFirst()))));
        if (holds) {
          return await studentWrite(
            d,
            request,
            reply,
            { studentId, termId, offeringId, action: 'add_drop' },
            async (trx, ctx, lang) => {
              requireStage(ctx, 'add_drop', todayIso());
              const row = await ownMove(d, trx, ctx, body, 'add_drop');
              return { data: (await loadRegistrations(trx, { ids: [row.id] }))[0], message: message('reg_done', lang) };
            },
          );
        }
        if (offeringId === null) throw new Refusal('required', {}, 422, 'offering_id');
        return await seatWrite(
          d,
          request,
          reply,
          { studentId, termId: null, offeringId, action: 'add_drop' },
          async (ctx, lang, key) => {
            if (!ctx.offering) throw new Refusal('reg_offering_not_available');
            requireStage(ctx, 'add_drop', todayIso());
            return requestOffering(d, ctx, sectionId, 'add_drop', lang, key ? { key, userId: request.user.id! } : null);
          },
        );
      } catch (error) {
        return answerError(error, reply, langOf(request));
      }
    },
  );
}

/** The term of a call naming a registration (`id`) or a term; else the default term. */
async function termOfBody(d: Domain, studentId: number, body: Body): Promise<number | null> {
  const id = positiveInt(body?.id ?? body?.registration_id, 'id', false);
  if (id !== null) {
    const row = await d.db
      .selectFrom('registrations')
      .select('term_id')
      .where('id', '=', id)
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    if (!row) throw new Refusal('reg_not_found', {}, 404, 'id');
    return Number(row.term_id);
  }
  const offeringId = positiveInt(body?.offering_id, 'offering_id', false);
  if (offeringId !== null) {
    const row = await d.db.selectFrom('offerings').select('term_id').where('id', '=', offeringId).executeTakeFirst();
    if (!row) throw new Refusal('reg_not_found', {}, 404, 'offering_id');
    return Number(row.term_id);
  }
  return resolveTermId(d.db, body?.term_id);
}
