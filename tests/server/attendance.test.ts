/**
 * QR attendance (server/domains/attendance): an instructor opens a session for a section they
 * teach on a date it meets and shows its rotating code; a student scans it. Every error of
 * portal-core section 8 word for word in English and Arabic, the success, a double scan at once
 * recorded once, the permissions, and the setting attendance_with_qr_code. On PGlite and, with
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
import { attendanceDomainWith } from '../../server/domains/attendance/plugin.ts';
import { makeCode, QR_MAX_AGE_MS, sessionKey } from '../../server/domains/attendance/qr-code.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

const SECRET = 'attendance-test-secret';
const TUESDAY = '2026-11-24'; // week_day 4, inside the term
const WEDNESDAY = '2026-11-25';

const EN = {
  invalid: 'Invalid QR Code',
  timestamp: 'Invalid QR Code timestamp',
  expired: 'QR Code Expired',
  already: 'Invalid scan: You have already registered for this session.',
  notRegistered: 'Invalid scan: You are not registered for this session.',
  otherLecture: 'This QR code belongs to another lecture',
  noOccurrences: 'No occurrences found for the given date.',
  recorded: 'Your attendance has been recorded',
};
const AR = {
  invalid: 'رمز الاستجابة السريعة غير صالح',
  timestamp: 'توقيت رمز الاستجابة السريعة غير صالح',
  expired: 'انتهت صلاحية رمز الاستجابة السريعة',
  already: 'مسح غير صالح: لقد سجّلت حضورك في هذه المحاضرة بالفعل.',
  notRegistered: 'مسح غير صالح: أنت غير مسجل في هذه المحاضرة.',
  otherLecture: 'هذا الرمز خاص بمحاضرة أخرى',
  noOccurrences: 'لا توجد محاضرات في التاريخ المحدد.',
  recorded: 'تم تسجيل حضورك',
};

describe.skipIf(!manifest).each(BACKENDS)('QR attendance on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let clock = Date.parse(`${TUESDAY}T09:00:00Z`);
  let teacher: TestUser;
  let otherTeacher: TestUser;
  let ali: TestUser; // registered in the section
  let mona: TestUser; // registered too (the concurrent scans)
  let omar: TestUser; // registered in another section only
  let sara: TestUser; // whose request is not accepted yet
  let hala: TestUser; // registered in another course whose lecture has a session open today
  let nour: TestUser; // registered in nothing
  const ids: Record<string, number> = {};

  const setSetting = (value: string) =>
    db.updateTable('settings').set({ value }).where('name', '=', 'attendance_with_qr_code').execute();
  const scan = (user: TestUser, code: unknown, lang = 'en') =>
    call(app, 'POST', '/api/sis/attendance/scan', { token: user.token, body: { code }, lang });
  const keyOf = async (sessionId: number) => {
    const row = await db
      .selectFrom('attendance_sessions')
      .select('secret')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return sessionKey(SECRET, sessionId, String(row.secret));
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [{ name: 'attendance', plugin: attendanceDomainWith({ secret: SECRET, now: () => clock }) }],
      clientDir: null,
    });
    await app.ready();

    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('countries').values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' }).execute();
    await db.insertInto('settings').values({ name: 'attendance_with_qr_code', value: 'false', public: true }).execute();
    const faculty = await id('faculties', { code: 'FCI', name: 'Computers', name_local: 'الحاسبات' });
    const term = await id('terms', {
      code: 'F26',
      name: 'Fall 2026',
      name_local: 'خريف 2026',
      year: 2026,
      start_date: '2026-09-20',
      end_date: '2027-01-20',
      is_current: true,
    });
    const course = await id('courses', {
      faculty_id: faculty,
      code: 'CS201',
      name: 'Data Structures',
      name_local: 'هياكل البيانات',
      credit_hours: 3,
      level: 2,
    });
    const offering = await id('offerings', { course_id: course, term_id: term, max_mark: 100 });
    teacher = await createUser(db, { type: 4, roles: ['instructor'] });
    otherTeacher = await createUser(db, { type: 4, roles: ['instructor'] });
    const instructor = await id('instructors', {
      user_id: teacher.id,
      code: 'INS1',
      name: 'Dr Hany',
      faculty_id: faculty,
    });
    await id('instructors', { user_id: otherTeacher.id, code: 'INS2', name: 'Dr Laila', faculty_id: faculty });
    ids.section = await id('sections', { offering_id: offering, code: 'L1', capacity: 40, instructor_id: instructor });
    ids.other = await id('sections', { offering_id: offering, code: 'T1', capacity: 40 }); // no instructor of its own: the offering's (none)
    await db
      .insertInto('slots')
      .values([
        { section_id: ids.section, day: 4, start_time: '10:15', end_time: '11:45' },
        { section_id: ids.section, day: 1, start_time: '08:30', end_time: '10:00' },
        { section_id: ids.other, day: 4, start_time: '12:00', end_time: '13:30' },
      ])
      .execute();
    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    omar = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    sara = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    const register = (student: TestUser, section: number, status_code: number) =>
      id('registrations', {
        student_id: student.student_id,
        offering_id: offering,
        section_id: section,
        term_id: term,
        status_code,
        course_id: course,
      });
    await register(ali, ids.section, 2);
    await register(mona, ids.section, 2);
    await register(omar, ids.other, 2);
    await register(sara, ids.section, 1); // a request the advisor has not accepted
    hala = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    nour = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    const math = await id('courses', {
      faculty_id: faculty,
      code: 'MA101',
      name: 'Calculus',
      credit_hours: 3,
      level: 1,
    });
    const mathOffering = await id('offerings', { course_id: math, term_id: term, max_mark: 100 });
    ids.math = await id('sections', { offering_id: mathOffering, code: 'M1', capacity: 40 });
    await id('registrations', {
      student_id: hala.student_id,
      offering_id: mathOffering,
      section_id: ids.math,
      term_id: term,
      status_code: 2,
      course_id: math,
    });
    await id('attendance_sessions', {
      section_id: ids.math,
      lecture_date: TUESDAY,
      opened_by: otherTeacher.id,
      secret: 'math-session-secret',
      session_key: `${ids.math}:${TUESDAY}:0`,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers 403 with a clear message while attendance_with_qr_code is not "true"', async () => {
    for (const [user, method, url] of [
      [ali, 'POST', '/api/sis/attendance/scan'],
      [teacher, 'GET', '/api/sis/attendance/sections'],
      [teacher, 'POST', '/api/sis/attendance/sessions'],
    ] as const) {
      const r = await call(app, method, url, { token: user.token, body: method === 'POST' ? {} : undefined });
      expect(r.status, url).toBe(403);
      expect(r.body.error).toBe('Attendance by QR code is not enabled at this university');
    }
    const ar = await scan(ali, 'x', 'ar');
    expect(ar.body.error).toBe('تسجيل الحضور برمز الاستجابة السريعة غير مفعّل في هذه الجامعة');
    await setSetting('true');
  });

  it('needs a session, take_attendance to teach and access_attendance to scan', async () => {
    expect((await call(app, 'POST', '/api/sis/attendance/scan', { body: { code: 'x' } })).status).toBe(401);
    const student = await call(app, 'GET', '/api/sis/attendance/sections', { token: ali.token });
    expect(student.status).toBe(403);
    expect(student.body.error).toBe('You are not allowed to do this');
    expect(
      (
        await call(app, 'POST', '/api/sis/attendance/sessions', {
          token: ali.token,
          body: { section_id: ids.section, date: TUESDAY },
        })
      ).status,
    ).toBe(403);
    const staff = await scan(teacher, 'x');
    expect(staff.status).toBe(403);
  });

  it("lists the instructor's sections with their next meeting dates", async () => {
    const r = await call(app, 'GET', `/api/sis/attendance/sections?from=${WEDNESDAY}`, { token: teacher.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({
      id: ids.section,
      code: 'L1',
      course: { code: 'CS201', name: 'Data Structures' },
    });
    // Saturday (day 1) 28 November, then Tuesday 1 December...
    expect(r.body.data[0].next_dates.slice(0, 2)).toEqual(['2026-11-28', '2026-12-01']);
    expect((await call(app, 'GET', '/api/sis/attendance/sections', { token: otherTeacher.token })).body.data).toEqual(
      [],
    );
  });

  it('opens a session only on a date the section meets, only for its instructor', async () => {
    for (const [lang, text] of [
      ['en', EN.noOccurrences],
      ['ar', AR.noOccurrences],
    ]) {
      const r = await call(app, 'POST', '/api/sis/attendance/sessions', {
        token: teacher.token,
        body: { section_id: ids.section, date: WEDNESDAY },
        lang,
      });
      expect(r.status).toBe(422);
      expect(r.body.error).toBe(text);
    }
    // A Tuesday after the term's end.
    expect(
      (
        await call(app, 'POST', '/api/sis/attendance/sessions', {
          token: teacher.token,
          body: { section_id: ids.section, date: '2027-02-02' },
        })
      ).body.error,
    ).toBe(EN.noOccurrences);
    const bad = await call(app, 'POST', '/api/sis/attendance/sessions', {
      token: teacher.token,
      body: { section_id: ids.section, date: '2026-02-30' },
    });
    expect(bad.status).toBe(422);
    expect(
      (
        await call(app, 'POST', '/api/sis/attendance/sessions', {
          token: teacher.token,
          body: { section_id: 'x', date: TUESDAY },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(app, 'POST', '/api/sis/attendance/sessions', {
          token: teacher.token,
          body: { section_id: 999999, date: TUESDAY },
        })
      ).status,
    ).toBe(404);
    const stranger = await call(app, 'POST', '/api/sis/attendance/sessions', {
      token: otherTeacher.token,
      body: { section_id: ids.section, date: TUESDAY },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error).toBe('You do not teach this section');

    const r = await call(app, 'POST', '/api/sis/attendance/sessions', {
      token: teacher.token,
      body: { section_id: ids.section, date: TUESDAY },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      section_id: ids.section,
      lecture_date: TUESDAY,
      closed: false,
      slot: { day: 4, start_time: '10:15' },
    });
    expect(r.body.code).toMatch(/^RWQA1\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(r.body.refresh_ms).toBeLessThan(r.body.max_age_ms);
    ids.session = r.body.data.id;
    // Opening it again gives the same session.
    expect(
      (
        await call(app, 'POST', '/api/sis/attendance/sessions', {
          token: teacher.token,
          body: { section_id: ids.section, date: TUESDAY },
        })
      ).body.data.id,
    ).toBe(ids.session);
    // Only its instructor reads its code.
    expect(
      (await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}/code`, { token: otherTeacher.token }))
        .status,
    ).toBe(403);
    expect((await call(app, 'GET', '/api/sis/attendance/sessions/99999/code', { token: teacher.token })).status).toBe(
      404,
    );
  });

  it('refuses a code that is not ours: "Invalid QR Code"', async () => {
    const key = await keyOf(ids.session);
    const good = makeCode(key, ids.session, clock);
    const forged = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherKey = sessionKey('another-secret', ids.session, 'x');
    const cases: unknown[] = [
      '',
      'hello',
      'https://example.com/',
      good.replace('RWQA1', 'RWQA2'),
      forged,
      makeCode(otherKey, ids.session, clock),
      makeCode(key, 99999, clock),
      `${good} extra`,
      12345,
      null,
      { code: good },
      'a'.repeat(5000),
    ];
    for (const code of cases) {
      const r = await scan(ali, code);
      expect(r.status, JSON.stringify(code).slice(0, 60)).toBe(422);
      expect(r.body.error).toBe(EN.invalid);
    }
    expect((await scan(ali, 'hello', 'ar')).body.error).toBe(AR.invalid);
    // No body, a body that is not an object: the same answer, never 500.
    expect((await call(app, 'POST', '/api/sis/attendance/scan', { token: ali.token })).status).toBe(422);
    expect(
      (
        await call(app, 'POST', '/api/sis/attendance/scan', {
          token: ali.token,
          raw: '[1]',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBeLessThan(500);
  });

  it('refuses a signed code whose time is unreadable or in the future: "Invalid QR Code timestamp"', async () => {
    const key = await keyOf(ids.session);
    for (const stamp of ['abc', '12x4', String(clock + 60_000), '99999999999999']) {
      for (const [lang, text] of [
        ['en', EN.timestamp],
        ['ar', AR.timestamp],
      ]) {
        const r = await scan(ali, makeCode(key, ids.session, stamp), lang);
        expect(r.status, stamp).toBe(422);
        expect(r.body.error).toBe(text);
      }
    }
  });

  it('refuses a code older than the limit: "QR Code Expired"', async () => {
    const key = await keyOf(ids.session);
    const old = makeCode(key, ids.session, clock - QR_MAX_AGE_MS - 1);
    for (const [lang, text] of [
      ['en', EN.expired],
      ['ar', AR.expired],
    ]) {
      const r = await scan(ali, old, lang);
      expect(r.status).toBe(422);
      expect(r.body.error).toBe(text);
    }
    // Just inside the limit is fine for the checks of time (nour then fails on registration).
    expect((await scan(nour, makeCode(key, ids.session, clock - QR_MAX_AGE_MS))).body.error).toBe(EN.notRegistered);
  });

  it('refuses a student not registered in the section: "Invalid scan: You are not registered for this session."', async () => {
    const { body } = await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}/code`, {
      token: teacher.token,
    });
    for (const [user, lang, text] of [
      [nour, 'en', EN.notRegistered],
      [nour, 'ar', AR.notRegistered],
      [sara, 'en', EN.notRegistered],
    ] as const) {
      const r = await scan(user, body.code, lang);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(text);
    }
  });

  it('tells a student whose lecture is another one: "This QR code belongs to another lecture"', async () => {
    const { body } = await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}/code`, {
      token: teacher.token,
    });
    // Omar attends another section of the same course; Hala's own lecture (another course) is open today.
    for (const [user, lang, text] of [
      [omar, 'en', EN.otherLecture],
      [omar, 'ar', AR.otherLecture],
      [hala, 'en', EN.otherLecture],
    ] as const) {
      const r = await scan(user, body.code, lang);
      expect(r.status).toBe(422);
      expect(r.body.error).toBe(text);
    }
  });

  it('records a registered student once: success, then "Invalid scan: You have already registered for this session."', async () => {
    const { body } = await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}/code`, {
      token: teacher.token,
    });
    const ok = await scan(ali, body.code);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(EN.recorded);
    expect(ok.body.data).toMatchObject({
      session_id: ids.session,
      lecture_date: TUESDAY,
      section: { code: 'L1', course: { code: 'CS201' } },
    });
    for (const [lang, text] of [
      ['en', EN.already],
      ['ar', AR.already],
    ]) {
      const again = await scan(ali, body.code, lang);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(text);
    }
    const session = await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}`, {
      token: teacher.token,
      lang: 'ar',
    });
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({
      count: 1,
      attending: 2,
      section: { course: { name: 'هياكل البيانات' } },
    });
    expect(session.body.data.records.map((r: { student_id: number }) => r.student_id)).toEqual([ali.student_id]);
  });

  it('records two scans sent at once only once', async () => {
    const { body } = await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}/code`, {
      token: teacher.token,
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => scan(mona, body.code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await db
      .selectFrom('attendance_records')
      .select('id')
      .where('session_id', '=', ids.session)
      .where('student_id', '=', mona.student_id!)
      .execute();
    expect(rows).toHaveLength(1);
    // The database itself refuses a second row.
    await expect(
      db
        .insertInto('attendance_records')
        .values({
          session_id: ids.session,
          student_id: mona.student_id,
          scanned_at: new Date(),
          record_key: `${ids.session}:${mona.student_id}`,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("a closed session's codes are expired and it gives no new code", async () => {
    const { body } = await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}/code`, {
      token: teacher.token,
    });
    expect(
      (await call(app, 'POST', `/api/sis/attendance/sessions/${ids.session}/close`, { token: otherTeacher.token }))
        .status,
    ).toBe(403);
    expect(
      (await call(app, 'POST', `/api/sis/attendance/sessions/${ids.session}/close`, { token: teacher.token })).status,
    ).toBe(200);
    expect((await scan(omar, body.code)).body.error).toBe(EN.expired);
    expect(
      (await call(app, 'GET', `/api/sis/attendance/sessions/${ids.session}/code`, { token: teacher.token })).status,
    ).toBe(409);
    // Reopening it (the same lecture) lets the class go on scanning.
    const again = await call(app, 'POST', '/api/sis/attendance/sessions', {
      token: teacher.token,
      body: { section_id: ids.section, date: TUESDAY },
    });
    expect(again.body.data).toMatchObject({ id: ids.session, closed: false });
    clock += 5_000;
    expect((await scan(ali, again.body.code)).body.error).toBe(EN.already);
  });

  it('never answers 500 to odd addresses and bodies', async () => {
    const odd = [
      ['GET', '/api/sis/attendance/sessions/abc'],
      ['GET', '/api/sis/attendance/sessions/0/code'],
      ['GET', '/api/sis/attendance/sessions/99999999999999999999'],
      ['GET', '/api/sis/attendance/sections?from=yesterday'],
    ] as const;
    for (const [method, url] of odd)
      expect((await call(app, method, url, { token: teacher.token })).status, url).toBeLessThan(500);
    for (const body of [
      [],
      'x',
      { section_id: ids.section, date: TUESDAY, slot_id: 'nope' },
      { section_id: -1, date: TUESDAY },
    ]) {
      expect(
        (await call(app, 'POST', '/api/sis/attendance/sessions', { token: teacher.token, body })).status,
        JSON.stringify(body),
      ).toBeLessThan(500);
    }
  });
});
