/**
 * The academic domain: a student's taken courses, term grades and study plan, their
 * current courses, exams and timetable, and their photo; staff read any student's with
 * ?student_id=; a student never reads another's. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { academicDomain } from '../../server/domains/academic/plugin.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!manifest).each(BACKENDS)('academic records on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let ali: TestUser;
  let mona: TestUser;
  let registrar: TestUser;
  let instructor: TestUser;
  let uploads: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-academic-'));
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), uploadsDir: uploads, bodyLimit: 64 * 1024 },
      domains: [{ name: 'academic', plugin: academicDomain }],
      clientDir: null,
    });
    await app.ready();

    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('countries').values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' }).execute();
    const faculty = await id('faculties', { code: 'FCI', name: 'Computers', name_local: 'الحاسبات' });
    const program = await id('programs', {
      faculty_id: faculty,
      code: 'CS',
      name: 'Computer Science',
      name_local: 'علوم الحاسب',
    });
    const t1 = await id('terms', {
      code: 'F25',
      name: 'Fall 2025',
      name_local: 'خريف 2025',
      year: 2025,
      start_date: '2025-09-20',
      end_date: '2026-01-20',
    });
    const t2 = await id('terms', {
      code: 'S26',
      name: 'Spring 2026',
      name_local: 'ربيع 2026',
      year: 2025,
      start_date: '2026-02-10',
      end_date: '2026-06-10',
    });
    const now = await id('terms', {
      code: 'F26',
      name: 'Fall 2026',
      name_local: 'خريف 2026',
      year: 2026,
      start_date: '2026-09-20',
      end_date: '2027-01-20',
      is_current: true,
    });
    const course = (code: string, hours: number, level: number) =>
      id('courses', {
        faculty_id: faculty,
        code,
        name: `Course ${code}`,
        name_local: `مقرر ${code}`,
        credit_hours: hours,
        level,
      });
    ids.cs101 = await course('CS101', 3, 1);
    ids.cs102 = await course('CS102', 4, 1);
    ids.ma101 = await course('MA101', 2, 1);
    ids.cs201 = await course('CS201', 3, 2);
    ids.cs202 = await course('CS202', 3, 2);
    await db
      .insertInto('course_prerequisites')
      .values([
        { course_id: ids.cs201, prerequisite_id: ids.cs101 },
        { course_id: ids.cs202, prerequisite_id: ids.cs102 },
      ])
      .execute();
    for (const [course_id, level, semester, category_id] of [
      [ids.cs101, 1, 1, 3],
      [ids.cs102, 1, 2, 3],
      [ids.ma101, 1, 1, 2],
      [ids.cs201, 2, 1, 3],
      [ids.cs202, 2, 2, 4],
    ]) {
      await db
        .insertInto('study_plan_courses')
        .values({ program_id: program, course_id, level, semester, category_id })
        .execute();
    }
    const offering = (course_id: number, term_id: number) => id('offerings', { course_id, term_id, max_mark: 100 });
    const room = await id('rooms', {
      building_id: await id('buildings', { code: 'B1', name: 'Main', name_local: 'الرئيسي' }),
      code: 'H101',
      capacity: 120,
    });
    ids.o201 = await offering(ids.cs201, now);
    ids.o102now = await offering(ids.cs102, now);
    ids.s201 = await id('sections', { offering_id: ids.o201, code: 'L1', capacity: 40 });
    ids.s102 = await id('sections', { offering_id: ids.o102now, code: 'L1', capacity: 40 });
    await db
      .insertInto('slots')
      .values([
        { section_id: ids.s201, day: 3, start_time: '10:15', end_time: '11:45', room_id: room, kind_id: 1 },
        { section_id: ids.s201, day: 1, start_time: '08:30', end_time: '10:00', room_id: room, kind_id: 1 },
        { section_id: ids.s102, day: 2, start_time: '12:00', end_time: '13:30', room_id: room, kind_id: 1 },
      ])
      .execute();
    await db
      .insertInto('exam_schedules')
      .values([
        {
          offering_id: ids.o201,
          term_id: now,
          kind_id: 2,
          exam_date: '2027-01-10',
          start_time: '09:00',
          end_time: '12:00',
          room_id: room,
        },
        {
          offering_id: ids.o201,
          term_id: now,
          kind_id: 1,
          exam_date: '2026-11-08',
          start_time: '09:00',
          end_time: '10:30',
          room_id: room,
        },
      ])
      .execute();

    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    await db
      .updateTable('students')
      .set({ program_id: program, level: 2, name: 'Ali Hassan' })
      .where('id', '=', ali.student_id!)
      .execute();
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    instructor = await createUser(db, { type: 4, roles: ['instructor'] });

    const reg = async (
      student_id: number,
      course_id: number,
      term_id: number,
      status_code: number,
      grade: number | null,
      section_id?: number,
    ) =>
      db
        .insertInto('registrations')
        .values({
          student_id,
          offering_id: await offering(course_id, term_id),
          term_id,
          status_code,
          grade,
          max_mark: 100,
          ...(section_id ? { section_id } : {}),
        })
        .execute();
    // Fall 2025: CS101 91 (A, 4.0 x 3), CS102 40 (F, 0 x 4), MA101 withdrawn (no grade).
    await reg(ali.student_id!, ids.cs101, t1, 2, 91);
    await reg(ali.student_id!, ids.cs102, t1, 2, 40);
    await reg(ali.student_id!, ids.ma101, t1, 5, null);
    // Spring 2026: MA101 76 (B, 3.0 x 2); a rejected request is not history.
    await reg(ali.student_id!, ids.ma101, t2, 2, 76);
    await reg(ali.student_id!, ids.cs202, t2, 13, null);
    // Fall 2026 (current): CS201 registered, CS102 retaken with a drop request open, a removed request.
    await db
      .insertInto('registrations')
      .values([
        {
          student_id: ali.student_id,
          offering_id: ids.o201,
          section_id: ids.s201,
          term_id: now,
          status_code: 2,
          max_mark: 100,
        },
        {
          student_id: ali.student_id,
          offering_id: ids.o102now,
          section_id: ids.s102,
          term_id: now,
          status_code: 4,
          max_mark: 100,
        },
      ])
      .execute();
    await reg(ali.student_id!, ids.cs202, now, 14, null);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it('taken courses: past terms only, with marks, letters and the cumulative GPA of the latest attempts', async () => {
    const { status, body } = await call(app, 'GET', '/api/sis/students/academic/taken-courses', { token: ali.token });
    expect(status).toBe(200);
    expect(body.data.map((r: any) => [r.code, r.term_code, r.letter, r.points])).toEqual([
      ['CS101', 'F25', 'A', 4],
      ['CS102', 'F25', 'F', 0],
      ['MA101', 'F25', 'W', null],
      ['MA101', 'S26', 'B', 3],
    ]);
    // (3 x 4.0 + 4 x 0 + 2 x 3.0) / 9 = 2.0; earned 3 + 2
    expect(body.meta).toMatchObject({ count: 4, gpa: 2, earned_hours: 5, attempted_hours: 9 });
  });

  it('terms grades: one entry per past term with its GPA and the cumulative GPA after it', async () => {
    const { status, body } = await call(app, 'GET', '/api/sis/students/academic/terms-grades', {
      token: ali.token,
      lang: 'ar',
    });
    expect(status).toBe(200);
    expect(
      body.data.map((t: any) => [
        t.code,
        t.name_local,
        t.courses.length,
        t.term_gpa,
        t.term_hours,
        t.cumulative_gpa,
        t.cumulative_earned_hours,
      ]),
    ).toEqual([
      ['F25', 'خريف 2025', 3, 1.71, 7, 1.71, 3], // 12 / 7
      ['S26', 'ربيع 2026', 1, 3, 2, 2, 5],
    ]);
  });

  it("study plan: each plan course with the student's state (passed, registered, failed, remaining)", async () => {
    const { status, body } = await call(app, 'GET', '/api/sis/students/academic/study-plan', { token: ali.token });
    expect(status).toBe(200);
    expect(
      body.data.map((r: any) => [r.code, r.level, r.semester, r.category_id, r.state_id, r.prerequisites]),
    ).toEqual([
      ['CS101', 1, 1, 3, 1, ''],
      ['MA101', 1, 1, 2, 1, ''],
      ['CS102', 1, 2, 3, 2, ''],
      ['CS201', 2, 1, 3, 2, 'CS101'],
      ['CS202', 2, 2, 4, 4, 'CS102'],
    ]);
    expect(body.meta).toMatchObject({ total_hours: 15, passed_hours: 5, registered_hours: 7, remaining_hours: 10 });
  });

  it('my courses, one course with slots and exams, my exams, my timetable', async () => {
    const list = await call(app, 'POST', '/api/sis/students/courses', {
      token: ali.token,
      body: { page: 1, perPage: 10 },
    });
    expect(list.status).toBe(200);
    expect(list.body.meta.count).toBe(2);
    expect(list.body.data.map((r: any) => [r.code, r.status_code, r.section])).toEqual([
      ['CS102', 4, 'L1'],
      ['CS201', 2, 'L1'],
    ]);

    const found = await call(app, 'POST', '/api/sis/students/courses', {
      token: ali.token,
      body: { search: 'cs20', page: 1, perPage: 10 },
    });
    expect(found.body.data.map((r: any) => r.code)).toEqual(['CS201']);
    expect(found.body.meta.count).toBe(1);

    const one = await call(app, 'GET', `/api/sis/students/courses/${ids.cs201}`, { token: ali.token, lang: 'ar' });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ code: 'CS201', course: 'مقرر CS201', credit_hours: 3 });
    expect(one.body.data.slots.map((s: any) => [s.day, s.start_time, s.end_time, s.room])).toEqual([
      [1, '08:30', '10:00', 'H101'],
      [3, '10:15', '11:45', 'H101'],
    ]);
    expect(one.body.data.exams.map((e: any) => [e.kind_id, e.exam_date])).toEqual([
      [1, '2026-11-08'],
      [2, '2027-01-10'],
    ]);

    const notHeld = await call(app, 'GET', `/api/sis/students/courses/${ids.cs202}`, { token: ali.token, lang: 'ar' });
    expect(notHeld.status).toBe(404);
    expect(notHeld.body.error).toBe('أنت غير مسجل في هذا المقرر في الفصل الحالي');
    expect((await call(app, 'GET', '/api/sis/students/courses/abc', { token: ali.token })).status).toBe(422);

    const exams = await call(app, 'POST', '/api/sis/students/exam-schedules', { token: ali.token, body: {} });
    expect(exams.status).toBe(200);
    expect(exams.body.data.map((e: any) => [e.code, e.kind_id, e.start_time, e.room])).toEqual([
      ['CS201', 1, '09:00', 'H101'],
      ['CS201', 2, '09:00', 'H101'],
    ]);

    const week = await call(app, 'GET', '/api/sis/students/academic/schedule', { token: ali.token });
    expect(week.status).toBe(200);
    expect(week.body.data.map((s: any) => [s.day, s.code])).toEqual([
      [1, 'CS201'],
      [2, 'CS102'],
      [3, 'CS201'],
    ]);
  });

  it("a current course's mark reaches the student only once its results are published", async () => {
    const reg = await db
      .selectFrom('registrations')
      .select('id')
      .where('offering_id', '=', ids.o201)
      .where('student_id', '=', ali.student_id!)
      .executeTakeFirstOrThrow();
    await db.updateTable('registrations').set({ grade: 88 }).where('id', '=', reg.id).execute();
    const mine = async () => {
      const list = await call(app, 'POST', '/api/sis/students/courses', { token: ali.token, body: {} });
      const one = await call(app, 'GET', `/api/sis/students/courses/${ids.cs201}`, { token: ali.token });
      return [list.body.data.find((r: any) => r.code === 'CS201'), one.body.data];
    };
    try {
      // draft (the instructor may still change it): no mark, letter or maximum
      for (const c of await mine())
        expect(c).toMatchObject({ results_published: false, grade: null, letter: null, max_mark: null });
      await db.updateTable('offerings').set({ control_status_id: 2 }).where('id', '=', ids.o201).execute(); // published
      for (const c of await mine()) expect(c).toMatchObject({ results_published: true, grade: 88, max_mark: 100 });
      expect((await mine())[1].letter).toBeTruthy();
    } finally {
      await db.updateTable('offerings').set({ control_status_id: 1 }).where('id', '=', ids.o201).execute();
      await db.updateTable('registrations').set({ grade: null }).where('id', '=', reg.id).execute();
    }
  });

  it("a student never reads another's records; staff read any with ?student_id=; bad input is refused clearly", async () => {
    const other = await call(app, 'GET', `/api/sis/students/academic/taken-courses?student_id=${ali.student_id}`, {
      token: mona.token,
    });
    expect(other.status).toBe(403);
    const own = await call(app, 'GET', `/api/sis/students/academic/taken-courses?student_id=${mona.student_id}`, {
      token: mona.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([]);

    const staff = await call(app, 'GET', `/api/sis/students/academic/taken-courses?student_id=${ali.student_id}`, {
      token: registrar.token,
    });
    expect(staff.status).toBe(200);
    expect(staff.body.meta.count).toBe(4);
    const noStudent = await call(app, 'GET', '/api/sis/students/academic/taken-courses', {
      token: registrar.token,
      lang: 'ar',
    });
    expect(noStudent.status).toBe(422);
    expect(noStudent.body.error).toContain('اختر طالبًا');
    expect(
      (await call(app, 'GET', '/api/sis/students/academic/study-plan?student_id=x1', { token: registrar.token }))
        .status,
    ).toBe(422);
    expect(
      (await call(app, 'GET', '/api/sis/students/academic/study-plan?student_id=999999', { token: registrar.token }))
        .status,
    ).toBe(404);
    // an instructor without access_users reads nobody's
    expect(
      (
        await call(app, 'GET', `/api/sis/students/academic/terms-grades?student_id=${ali.student_id}`, {
          token: instructor.token,
        })
      ).status,
    ).toBe(403);
    expect((await call(app, 'GET', '/api/sis/students/academic/terms-grades')).status).toBe(401);
  });

  it("standing: the study plan's warnings against the student's bylaw, what remains, the suspension", async () => {
    const faculty = Number((await db.selectFrom('faculties').select('id').executeTakeFirstOrThrow()).id);
    const bylaw = Number(
      (
        await db
          .insertInto('bylaws')
          .values({
            faculty_id: faculty,
            code: 'B2024',
            name: 'Bylaw 2024',
            max_consecutive_warnings: 3,
            max_total_warnings: 6,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const set = (values: Record<string, unknown>) =>
      db.updateTable('students').set(values).where('id', '=', mona.student_id!).execute();
    try {
      const none = await call(app, 'GET', '/api/sis/students/academic/standing', { token: mona.token });
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({
        consecutive: 0,
        max_consecutive: null,
        consecutive_remaining: null,
        dismissed: false,
      });
      await set({ bylaw_id: bylaw, consecutive_warnings: 1, total_warnings: 4 });
      const warned = await call(app, 'GET', '/api/sis/students/academic/standing', { token: mona.token });
      expect(warned.body).toEqual({
        consecutive: 1,
        total: 4,
        max_consecutive: 3,
        max_total: 6,
        consecutive_remaining: 2,
        total_remaining: 2,
        dismissed: false,
      });
      await set({ total_warnings: 6 });
      const staff = await call(app, 'GET', `/api/sis/students/academic/standing?student_id=${mona.student_id}`, {
        token: registrar.token,
      });
      expect(staff.body).toMatchObject({ total_remaining: 0, dismissed: true });
      expect(
        (
          await call(app, 'GET', `/api/sis/students/academic/standing?student_id=${mona.student_id}`, {
            token: ali.token,
          })
        ).status,
      ).toBe(403);
    } finally {
      await set({ bylaw_id: null, consecutive_warnings: 0, total_warnings: 0 });
    }
  });

  it('photo: a default avatar with initials, the uploaded image once there is one, own or staff only', async () => {
    const avatar = await app.inject({
      method: 'GET',
      url: `/api/sis/photo/${ali.student_id}?hash=0.123`,
      headers: { authorization: `Bearer ${ali.token}` },
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.body).toContain('>AH</text>');

    fs.mkdirSync(path.join(uploads, 'photos'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'photos', 'ali.png'), PNG);
    await db
      .updateTable('students')
      .set({ photo: JSON.stringify('photos/ali.png') })
      .where('id', '=', ali.student_id!)
      .execute();
    const photo = await app.inject({
      method: 'GET',
      url: `/api/sis/photo/${ali.student_id}?hash=2`,
      headers: { authorization: `Bearer ${registrar.token}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.rawPayload, PNG)).toBe(0);

    // a path outside the uploads folder, or a file that is not an image, is never served
    fs.writeFileSync(path.join(uploads, 'photos', 'fake.png'), 'not an image');
    for (const bad of ['../../../etc/passwd', 'photos/fake.png', '/etc/hostname']) {
      await db
        .updateTable('students')
        .set({ photo: JSON.stringify(bad) })
        .where('id', '=', ali.student_id!)
        .execute();
      const res = await app.inject({
        method: 'GET',
        url: `/api/sis/photo/${ali.student_id}`,
        headers: { authorization: `Bearer ${ali.token}` },
      });
      expect(res.headers['content-type']).toContain('image/svg+xml');
    }

    const forbidden = await call(app, 'GET', `/api/sis/photo/${ali.student_id}?hash=1`, {
      token: mona.token,
      lang: 'ar',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('يمكنك الاطلاع على صورتك فقط');
    expect((await call(app, 'GET', '/api/sis/photo/999999', { token: registrar.token })).status).toBe(404);
    expect((await call(app, 'GET', `/api/sis/photo/${ali.student_id}`)).status).toBe(401);
  });
});
