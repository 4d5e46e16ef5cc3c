/**
 * The calendar (server/domains/calendar): a student's lectures over the term's dates without the
 * holidays, exams, the academic calendar and the term's windows; an instructor's teaching; who
 * may read another timetable and who may move events; a move or an edit that clashes with a
 * room's or an instructor's other slot refused with the reason in English and Arabic; the student
 * seeing the change; the private .ics feed and its revocation. On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { calendarDomainWith } from '../../server/domains/calendar/plugin.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

const NOVEMBER = { start: '2026-11-01', end: '2026-11-30' };

describe.skipIf(!manifest).each(BACKENDS)('the calendar on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let student: TestUser;
  let teacher: TestUser;
  let otherTeacher: TestUser;
  let registrar: TestUser;
  let nobody: TestUser;
  const ids: Record<string, number> = {};

  const calendar = (user: TestUser, body: unknown = NOVEMBER, lang = 'en') =>
    call(app, 'POST', '/api/sis/calendar', { token: user.token, body, lang });
  const move = (user: TestUser, id: number, body: unknown, lang = 'en') =>
    call(app, 'POST', `/api/sis/offering-schedules/updateEvent/${id}`, { token: user.token, body, lang });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [{ name: 'calendar', plugin: calendarDomainWith({ now: () => new Date('2026-11-20T08:00:00Z') }) }],
      clientDir: null,
    });
    await app.ready();

    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('countries').values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' }).execute();
    const faculty = await id('faculties', { code: 'FCI', name: 'Computers', name_local: 'الحاسبات' });
    const term = await id('terms', {
      code: 'F26',
      name: 'Fall 2026',
      name_local: 'خريف 2026',
      year: 2026,
      start_date: '2026-09-20',
      end_date: '2027-01-20',
      add_drop_start: '2026-11-02',
      add_drop_end: '2026-11-05',
      is_current: true,
    });
    const building = await id('buildings', { code: 'B1', name: 'Main' });
    ids.hall = await id('rooms', { building_id: building, code: 'H101', name: 'Hall 101' });
    ids.lab = await id('rooms', { building_id: building, code: 'L201', name: 'Lab 201' });
    const course = async (code: string, name: string, name_local: string) =>
      id('courses', { faculty_id: faculty, code, name, name_local, credit_hours: 3, level: 2 });
    const cs = await course('CS201', 'Data Structures', 'هياكل البيانات');
    const ma = await course('MA101', 'Calculus', 'التفاضل والتكامل');
    const ph = await course('PH101', 'Physics', 'الفيزياء');
    teacher = await createUser(db, { type: 4, roles: ['instructor'] });
    otherTeacher = await createUser(db, { type: 4, roles: ['instructor'] });
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    nobody = await createUser(db, { type: 4 });
    const hany = await id('instructors', {
      user_id: teacher.id,
      code: 'INS1',
      name: 'Dr Hany',
      name_local: 'د. هاني',
      faculty_id: faculty,
    });
    const laila = await id('instructors', {
      user_id: otherTeacher.id,
      code: 'INS2',
      name: 'Dr Laila',
      faculty_id: faculty,
    });
    const offering = async (c: number) => id('offerings', { course_id: c, term_id: term, max_mark: 100 });
    ids.csOffering = await offering(cs);
    ids.maOffering = await offering(ma);
    ids.phOffering = await offering(ph);
    ids.cs = await id('sections', { offering_id: ids.csOffering, code: 'L1', capacity: 40, instructor_id: hany });
    ids.ma = await id('sections', { offering_id: ids.maOffering, code: 'M1', capacity: 40, instructor_id: laila });
    ids.ph = await id('sections', { offering_id: ids.phOffering, code: 'P1', capacity: 40, instructor_id: hany });
    const slot = (values: Record<string, unknown>) => id('slots', values);
    // Tuesday (week_day 4) lecture, Saturday (1) lab; Calculus on Monday (3) in the hall; Physics (not the student's) Wednesday (5).
    ids.csLecture = await slot({
      section_id: ids.cs,
      day: 4,
      start_time: '10:00',
      end_time: '11:30',
      room_id: ids.hall,
      kind_id: 1,
    });
    ids.csLab = await slot({
      section_id: ids.cs,
      day: 1,
      start_time: '08:30',
      end_time: '10:00',
      room_id: ids.lab,
      kind_id: 2,
    });
    ids.maLecture = await slot({
      section_id: ids.ma,
      day: 3,
      start_time: '12:00',
      end_time: '13:30',
      room_id: ids.hall,
      kind_id: 1,
    });
    ids.phLecture = await slot({
      section_id: ids.ph,
      day: 5,
      start_time: '09:00',
      end_time: '10:30',
      room_id: ids.lab,
      kind_id: 1,
    });
    student = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    for (const [section, off, c] of [
      [ids.cs, ids.csOffering, cs],
      [ids.ma, ids.maOffering, ma],
    ] as const)
      await id('registrations', {
        student_id: student.student_id,
        offering_id: off,
        section_id: section,
        term_id: term,
        status_code: 2,
        course_id: c,
      });
    ids.csFinal = await id('exam_schedules', {
      offering_id: ids.csOffering,
      term_id: term,
      kind_id: 1,
      exam_date: '2026-11-26',
      start_time: '09:00',
      end_time: '10:30',
      room_id: ids.hall,
    });
    ids.maMid = await id('exam_schedules', {
      offering_id: ids.maOffering,
      term_id: term,
      kind_id: 1,
      exam_date: '2026-11-27',
      start_time: '09:00',
      end_time: '10:30',
      room_id: ids.hall,
    });
    // A holiday on Tuesday 17 November: no lecture that day.
    ids.holiday = await id('academic_calendar', {
      term_id: term,
      kind_id: 1,
      title: 'National holiday',
      title_local: 'عطلة رسمية',
      start_date: '2026-11-17',
      end_date: '2026-11-17',
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('gives the student their lectures on every week of the period but the holiday, their exams and the university calendar', async () => {
    const { status, body } = await calendar(student);
    expect(status).toBe(200);
    const starts = (source_id: number) =>
      body.data.filter((e: any) => e.source === 'slot' && e.source_id === source_id).map((e: any) => e.start);
    expect(starts(ids.csLecture)).toEqual(['2026-11-03T10:00', '2026-11-10T10:00', '2026-11-24T10:00']);
    expect(starts(ids.csLab)).toEqual(['2026-11-07T08:30', '2026-11-14T08:30', '2026-11-21T08:30', '2026-11-28T08:30']);
    expect(starts(ids.phLecture)).toEqual([]); // not the student's
    const lecture = body.data.find((e: any) => e.id === `slot-${ids.csLecture}-2026-11-03`);
    expect(lecture).toMatchObject({
      kind_id: 1,
      end: '2026-11-03T11:30',
      room: 'H101',
      section: 'L1',
      title: 'CS201 Data Structures',
      instructor: 'Dr Hany',
      editable: false,
    });
    expect(body.data.filter((e: any) => e.source === 'exam').map((e: any) => e.kind_id)).toEqual([5, 5]);
    const holiday = body.data.find((e: any) => e.id === `entry-${ids.holiday}`);
    expect(holiday).toMatchObject({ all_day: true, start: '2026-11-17', end: '2026-11-18', calendar_kind_id: 1 });
    const window = body.data.find((e: any) => e.source === 'term');
    expect(window).toMatchObject({ title: 'Add/drop: Fall 2026', start: '2026-11-02', end: '2026-11-06' });
    expect(body.meta).toMatchObject({ start: '2026-11-01', end: '2026-11-30', first_day: 6, editable: false });
  });

  it('speaks Arabic, keeps only the kinds asked for and starts the week on the configured day', async () => {
    await db.insertInto('settings').values({ name: 'week_start_day', value: 'sunday', public: true }).execute();
    const { body } = await calendar(student, { ...NOVEMBER, kinds: [2] }, 'ar');
    const kinds = new Set(body.data.map((e: any) => e.kind_id));
    expect([...kinds].sort()).toEqual([2, null]); // labs, and the university's entries that have no kind
    expect(body.data.find((e: any) => e.source === 'slot').title).toBe('CS201 هياكل البيانات');
    expect(body.data.find((e: any) => e.source === 'entry').title).toBe('عطلة رسمية');
    expect(body.meta.first_day).toBe(0);
    await db.deleteFrom('settings').where('name', '=', 'week_start_day').execute();
  });

  it('gives an instructor what they teach and their sections exams', async () => {
    const { body } = await calendar(teacher);
    const sources = new Set(body.data.filter((e: any) => e.source === 'slot').map((e: any) => e.source_id));
    expect([...sources].sort()).toEqual([ids.csLecture, ids.csLab, ids.phLecture].sort());
    expect(body.data.filter((e: any) => e.source === 'exam').map((e: any) => e.source_id)).toEqual([ids.csFinal]);
  });

  it('refuses the signed-out, those without the calendar, and a bad period', async () => {
    expect((await call(app, 'POST', '/api/sis/calendar', { body: NOVEMBER })).status).toBe(401);
    expect((await calendar(nobody)).status).toBe(403);
    const bad = await calendar(student, { start: '2026-11-30', end: '2026-11-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatch(/start and end dates/);
    expect((await calendar(student, { start: '2026-01-01', end: '2027-12-31' })).status).toBe(422);
  });

  it('lets the offerings office read a room or a section timetable, not students', async () => {
    const room = await call(app, 'POST', `/api/sis/offering-schedules/room/${ids.hall}`, {
      token: registrar.token,
      body: NOVEMBER,
    });
    expect(room.status).toBe(200);
    const slots = new Set(room.body.data.filter((e: any) => e.source === 'slot').map((e: any) => e.source_id));
    expect([...slots].sort()).toEqual([ids.csLecture, ids.maLecture].sort());
    expect(room.body.meta.editable).toBe(true);
    expect(
      (await call(app, 'POST', `/api/sis/offering-schedules/room/${ids.hall}`, { token: student.token })).status,
    ).toBe(403);
    const bad = await call(app, 'POST', `/api/sis/offering-schedules/planet/1`, { token: registrar.token });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('Unknown timetable kind "planet": use section, room, instructor or student');
    const lookups = await call(app, 'GET', `/api/sis/offering-schedules/get_lookups/${ids.cs}`, {
      token: registrar.token,
    });
    expect(lookups.status).toBe(200);
    expect(lookups.body.data.slots.map((s: any) => s.id).sort()).toEqual([ids.csLecture, ids.csLab].sort());
    expect(lookups.body.data.rooms.map((r: any) => r.code)).toEqual(['H101', 'L201']);
  });

  it('refuses moves from those without manage_calendar', async () => {
    const body = { type: 'slot', start: '2026-11-04T10:00', end: '2026-11-04T11:30' };
    expect((await move(student, ids.csLecture, body)).status).toBe(403);
    expect((await move(teacher, ids.csLecture, body)).status).toBe(403);
  });

  it('refuses a move into a room taken at that time, saying by what, in English and Arabic', async () => {
    // The CS lecture (hall) onto Monday 12:30, when Calculus holds the hall.
    const body = { type: 'slot', start: '2026-11-09T12:30', end: '2026-11-09T14:00' };
    const en = await move(registrar, ids.csLecture, body);
    expect(en.status).toBe(409);
    expect(en.body.error).toBe('Room H101 is taken at that time by MA101 Calculus (M1), Monday 12:00–13:30');
    expect(en.body.clash).toMatchObject({ kind: 'room', slot_id: ids.maLecture });
    const ar = await move(registrar, ids.csLecture, body, 'ar');
    expect(ar.body.error).toBe(
      'القاعة H101 مشغولة في هذا الوقت بمقرر MA101 التفاضل والتكامل (M1)، الاثنين 12:00–13:30',
    );
    const row = await db.selectFrom('slots').selectAll().where('id', '=', ids.csLecture).executeTakeFirstOrThrow();
    expect(Number(row.day)).toBe(4); // unchanged
  });

  it('refuses a move onto the instructor other slot', async () => {
    // The CS lab (Dr Hany, lab room) onto Wednesday 09:30, when Dr Hany teaches Physics (also in the lab).
    // Moved into the hall first so that the room is free and only the instructor clashes.
    const edit = await call(app, 'PUT', `/api/sis/offering-schedules/${ids.csLab}`, {
      token: registrar.token,
      body: { room_id: ids.hall },
    });
    expect(edit.status).toBe(200);
    const res = await move(registrar, ids.csLab, { start: '2026-11-11T09:30', end: '2026-11-11T11:00' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Dr Hany teaches PH101 Physics (P1) at that time, Wednesday 09:00–10:30');
  });

  it('moves a lecture to every week and the student sees it; touching ends do not clash', async () => {
    // Monday 13:30-15:00: starts as Calculus ends in the same hall.
    const res = await move(registrar, ids.csLecture, { start: '2026-11-09T13:30', end: '2026-11-09T15:00' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The timetable was updated');
    expect(res.body.data).toMatchObject({ day: 3, start_time: '13:30', end_time: '15:00' });
    const { body } = await calendar(student);
    const starts = body.data
      .filter((e: any) => e.source === 'slot' && e.source_id === ids.csLecture)
      .map((e: any) => e.start);
    expect(starts).toEqual([
      '2026-11-02T13:30',
      '2026-11-09T13:30',
      '2026-11-16T13:30',
      '2026-11-23T13:30',
      '2026-11-30T13:30',
    ]);
  });

  it('edits and creates slots in the form, with field errors and the clash check', async () => {
    const bad = await call(app, 'PUT', `/api/sis/offering-schedules/${ids.csLecture}`, {
      token: registrar.token,
      body: { day: 9, start_time: '11:00', end_time: '10:00', room_id: 999999, kind_id: 42 },
      lang: 'ar',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['day', 'end_time', 'kind_id', 'room_id']);
    expect(bad.body.errors.day[0]).toBe('اختر يومًا من أيام الأسبوع');
    const missing = await call(app, 'PUT', `/api/sis/offering-schedules/999999`, {
      token: registrar.token,
      body: { day: 2 },
    });
    expect(missing.status).toBe(404);
    const created = await call(app, 'PUT', '/api/sis/offering-schedules', {
      token: registrar.token,
      body: { section_id: ids.cs, day: 2, start_time: '14:00', end_time: '15:30', room_id: ids.lab, kind_id: 3 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ day: 2, start_time: '14:00', kind_id: 3, room: 'L201' });
    const clash = await call(app, 'PUT', '/api/sis/offering-schedules', {
      token: registrar.token,
      body: { section_id: ids.ma, day: 2, start_time: '15:00', end_time: '16:00', room_id: ids.lab },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(
      /^Room L201 is taken at that time by CS201 Data Structures \(L1\), Sunday 14:00–15:30$/,
    );
  });

  it('moves an exam, refusing a room another exam holds, and an academic calendar entry', async () => {
    const clash = await move(registrar, ids.csFinal, {
      type: 'exam',
      start: '2026-11-27T10:00',
      end: '2026-11-27T11:00',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('Room H101 holds the exam of MA101 Calculus at that time, 2026-11-27 09:00–10:30');
    const ok = await move(registrar, ids.csFinal, { type: 'exam', start: '2026-11-27T11:00', end: '2026-11-27T12:30' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ exam_date: '2026-11-27', start_time: '11:00' });
    const entry = await move(registrar, ids.holiday, { type: 'entry', start: '2026-11-18', end: '2026-11-20' });
    expect(entry.body.data).toEqual({ id: ids.holiday, start_date: '2026-11-18', end_date: '2026-11-19' });
    const bad = await move(registrar, ids.csFinal, {
      type: 'exam',
      start: '2026-11-27T11:00',
      end: '2026-11-28T12:30',
    });
    expect(bad.status).toBe(422);
    expect((await move(registrar, 1, { type: 'party' })).status).toBe(422);
  });

  it('serves a private .ics feed that stops when revoked or replaced', async () => {
    expect((await call(app, 'GET', '/api/sis/calendar/feed', { token: student.token })).body.data).toBeNull();
    const made = await call(app, 'POST', '/api/sis/calendar/feed', { token: student.token });
    expect(made.status).toBe(201);
    const url = new URL(made.body.data.url);
    expect(url.pathname).toMatch(/^\/api\/sis\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await app.inject({ method: 'GET', url: url.pathname, headers: { 'accept-language': 'ar' } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feed.body).toContain('DTSTART:20261123T133000');
    expect(feed.body).toContain('SUMMARY:CS201 هياكل البيانات');
    expect(feed.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect((await call(app, 'GET', '/api/sis/calendar/feed', { token: student.token })).body.data).not.toBeNull();

    const again = await call(app, 'POST', '/api/sis/calendar/feed', { token: student.token });
    expect((await app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    const second = new URL(again.body.data.url).pathname;
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const revoked = await call(app, 'DELETE', '/api/sis/calendar/feed', { token: student.token });
    expect(revoked.body.message).toBe('The calendar address was revoked');
    const gone = await app.inject({ method: 'GET', url: second });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('This calendar address is not valid or was revoked');
    expect((await app.inject({ method: 'GET', url: '/api/sis/calendar/feed/nonsense.ics' })).statusCode).toBe(404);
  });
});
