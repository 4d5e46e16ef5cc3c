/**
 * The registration plan: before their appointment a student lists the offerings (and
 * sections) they want; each addition is checked like a request (standing, plan and level,
 * passed hours, prerequisites, clashes with held courses AND the rest of the plan, credit limit)
 * but takes no seat. When the appointment opens, PUT plan/submit requests every item in plan
 * order, each as request-offering does it (a full section fails only its own item); requested items
 * leave the plan.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { jsonValue } from '../../db/json.ts';
import { loadContext, type SlotInfo } from './context.ts';
import { gatePreHandler } from '../finance/gate.ts';
import { langOf, Refusal, say } from './refusal.ts';
import { checkRequest, requireAppointment, requireStage, todayIso, type Busy } from './rules.ts';
import {
  answerError,
  idempotencyKey,
  message,
  positiveInt,
  resolveTermId,
  studentIdOf,
  studentWrite,
  type Domain,
} from './service.ts';
import { requestOffering } from './student-routes.ts';

type Body = Record<string, unknown> | undefined;

interface PlanItem {
  id: number;
  offering_id: number;
  section_id: number;
  section_code: string;
  term_id: number;
  course: { id: number; code: string; name: string; name_local: string | null; credit_hours: number };
  slots: SlotInfo[];
}

async function loadPlan(db: Kysely<any>, studentId: number, termId: number): Promise<PlanItem[]> {
  const { rows } = await sql<any>`select p.id, p.offering_id, p.section_id, se.code as section_code, p.term_id,
      json_build_object('id', c.id, 'code', c.code, 'name', c.name, 'name_local', c.name_local, 'credit_hours', c.credit_hours) as course,
      coalesce((select json_agg(json_build_object('id', sl.id, 'day', sl.day, 'start_time', sl.start_time, 'end_time', sl.end_time, 'kind_id', sl.kind_id)
        order by sl.day, sl.start_time) from slots sl where sl.section_id = p.section_id), '[]'::json) as slots
    from registration_plan_items p join offerings o on o.id = p.offering_id join courses c on c.id = o.course_id
      join sections se on se.id = p.section_id
    where p.student_id = ${studentId} and p.term_id = ${termId} order by p.id`.execute(db);
  return rows.map((r: any) => ({
    ...r,
    id: Number(r.id),
    offering_id: Number(r.offering_id),
    section_id: Number(r.section_id),
    term_id: Number(r.term_id),
  }));
}

const busyOfPlan = (items: PlanItem[]): Busy[] =>
  items.map((i) => ({
    offering_id: i.offering_id,
    course_code: i.course.code,
    course_name: i.course.name,
    course_name_local: i.course.name_local,
    slots: i.slots,
  }));

export function planRoutes(app: FastifyInstance, d: Domain): void {
  const base = '/registrations/students/plan';

  app.get<{ Querystring: { term_id?: string } }>(base, async (request, reply) => {
    const lang = langOf(request);
    try {
      const studentId = studentIdOf(request.user);
      const termId = await resolveTermId(d.db, request.query.term_id);
      if (termId === null) return { data: [], meta: { term_id: null } };
      const data = await loadPlan(d.db, studentId, termId);
      return {
        data,
        meta: {
          term_id: termId,
          count: data.length,
          credit_hours: data.reduce((n, i) => n + (i.course.credit_hours ?? 0), 0),
        },
      };
    } catch (error) {
      return answerError(error, reply, lang);
    }
  });

  app.put<{ Body: Body }>(`${base}/add`, async (request, reply) => {
    try {
      const studentId = studentIdOf(request.user);
      const offeringId = positiveInt(request.body?.offering_id, 'offering_id')!;
      const sectionId = positiveInt(request.body?.section_id, 'section_id', false);
      return await studentWrite(
        d,
        request,
        reply,
        { studentId, termId: null, offeringId, action: 'plan_add' },
        async (trx, ctx, lang) => {
          const plan = await loadPlan(trx, studentId, ctx.term?.id ?? 0);
          if (plan.some((i) => i.offering_id === offeringId || i.course.id === ctx.offering?.course.id))
            throw new Refusal('reg_plan_duplicate');
          const others = plan.filter((i) => i.offering_id !== offeringId);
          const { offering, sections } = checkRequest(
            ctx,
            sectionId,
            d.names,
            todayIso(),
            busyOfPlan(others),
            others.reduce((n, i) => n + (i.course.credit_hours ?? 0), 0),
          );
          const section = sections[0]!;
          await trx
            .insertInto('registration_plan_items')
            .values({
              student_id: studentId,
              term_id: offering.term_id,
              offering_id: offering.id,
              section_id: section.id,
              row_key: `${studentId}:${offering.term_id}:${offering.id}`,
            })
            .execute();
          return { data: await loadPlan(trx, studentId, offering.term_id), message: message('reg_done', lang) };
        },
      );
    } catch (error) {
      return answerError(error, reply, langOf(request));
    }
  });

  app.put<{ Body: Body }>(`${base}/remove`, async (request, reply) => {
    const lang = langOf(request);
    try {
      const studentId = studentIdOf(request.user);
      const offeringId = positiveInt(request.body?.offering_id, 'offering_id')!;
      const deleted = await d.db
        .deleteFrom('registration_plan_items')
        .where('student_id', '=', studentId)
        .where('offering_id', '=', offeringId)
        .returning('term_id')
        .executeTakeFirst();
      if (!deleted) throw new Refusal('reg_plan_not_found', {}, 404);
      return { data: await loadPlan(d.db, studentId, Number(deleted.term_id)), message: message('reg_done', lang) };
    } catch (error) {
      return answerError(error, reply, lang);
    }
  });

  app.put<{ Body: Body }>(
    `${base}/submit`,
    { preHandler: gatePreHandler(d.db, d.manifest, 'registration.request') },
    async (request, reply) => {
      const lang = langOf(request);
      try {
        const studentId = studentIdOf(request.user);
        const key = idempotencyKey(request, request.user.id!, 'plan_submit');
        if (key) {
          const stored = await d.db
            .selectFrom('registration_idempotency')
            .select(['status', 'body'])
            .where('key', '=', key)
            .executeTakeFirst();
          if (stored) return reply.status(Number(stored.status)).send(stored.body);
        }
        const termId = await resolveTermId(d.db, request.body?.term_id);
        const items = termId === null ? [] : await loadPlan(d.db, studentId, termId);
        if (!items.length) throw new Refusal('reg_plan_empty', {}, 422, 'plan');
        const data: Array<Record<string, unknown>> = [];
        for (const item of items) {
          try {
            // Each item as request-offering does it (seatWrite's loop, inline: the answers are collected, not sent).
            const answer = await d.gate.run(async () => {
              for (let n = 0; n < 5; n++) {
                const ctx = await loadContext(d.db, d.catalog, studentId, termId, item.offering_id);
                if (!ctx) throw new Refusal('reg_not_student', {}, 403, 'user');
                requireStage(ctx, 'registration', todayIso());
                requireAppointment(ctx, new Date());
                const body = await requestOffering(d, ctx, item.section_id, 'request', lang, null);
                if (body) return body;
              }
              throw new Refusal('reg_busy', {}, 503);
            });
            await d.db.deleteFrom('registration_plan_items').where('id', '=', item.id).execute();
            data.push({ offering_id: item.offering_id, ok: true, registration: answer.data });
          } catch (error) {
            if (!(error instanceof Refusal) || error.status === 503) throw error;
            data.push({
              offering_id: item.offering_id,
              ok: false,
              code: error.code,
              error: say(error.code, error.params, lang),
            });
          }
        }
        const body = { data, message: message('reg_done', lang) };
        if (key) {
          await sql`insert into registration_idempotency (key, user_id, status, body) values (${key}, ${request.user.id}, 200, ${jsonValue(body)})
          on conflict do nothing`.execute(d.db);
        }
        return body;
      } catch (error) {
        return answerError(error, reply, lang);
      }
    },
  );
}
