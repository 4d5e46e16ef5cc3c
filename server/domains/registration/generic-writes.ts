/**
 * The generic resource API on `registrations` (PUT/DELETE /registrations/{id}, PUT
 * /registrations, POST /registrations/restore/{id}), fenced like finance's ledger tables: a
 * registration is created, moved between sections, offerings, terms or states and removed only
 * through the registration calls, which keep seats (sections.seats_taken), flags and the
 * student's one row per offering right. Create, delete and restore answer 405; an edit may change
 * the mark (`grade`, what staff enter) and nothing the registration calls own (422 on each such
 * field; the same value sent back, as a form echoes a row, is no change). The mark may not exceed
 * the maximum (portal-core section 5): the row's max_mark, else its offering's, else its course's,
 * else 100 (section 9, total grade), as the academic record grades it.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { HttpError, addFieldError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { saveRow, type ResourceContext, type WriteGuard } from '../../resources/operations.ts';
import { parseId } from '../../resources/routes.ts';
import { EntityValidator } from '../../resources/validation.ts';
import type { Domain } from './service.ts';

const RESOURCE = 'registrations';

/** Fields only the registration calls write: sending another value through the generic API is refused. */
export const CALL_OWNED_FIELDS = [
  'student_id',
  'offering_id',
  'section_id',
  'term_id',
  'course_id',
  'credit_hours',
  'status_code',
  'flags',
  'request_flag',
  'max_mark',
  'advisor_id',
  'note',
  'decided_at',
] as const;

/** The maximum mark when neither the row, its offering nor its course names one. */
export const TOTAL_GRADE = 100;

type Row = Record<string, unknown>;

/** Whether `sent` (as a client sends it: a number, its digits, a date text) is the stored value. */
function sameValue(sent: unknown, stored: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (empty(sent) || empty(stored)) return empty(sent) && empty(stored);
  if (stored instanceof Date) return typeof sent === 'string' && Date.parse(sent) === stored.getTime();
  if (
    typeof stored === 'number' ||
    typeof stored === 'bigint' ||
    (typeof stored === 'string' && /^-?\d+(\.\d+)?$/.test(stored))
  ) {
    const n = typeof sent === 'string' ? Number(sent.trim()) : sent;
    return typeof n === 'number' && Number.isFinite(n) && n === Number(stored);
  }
  return sent === stored;
}

/** The mark as sent, when it is a number (anything else is the validator's to refuse). */
function markOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

async function maximumMark(trx: Transaction<any>, id: number): Promise<number> {
  const { rows } = await sql<{
    max: string | number;
  }>`select coalesce(r.max_mark, o.max_mark, c.max_mark, ${TOTAL_GRADE}) as max
    from registrations r left join offerings o on o.id = r.offering_id left join courses c on c.id = coalesce(r.course_id, o.course_id)
    where r.id = ${id}`.execute(trx);
  return rows[0] ? Number(rows[0].max) : TOTAL_GRADE;
}

/** The guard of an edit through the generic API (run in its transaction by saveRow). */
export function registrationEditGuard(overMaximum: Message): WriteGuard {
  return async (trx, { body, stored }) => {
    if (!stored) throw new HttpError(405, 'reg_generic_write');
    const errors: FieldErrors = {};
    for (const field of CALL_OWNED_FIELDS) {
      if (Object.hasOwn(body, field) && !sameValue(body[field], stored[field]))
        addFieldError(errors, field, { key: 'reg_generic_field' });
    }
    const mark = Object.hasOwn(body, 'grade') ? markOf(body.grade) : null;
    if (mark !== null && mark > (await maximumMark(trx, Number(stored.id))))
      addFieldError(errors, 'grade', overMaximum);
    if (Object.keys(errors).length) throw new ValidationError(errors);
  };
}

export function genericWriteRoutes(app: FastifyInstance, d: Domain): void {
  const entity = d.manifest.entities[RESOURCE];
  if (!entity?.expose) return;
  const validator = new EntityValidator(d.manifest);
  const rule = d.manifest.rules.mark_not_above_max;
  const overMaximum: Message = rule ? { text: rule.message } : { key: 'maximum', params: { limit: TOTAL_GRADE } };
  const guard = registrationEditGuard(overMaximum);

  const refuse = async () => {
    throw new HttpError(405, 'reg_generic_write');
  };
  app.put(`/${RESOURCE}`, refuse);
  app.delete(`/${RESOURCE}/:id`, refuse);
  app.post(`/${RESOURCE}/restore/:id`, refuse);

  // The mark, and nothing the registration calls own: the generic operation with the guard.
  app.put<{ Params: { id: string } }>(`/${RESOURCE}/:id`, async (request) => {
    const id = parseId(request.params.id)!;
    const ctx: ResourceContext = {
      db: d.db,
      manifest: d.manifest,
      validator,
      user: request.user,
      ip: request.ip ?? null,
    };
    const { data } = await saveRow(ctx, entity, id, (request.body ?? {}) as Row, guard);
    return { data };
  });
}
