/**
 * The lists the registration calls answer, read in one statement each: the offerings a student
 * may see in a term (with their plan, history and seat counters, the same offering shape as the
 * context's) and registration rows in the shape the calls answer them. The rules' context of one
 * request is context.ts.
 */
import { sql, type Kysely } from 'kysely';
import { HISTORY_JOIN, offeringJson, slotsOf, type OfferingInfo, type SlotInfo } from './context.ts';

/**
 * The offerings of the term the student may see: published, of their program or of none, and
 * in their program's study plan up to one level above theirs (without a plan: their faculty's
 * courses up to one level above), so the next level's courses show with the reason they cannot
 * be taken yet. One statement.
 */
export async function loadOfferings(db: Kysely<any>, studentId: number, termId: number): Promise<OfferingInfo[]> {
  const { rows } = await sql<{ list: OfferingInfo[] | null }>`
    select (select json_agg(${sql.raw(offeringJson(true))} order by c.code)
      from offerings o join courses c on c.id = o.course_id
      where o.term_id = tt.tid and o.deleted_at is null and c.deleted_at is null and coalesce(o.published_id, 1) = 1
        and coalesce(c.active, true) and (o.program_id is null or o.program_id = s.program_id)
        and (case when exists(select 1 from study_plan_courses p where p.program_id = s.program_id)
          then exists(select 1 from study_plan_courses p where p.program_id = s.program_id and p.course_id = c.id and p.level <= coalesce(s.level, 0) + 1)
          else c.faculty_id = s.faculty_id and coalesce(c.level, 0) <= coalesce(s.level, 0) + 1 end)) as list
    from students s cross join (select cast(${termId} as int8) as tid) tt ${sql.raw(HISTORY_JOIN)}
    where s.id = ${studentId}`.execute(db);
  return rows[0]?.list ?? [];
}

export interface RegistrationView {
  id: number;
  student_id: number;
  offering_id: number;
  section_id: number | null;
  section_code: string | null;
  term_id: number;
  status_code: number;
  flags: number;
  request_flag: number;
  note: string | null;
  decided_at: string | null;
  created_at: string;
  course: { id: number; code: string; name: string; name_local: string | null; credit_hours: number };
  slots: SlotInfo[];
}

/** Registrations in the shape the calls answer, by student(s) and term, or by ids. */
export async function loadRegistrations(
  db: Kysely<any>,
  where: { studentIds?: number[]; termId?: number | null; ids?: number[]; codes?: readonly number[] },
): Promise<RegistrationView[]> {
  const conditions = [sql`r.deleted_at is null`];
  if (where.studentIds)
    conditions.push(where.studentIds.length ? sql`r.student_id in (${sql.join(where.studentIds)})` : sql`false`);
  if (where.ids) conditions.push(where.ids.length ? sql`r.id in (${sql.join(where.ids)})` : sql`false`);
  if (where.termId) conditions.push(sql`r.term_id = ${where.termId}`);
  if (where.codes) conditions.push(sql`r.status_code in (${sql.join([...where.codes])})`);
  const { rows } = await sql<RegistrationView>`
    select r.id, r.student_id, r.offering_id, r.section_id, se.code as section_code, r.term_id, r.status_code, r.flags, r.request_flag,
      r.note, r.decided_at, r.created_at,
      json_build_object('id', c.id, 'code', c.code, 'name', c.name, 'name_local', c.name_local, 'credit_hours', coalesce(r.credit_hours, c.credit_hours)) as course,
      ${sql.raw(slotsOf('r.section_id'))} as slots
    from registrations r join offerings o on o.id = r.offering_id join courses c on c.id = o.course_id
      left join sections se on se.id = r.section_id
    where ${sql.join(conditions, sql` and `)}
    order by r.student_id, c.code`.execute(db);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    student_id: Number(r.student_id),
    offering_id: Number(r.offering_id),
    flags: Number(r.flags),
  }));
}
