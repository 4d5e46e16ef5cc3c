/**
 * Moving and editing the timetable (manage_calendar): a slot's day and times (and, in the form,
 * its room and kind), an exam's date and times, an academic calendar entry's days. Each write
 * runs in one transaction holding the timetable's advisory lock, so two moves at once cannot both
 * pass the clash check into the same room.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError, ValidationError, addFieldError, type FieldErrors } from '../../http/errors.ts';
import { addDaysTo, parseDate, weekDayOf } from '../attendance/occurrences.ts';
import { table } from '../academic/tables.ts';
import { findClash, type Clash } from './clash.ts';
import { parseMoment, parseTime, positiveId } from './input.ts';
import { findExam, examsInRoomAt, findSectionRow, roomExists, slotsIn, type SectionRow } from './store.ts';

type Db = Kysely<any>;
type Body = Record<string, unknown>;

/** One number for the whole timetable: moves are rare, and a room is shared across sections. */
const TIMETABLE_LOCK = 7_302_026;

const localOf = (en: string | null, ar: string | null, lang: string) => (lang === 'ar' && ar ? ar : (en ?? ''));

function dayName(m: Manifest, day: number, lang: string): string {
  const s = m.statusTables.week_day?.statuses.find((x) => x.id === day);
  return s ? (lang === 'ar' ? s.name_local : s.name) : String(day);
}

function clashError(m: Manifest, clash: Clash, lang: string): HttpError {
  const o = clash.other;
  const params = {
    room: o.room ?? '',
    course: `${o.course_code} ${localOf(o.course_name, o.course_name_local, lang)}`,
    section: o.section,
    instructor: localOf(o.instructor, o.instructor_local, lang),
    day: dayName(m, o.day, lang),
    start: o.start_time,
    end: o.end_time,
  };
  return new HttpError(409, clash.kind === 'room' ? 'calendar_room_clash' : 'calendar_instructor_clash', params, {
    clash: { kind: clash.kind, slot_id: o.id, section_id: o.section_id },
  });
}

async function locked<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${TIMETABLE_LOCK})`.execute(trx);
    return work(trx);
  });
}

interface SlotValues {
  day: number;
  start: string;
  end: string;
  roomId: number | null;
  kindId: number;
}

/** The slot form's fields, each checked; `current` fills what an edit leaves out. */
async function slotValues(db: Db, m: Manifest, body: Body, current?: SlotValues): Promise<SlotValues> {
  const errors: FieldErrors = {};
  const has = (k: string) => body[k] !== undefined;
  const day = has('day') ? Number(body.day) : current?.day;
  if (!Number.isInteger(day) || day! < 1 || day! > 7) addFieldError(errors, 'day', { key: 'calendar_day_invalid' });
  const start = has('start_time') ? parseTime(body.start_time) : (current?.start ?? null);
  const end = has('end_time') ? parseTime(body.end_time) : (current?.end ?? null);
  if (!start || !end || end <= start) addFieldError(errors, 'end_time', { key: 'calendar_time_invalid' });
  let roomId = current?.roomId ?? null;
  if (has('room_id')) {
    roomId = body.room_id === null || body.room_id === '' ? null : positiveId(body.room_id);
    if (body.room_id !== null && body.room_id !== '' && (roomId === null || !(await roomExists(db, m, roomId))))
      addFieldError(errors, 'room_id', { key: 'calendar_room_invalid' });
  }
  const kinds = (m.statusTables.calendar_event_kind?.statuses ?? []).map((s) => s.id);
  const kindId = has('kind_id') ? Number(body.kind_id) : (current?.kindId ?? 1);
  if (!kinds.includes(kindId)) addFieldError(errors, 'kind_id', { key: 'calendar_kind_invalid' });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { day: day!, start: start!, end: end!, roomId, kindId };
}

async function place(trx: Db, m: Manifest, section: SectionRow, v: SlotValues, lang: string, slotId?: number) {
  const clash = await findClash(trx, m, { slotId, section, day: v.day, start: v.start, end: v.end, roomId: v.roomId });
  if (clash) throw clashError(m, clash, lang);
}

async function slotView(db: Db, m: Manifest, id: number) {
  const [s] = await slotsIn(db, m, { slot: id });
  return s;
}

export async function createSlot(db: Db, m: Manifest, body: Body, lang: string) {
  const sectionId = positiveId(body.section_id);
  const section = sectionId === null ? undefined : await findSectionRow(db, m, sectionId);
  if (!section) throw ValidationError.single('section_id', { key: 'calendar_section_not_found' });
  const v = await slotValues(db, m, body);
  const id = await locked(db, async (trx) => {
    await place(trx, m, section, v, lang);
    const { rows } = await sql<{ id: number }>`insert into ${table(m, 'slots')}
      (section_id, day, start_time, end_time, room_id, kind_id)
      values (${section.id}, ${v.day}, ${v.start}, ${v.end}, ${v.roomId}, ${v.kindId}) returning id`.execute(trx);
    return Number(rows[0]!.id);
  });
  return slotView(db, m, id);
}

async function existingSlot(db: Db, m: Manifest, id: number | null) {
  const [slot] = id === null ? [] : await slotsIn(db, m, { slot: id });
  if (!slot) throw new HttpError(404, 'calendar_slot_not_found');
  const section = await findSectionRow(db, m, slot.section_id);
  if (!section) throw new HttpError(404, 'calendar_slot_not_found');
  const current: SlotValues = {
    day: slot.day,
    start: slot.start_time,
    end: slot.end_time,
    roomId: slot.room_id,
    kindId: slot.kind_id,
  };
  return { slot, section, current };
}

async function writeSlot(db: Db, m: Manifest, id: number, section: SectionRow, v: SlotValues, lang: string) {
  await locked(db, async (trx) => {
    await place(trx, m, section, v, lang, id);
    await sql`update ${table(m, 'slots')} set day = ${v.day}, start_time = ${v.start}, end_time = ${v.end},
      room_id = ${v.roomId}, kind_id = ${v.kindId}, updated_at = now() where id = ${id}`.execute(trx);
  });
  return slotView(db, m, id);
}

export async function editSlot(db: Db, m: Manifest, id: number | null, body: Body, lang: string) {
  const { slot, section, current } = await existingSlot(db, m, id);
  return writeSlot(db, m, slot.id, section, await slotValues(db, m, body, current), lang);
}

/** The moved event's new start and end on one day; 422 otherwise. */
function sameDayTimes(body: Body): { date: string; start: string; end: string } {
  const start = parseMoment(body.start);
  const end = parseMoment(body.end);
  if (!start || !end || start.date !== end.date || end.time <= start.time)
    throw ValidationError.single('end', { key: 'calendar_time_invalid' });
  return { date: start.date, start: start.time, end: end.time };
}

async function moveExam(db: Db, m: Manifest, id: number | null, body: Body, lang: string) {
  const exam = id === null ? undefined : await findExam(db, m, id);
  if (!exam) throw new HttpError(404, 'calendar_exam_not_found');
  const t = sameDayTimes(body);
  await locked(db, async (trx) => {
    if (exam.room_id !== null) {
      const [other] = await examsInRoomAt(trx, m, { roomId: exam.room_id, ...t, exceptId: exam.id });
      if (other)
        throw new HttpError(409, 'calendar_exam_room_clash', {
          room: other.room ?? '',
          course: `${other.course_code} ${localOf(other.course_name, other.course_name_local, lang)}`,
          date: other.exam_date,
          start: other.start_time,
          end: other.end_time,
        });
    }
    await sql`update ${table(m, 'exam_schedules')} set exam_date = ${t.date}, start_time = ${t.start},
      end_time = ${t.end}, updated_at = now() where id = ${exam.id}`.execute(trx);
  });
  return findExam(db, m, exam.id);
}

/** An all-day entry: start and end dates, the end exclusive as calendars send it. */
async function moveEntry(db: Db, m: Manifest, id: number | null, body: Body) {
  const start = parseDate(String(body.start ?? '').slice(0, 10));
  const endExclusive = parseDate(String(body.end ?? '').slice(0, 10));
  if (!start || !endExclusive || endExclusive <= start)
    throw ValidationError.single('end', { key: 'calendar_time_invalid' });
  const { rows } = await sql<any>`update ${table(m, 'academic_calendar')} set start_date = ${start},
    end_date = ${addDaysTo(endExclusive, -1)}, updated_at = now() where id = ${id ?? 0} returning id`.execute(db);
  if (!rows.length) throw new HttpError(404, 'calendar_entry_not_found');
  return { id: Number(rows[0].id), start_date: start, end_date: addDaysTo(endExclusive, -1) };
}

/**
 * A drag, a resize or a keyboard move: {type, start, end}. A slot moves every week: its new day
 * is the day of the week it was dropped on, and its times are the drop's.
 */
export async function moveEvent(db: Db, m: Manifest, id: number | null, body: Body, lang: string) {
  const type = body.type ?? 'slot';
  if (type === 'exam') return moveExam(db, m, id, body, lang);
  if (type === 'entry') return moveEntry(db, m, id, body);
  if (type !== 'slot') throw new HttpError(422, 'calendar_event_type_invalid');
  const { slot, section, current } = await existingSlot(db, m, id);
  const t = sameDayTimes(body);
  return writeSlot(db, m, slot.id, section, { ...current, day: weekDayOf(t.date), start: t.start, end: t.end }, lang);
}
