/**
 * Advising: GET /registrations/advisor-students (the advisor's students and their requests of
 * the term) and the advisor's decisions, PUT accept-requested-offering / reject-requested-offering,
 * for one request, a list, or every waiting request of a student at once, with a note the
 * student sees. A student's advisor is students.advisor_id -> instructors.user_id; holders of
 * edit_registrations (the registrar) may decide for any student. Decisions follow the
 * registration_code lifecycle: accept 1/9 -> 2, 4 -> 6, 3 -> 5; reject 1/9 -> 13, 3/4 -> 2.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { can } from '../../../engine/core/permissions.ts';
import { loadRegistrations } from './lists.ts';
import { codeName, kindOf, nextCode, PENDING } from './lifecycle.ts';
import { langOf, Refusal } from './refusal.ts';
import { moveRow } from './seats.ts';
import { lockStudent } from './context.ts';
import { answerError, message, positiveInt, resolveTermId, type Domain } from './service.ts';

type Body = Record<string, unknown> | undefined;

/** An advisor or the registrar; anyone else is simply not allowed ('not your advisee' is for an advisor's stranger). */
function requireAdvisor(request: FastifyRequest): void {
  const user = request.user;
  if (!user.id) throw new Refusal('unauthenticated', {}, 401, 'user');
  if (!can(user, 'access_advising') && !can(user, 'edit_registrations'))
    throw new Refusal('forbidden', {}, 403, 'user');
}

/** The advisor's note: text (at most 1000 characters once trimmed), or none. */
function noteOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Refusal('type_string', {}, 422, 'note');
  const note = value.trim() || null;
  if (note && note.length > 1000) throw new Refusal('reg_note_too_long', {}, 422, 'note');
  return note;
}

/** Ids of the given students the caller advises (all of them for the registrar). */
async function advisedAmong(d: Domain, request: FastifyRequest, studentIds: number[]): Promise<Set<number>> {
  if (can(request.user, 'edit_registrations')) return new Set(studentIds);
  if (!studentIds.length) return new Set();
  const { rows } = await sql<{ id: number }>`select s.id from students s join instructors i on i.id = s.advisor_id
    where s.id in (${sql.join(studentIds)}) and i.user_id = ${request.user.id}`.execute(d.db);
  return new Set(rows.map((r) => Number(r.id)));
}

async function decide(
  d: Domain,
  request: FastifyRequest<{ Body: Body }>,
  reply: FastifyReply,
  action: 'accept' | 'reject',
) {
  const lang = langOf(request);
  try {
    requireAdvisor(request);
    const body = request.body ?? {};
    const note = noteOf(body.note);
    // Which rows: one id, a list, or every waiting request of one student.
    let targets: Array<{ id: number; student_id: number }>;
    if (body.all === true || body.all === 'true' || body.all === 1) {
      const studentId = positiveInt(body.student_id, 'student_id')!;
      const termId = await resolveTermId(d.db, body.term_id);
      const rows = await d.db
        .selectFrom('registrations')
        .select(['id', 'student_id'])
        .where('student_id', '=', studentId)
        .where('status_code', 'in', [...PENDING])
        .where('deleted_at', 'is', null)
        .$if(termId !== null, (q) => q.where('term_id', '=', termId))
        .execute();
      targets = rows.map((r) => ({ id: Number(r.id), student_id: Number(r.student_id) }));
    } else {
      const list = Array.isArray(body.ids) ? body.ids : [body.id ?? body.registration_id];
      const ids = list.map((v) => positiveInt(v, 'id')!);
      const rows = ids.length
        ? await d.db
            .selectFrom('registrations')
            .select(['id', 'student_id'])
            .where('id', 'in', ids)
            .where('deleted_at', 'is', null)
            .execute()
        : [];
      if (rows.length !== new Set(ids).size) throw new Refusal('reg_not_found', {}, 404, 'id');
      targets = rows.map((r) => ({ id: Number(r.id), student_id: Number(r.student_id) }));
    }
    if (!targets.length) throw new Refusal('reg_nothing_pending', {}, 422, 'id');
    const studentIds = [...new Set(targets.map((t) => t.student_id))].sort((a, b) => a - b);
    const advised = await advisedAmong(d, request, studentIds);
    if (studentIds.some((id) => !advised.has(id))) throw new Refusal('reg_not_your_student', {}, 403, 'student_id');

    const ids = targets.map((t) => t.id);
    await d.gate.run(() =>
      d.db.transaction().execute(async (trx) => {
        // Students in id order: two advisors deciding overlapping lists never wait on each other in a circle.
        for (const studentId of studentIds) await lockStudent(trx, studentId);
        const { rows } =
          await sql<any>`select r.id, r.student_id, r.offering_id, r.section_id, r.term_id, r.status_code, r.flags,
          coalesce(r.course_id, o.course_id) as course_id
        from registrations r join offerings o on o.id = r.offering_id where r.id in (${sql.join(ids)})`.execute(trx);
        for (const row of rows) {
          const move = nextCode(d.lifecycle, action, Number(row.status_code));
          if (!move)
            throw new Refusal('reg_transition', { state: codeName(d.manifest, Number(row.status_code)) }, 409, 'id');
          if (!can(request.user, move.permission) && !can(request.user, 'edit_registrations'))
            throw new Refusal('forbidden', {}, 403, 'id');
          await moveRow(trx, {
            id: Number(row.id),
            from: Number(row.status_code),
            to: move.to,
            kind: kindOf(Number(row.flags)),
            sectionId: row.section_id === null ? null : Number(row.section_id),
            offeringId: Number(row.offering_id),
            studentId: Number(row.student_id),
            courseId: Number(row.course_id),
            termId: Number(row.term_id),
            note,
            decidedBy: request.user.id,
          });
        }
      }),
    );
    return { data: await loadRegistrations(d.db, { ids }), message: message('reg_done', lang) };
  } catch (error) {
    return answerError(error, reply, lang);
  }
}

export function advisorRoutes(app: FastifyInstance, d: Domain): void {
  app.get<{ Querystring: { term_id?: string; pending?: string; student_id?: string } }>(
    '/registrations/advisor-students',
    async (request, reply) => {
      const lang = langOf(request);
      try {
        requireAdvisor(request);
        const termId = await resolveTermId(d.db, request.query.term_id);
        const onlyStudent = positiveInt(request.query.student_id, 'student_id', false);
        const mineOnly = !can(request.user, 'edit_registrations') || onlyStudent === null;
        const { rows: students } =
          await sql<any>`select s.id, s.code, s.name, s.name_local, s.level, s.gpa, s.earned_hours, s.program_id,
          s.status_id, coalesce(s.consecutive_warnings, 0) as consecutive_warnings, coalesce(s.total_warnings, 0) as total_warnings,
          b.max_consecutive_warnings, b.max_total_warnings
        from students s left join instructors i on i.id = s.advisor_id left join bylaws b on b.id = s.bylaw_id
        where s.deleted_at is null
          ${mineOnly ? sql`and i.user_id = ${request.user.id}` : sql``}
          ${onlyStudent !== null ? sql`and s.id = ${onlyStudent}` : sql``}
        order by s.name`.execute(d.db);
        const requests = await loadRegistrations(d.db, { studentIds: students.map((s: any) => Number(s.id)), termId });
        const byStudent = new Map<number, typeof requests>();
        for (const r of requests) byStudent.set(r.student_id, [...(byStudent.get(r.student_id) ?? []), r]);
        const pendingOnly = request.query.pending === '1' || request.query.pending === 'true';
        const data = students
          .map((s: any) => {
            const id = Number(s.id);
            const maxC = s.max_consecutive_warnings || null;
            const maxT = s.max_total_warnings || null;
            return {
              student: {
                id,
                code: s.code,
                name: s.name,
                name_local: s.name_local,
                level: s.level,
                gpa: s.gpa,
                earned_hours: s.earned_hours,
                program_id: s.program_id,
                status_id: s.status_id,
              },
              warnings: {
                consecutive: s.consecutive_warnings,
                total: s.total_warnings,
                max_consecutive: maxC,
                max_total: maxT,
                consecutive_remaining: maxC === null ? null : Math.max(0, maxC - s.consecutive_warnings),
                total_remaining: maxT === null ? null : Math.max(0, maxT - s.total_warnings),
                dismissed:
                  (maxC !== null && s.consecutive_warnings >= maxC) || (maxT !== null && s.total_warnings >= maxT),
              },
              pending: (byStudent.get(id) ?? []).filter((r) => (PENDING as readonly number[]).includes(r.status_code))
                .length,
              requests: byStudent.get(id) ?? [],
            };
          })
          .filter((s: { pending: number }) => !pendingOnly || s.pending > 0);
        return { data, meta: { term_id: termId, count: data.length } };
      } catch (error) {
        return answerError(error, reply, lang);
      }
    },
  );

  app.put<{ Body: Body }>('/registrations/students/accept-requested-offering', (request, reply) =>
    decide(d, request, reply, 'accept'),
  );
  app.put<{ Body: Body }>('/registrations/students/reject-requested-offering', (request, reply) =>
    decide(d, request, reply, 'reject'),
  );
}
