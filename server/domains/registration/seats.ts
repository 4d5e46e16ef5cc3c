/**
 * The writes of the registration calls. Taking a seat is one statement: the section's counter
 * moves only while `seats_taken < capacity` (the row lock PostgreSQL takes for the UPDATE makes
 * concurrent takers of one section queue, and each re-checks the condition on the new value), and
 * the registration row is written from that update's result in the same statement, so a request
 * without a seat writes nothing. The unique `hold_key` (student:course:term, set only while the row
 * holds a seat) stops a student holding two sections of one course even outside these calls.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { jsonValue } from '../../db/json.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { flagsOf, holdsSeat, requestFlagOf } from './lifecycle.ts';
import { Refusal } from './refusal.ts';

export const rowKey = (studentId: number, offeringId: number) => `${studentId}:${offeringId}`;
export const holdKey = (studentId: number, courseId: number, termId: number) => `${studentId}:${courseId}:${termId}`;

export interface NewHold {
  studentId: number;
  termId: number;
  offeringId: number;
  courseId: number;
  creditHours: number;
  /** The sections to try, in order (the first with a free seat is taken). */
  sectionIds: number[];
  code: number;
  kind: number;
  maxMark?: number | null;
  /** A rejected, removed or dropped row of the same offering to bring back instead of inserting. */
  reuseId?: number | null;
  decidedBy?: number | null;
}

/** What one attempt did: took a seat (row id, the section's place in the list), found every section full, or lost the race for the student. */
export type Take =
  | { outcome: 'ok'; id: number; version: number; index: number }
  | { outcome: 'full'; version: number }
  | { outcome: 'changed' };

const seatCte = (sectionId: number, offeringId: number, from = sql``) => sql`seat as (
  update sections set seats_taken = coalesce(seats_taken, 0) + 1, updated_at = now() ${from}
  where sections.id = ${sectionId} and sections.offering_id = ${offeringId} and sections.deleted_at is null
    and coalesce(sections.seats_taken, 0) < sections.capacity
  returning sections.id)`;

/**
 * The answer a call would give, for the Idempotency-Key: `body` with `data` lacking what depends
 * on the section taken, and `parts`, that per candidate section (merged into `data`, with the new
 * row's id, by the function). The body is sent once and the parts are small: serialising a whole
 * answer per section was the server's largest own cost in the rush. The parts travel as one text cut
 * at ASCII record separators, which JSON.stringify never writes raw (control characters are
 * escaped): the function parses only the part of the section taken (a text[] costs the driver an
 * escape per element; a jsonb of every answer cost the database 4% of its CPU).
 */
export interface SeatAnswer {
  key: string;
  userId: number;
  body: { data: Record<string, unknown>; [k: string]: unknown };
  parts: Array<Record<string, unknown>>;
}
const PART_SEPARATOR = '\x1e';

/**
 * Takes a seat in the first of `sectionIds` that has one and writes the row holding it in ONE
 * statement (its own transaction), guarded by the student's registration version: the call
 * bumps registration_terms.version only if it still equals `version` (the value the rules were
 * checked against); the seat, the row and the Idempotency-Key answer follow from that bump.
 * `answer` is the call's answer for each section (SeatAnswer); the one of the section taken is
 * remembered, with the new row's id. A concurrent
 * write of the same student makes the guard fail: nothing is written and the caller checks the
 * rules again on fresh data. The guard's row lock queues a student's writes. Sections the context showed full are tried too (a seat may
 * have been freed since), in the same call: a refusal for capacity is one round trip, not one
 * per section. The statements live in a PL/pgSQL function (TAKE_SEAT_DDL) so their plans are
 * made once per connection.
 */
export async function takeSeat(
  db: Kysely<any>,
  h: NewHold,
  version: number | null,
  answer: SeatAnswer | null,
): Promise<Take> {
  const { rows } = await db.executeQuery<{
    r: { version: number | null; seats?: number; id?: number; index?: number } | string;
  }>(
    CompiledQuery.raw(TAKE_SEAT_CALL, [
      h.studentId,
      h.termId,
      h.offeringId,
      `{${h.sectionIds.join(',')}}`,
      h.courseId,
      h.creditHours,
      h.code,
      flagsOf(h.code, h.kind),
      requestFlagOf(h.code),
      h.maxMark ?? 100,
      rowKey(h.studentId, h.offeringId),
      holdKey(h.studentId, h.courseId, h.termId),
      h.reuseId ?? null,
      h.decidedBy ?? null,
      version,
      answer?.key ?? null,
      answer?.userId ?? null,
      answer ? JSON.stringify(answer.body) : null,
      answer ? answer.parts.map((b) => JSON.stringify(b)).join(PART_SEPARATOR) : null,
    ]),
  );
  const raw = rows[0]!.r;
  const r =
    typeof raw === 'string'
      ? (JSON.parse(raw) as { version: number | null; seats?: number; id?: number; index?: number })
      : raw;
  if (r.version === null) return { outcome: 'changed' };
  if (!r.seats) return { outcome: 'full', version: Number(r.version) };
  return { outcome: 'ok', id: Number(r.id), version: Number(r.version), index: Number(r.index) };
}

/** The call, as fixed text sent as a prepared statement (it runs on every seat request: no query building). */
const TAKE_SEAT_CALL = preparedStatement(
  'registration_take_seats_call',
  `select registration_take_seat($1::int8, $2::int8, $3::int8, $4::int8[], $5::int8, $6::int8, $7::int8, $8::int8,
  $9::int8, $10::numeric, $11::text, $12::text, $13::int8, $14::int8, $15::int8, $16::text, $17::int8, $18::text, $19::text) as r`,
);

/** The functions of earlier versions (one section per call; the answers as one jsonb), dropped so one signature remains. */
export const OLD_TAKE_SEAT = [
  `drop function if exists registration_take_seat(int8, int8, int8, int8, int8, int8, int8, int8, int8, numeric, text, text, int8, int8, int8, text, int8, jsonb)`,
  `drop function if exists registration_take_seat(int8, int8, int8, int8[], int8, int8, int8, int8, int8, numeric, text, text, int8, int8, int8, text, int8, jsonb)`,
  `drop function if exists registration_take_seat(int8, int8, int8, int8[], int8, int8, int8, int8, int8, numeric, text, text, int8, int8, int8, text, int8, text[])`,
  `drop function if exists registration_take_seat(int8, int8, int8, int8[], int8, int8, int8, int8, int8, numeric, text, text, int8, int8, int8, text, int8, text)`,
];

export const TAKE_SEAT_DDL = `create or replace function registration_take_seat(
  p_student int8, p_term int8, p_offering int8, p_sections int8[], p_course int8, p_hours int8, p_code int8, p_flags int8,
  p_request_flag int8, p_max_mark numeric, p_row_key text, p_hold_key text, p_reuse int8, p_decided_by int8,
  p_version int8, p_key text, p_user int8, p_body text, p_parts text)
returns json language plpgsql volatile as $fn$
declare v_version int8; v_seat int8; v_id int8; v_index int := 0; v_body jsonb;
begin
  if p_version is null then
    insert into registration_terms (row_key, student_id, term_id, version) values (p_student || ':' || p_term, p_student, p_term, 1)
      on conflict (row_key) do nothing returning version into v_version;
  else
    update registration_terms set version = version + 1, updated_at = now()
      where row_key = p_student || ':' || p_term and version = p_version returning version into v_version;
  end if;
  if v_version is null then return json_build_object('version', null); end if;
  while v_seat is null and v_index < coalesce(array_length(p_sections, 1), 0) loop
    v_index := v_index + 1;
    update sections set seats_taken = coalesce(seats_taken, 0) + 1, updated_at = now()
      where id = p_sections[v_index] and offering_id = p_offering and deleted_at is null and coalesce(seats_taken, 0) < capacity
      returning id into v_seat;
  end loop;
  if v_seat is null then return json_build_object('version', v_version, 'seats', 0); end if;
  if p_reuse is null then
    insert into registrations (student_id, offering_id, section_id, term_id, course_id, credit_hours, status_code, flags, request_flag,
        max_mark, row_key, hold_key, advisor_id, decided_at)
      values (p_student, p_offering, v_seat, p_term, p_course, p_hours, p_code, p_flags, p_request_flag, p_max_mark, p_row_key,
        p_hold_key, p_decided_by, case when p_decided_by is null then null else now() end)
      returning id into v_id;
  else
    update registrations set section_id = v_seat, status_code = p_code, flags = p_flags, request_flag = p_request_flag,
        course_id = p_course, credit_hours = p_hours, hold_key = p_hold_key, note = null, advisor_id = p_decided_by,
        decided_at = case when p_decided_by is null then null else now() end, updated_at = now()
      where id = p_reuse and hold_key is null returning id into v_id;
    -- The row moved meanwhile: undo the whole call (the seat and the version bump).
    if v_id is null then raise exception 'registration % changed', p_reuse using errcode = '40001'; end if;
  end if;
  if p_key is not null then
    v_body := p_body::jsonb;
    insert into registration_idempotency (key, user_id, status, body) values (p_key, p_user, 200,
      jsonb_set(v_body, '{data}', (v_body -> 'data') || split_part(p_parts, chr(30), v_index)::jsonb || jsonb_build_object('id', v_id)));
  end if;
  return json_build_object('version', v_version, 'seats', 1, 'id', v_id, 'index', v_index - 1);
end $fn$`;

export interface Move {
  id: number;
  from: number;
  to: number;
  kind: number;
  sectionId: number | null;
  offeringId: number;
  studentId: number;
  courseId: number;
  termId: number;
  note?: string | null;
  decidedBy?: number | null;
}

/** Moves a row to another state, freeing or taking its seat when holding changes, in one statement. */
export async function moveRow(trx: Kysely<any>, m: Move): Promise<void> {
  const wasHolding = holdsSeat(m.from);
  const willHold = holdsSeat(m.to);
  const flags = flagsOf(m.to, m.kind);
  const set = sql`status_code = ${m.to}, flags = ${flags}, request_flag = ${requestFlagOf(m.to)},
    hold_key = ${willHold ? holdKey(m.studentId, m.courseId, m.termId) : null}, updated_at = now()
    ${m.note !== undefined ? sql`, note = ${m.note}` : sql``}
    ${m.decidedBy !== undefined ? sql`, advisor_id = ${m.decidedBy}, decided_at = now()` : sql``}`;
  if (wasHolding && !willHold && m.sectionId !== null) {
    await sql`with seat as (update sections set seats_taken = greatest(coalesce(seats_taken, 0) - 1, 0), updated_at = now() where id = ${m.sectionId} returning id)
      update registrations set ${set} where id = ${m.id} and status_code = ${m.from}`.execute(trx);
    return;
  }
  if (!wasHolding && willHold && m.sectionId !== null) {
    const { rows } = await sql<{ id: number | null; seats: number }>`
      with ${seatCte(m.sectionId, m.offeringId)}, upd as (update registrations set ${set} from seat where registrations.id = ${m.id} and status_code = ${m.from} returning registrations.id)
      select (select id from upd) as id, (select count(*) from seat)::int as seats`.execute(trx);
    if (rows[0]!.seats === 0) throw new Refusal('no_capacity', {}, 422, 'section_id');
    return;
  }
  await sql`update registrations set ${set} where id = ${m.id} and status_code = ${m.from}`.execute(trx);
}

/** Remembers the answer of an Idempotency-Key in the call's own transaction. */
export async function storeAnswer(
  trx: Kysely<any>,
  key: string,
  userId: number,
  status: number,
  body: unknown,
): Promise<void> {
  await trx
    .insertInto('registration_idempotency')
    .values({ key, user_id: userId, status, body: jsonValue(body) })
    .execute();
}
