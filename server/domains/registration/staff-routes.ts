/**
 * The registrar's moves on a registration (edit_registrations): register directly, excuse, mark
 * incomplete and complete, ban for absence or misconduct and restore, audit: the transitions of
 * the registration_code lifecycle whose permission the caller holds. A move that takes a seat
 * back (register from rejected or removed) is refused when the section is full.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { can } from '../../../engine/core/permissions.ts';
import { lockStudent } from './context.ts';
import { loadRegistrations } from './lists.ts';
import { codeName, kindOf, nextCode } from './lifecycle.ts';
import { langOf, Refusal } from './refusal.ts';
import { moveRow } from './seats.ts';
import { answerError, message, positiveInt, type Domain } from './service.ts';

const STAFF_ACTIONS = new Set([
  'register',
  'excuse',
  'mark_incomplete',
  'complete',
  'ban_absence',
  'ban_misconduct',
  'restore',
  'audit',
]);

export function staffRoutes(app: FastifyInstance, d: Domain): void {
  app.put<{ Body: Record<string, unknown> | undefined }>('/registrations/staff/transition', async (request, reply) => {
    const lang = langOf(request);
    try {
      if (!request.user.id) throw new Refusal('unauthenticated', {}, 401, 'user');
      if (!can(request.user, 'edit_registrations')) throw new Refusal('forbidden', {}, 403, 'user');
      const id = positiveInt(request.body?.id, 'id')!;
      const action = String(request.body?.action ?? '');
      if (!STAFF_ACTIONS.has(action)) throw new Refusal('reg_bad_action', { action }, 422, 'action');
      const owner = await d.db
        .selectFrom('registrations')
        .select('student_id')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!owner) throw new Refusal('reg_not_found', {}, 404, 'id');
      await d.gate.run(() =>
        d.db.transaction().execute(async (trx) => {
          await lockStudent(trx, Number(owner.student_id));
          const { rows } =
            await sql<any>`select r.*, coalesce(r.course_id, o.course_id) as course_of from registrations r
          join offerings o on o.id = r.offering_id where r.id = ${id}`.execute(trx);
          const row = rows[0];
          const move = nextCode(d.lifecycle, action, Number(row.status_code));
          if (!move || !can(request.user, move.permission))
            throw new Refusal('reg_transition', { state: codeName(d.manifest, Number(row.status_code)) }, 409, 'id');
          await moveRow(trx, {
            id,
            from: Number(row.status_code),
            to: move.to,
            kind: kindOf(Number(row.flags)),
            sectionId: row.section_id === null ? null : Number(row.section_id),
            offeringId: Number(row.offering_id),
            studentId: Number(row.student_id),
            courseId: Number(row.course_of),
            termId: Number(row.term_id),
            decidedBy: request.user.id,
          });
        }),
      );
      return { data: (await loadRegistrations(d.db, { ids: [id] }))[0], message: message('reg_done', lang) };
    } catch (error) {
      return answerError(error, reply, lang);
    }
  });
}
