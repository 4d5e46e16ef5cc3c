/**
 * The dashboard domain (portal-core sections 3 and 7) against the screens/ entities: GET
 * /students/dashboard answers the signed-in user's own figures (a student never sees another's),
 * staff get counts, and the administrator's POST /dashboard/counts, /faculty, /activities and
 * /payment sit behind admin_system. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
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
import { dashboardDomain } from '../../server/domains/dashboard/plugin.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

describe.skipIf(!manifest).each(BACKENDS)('dashboard on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let ali: TestUser;
  let mona: TestUser;
  let registrar: TestUser;
  let admin: TestUser;
  let instructor: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [{ name: 'dashboard', plugin: dashboardDomain }],
      clientDir: null,
    });
    await app.ready();

    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('countries').values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' }).execute(); // students' default nationality
    const faculty = await id('faculties', { code: 'ENG', name: 'Faculty of Engineering', name_local: 'كلية الهندسة' });
    const other = await id('faculties', { code: 'SCI', name: 'Faculty of Science', name_local: 'كلية العلوم' });
    const cs = await id('programs', {
      faculty_id: faculty,
      code: 'CS',
      name: 'Computer Engineering',
      name_local: 'هندسة الحاسبات',
    });
    const bio = await id('programs', { faculty_id: other, code: 'BIO', name: 'Biology', name_local: 'الأحياء' });
    const current = await id('terms', {
      code: 'F26',
      name: 'Fall 2026',
      name_local: 'خريف 2026',
      year: 2026,
      start_date: '2026-09-01',
      end_date: '2027-01-15',
      is_current: true,
    });
    const past = await id('terms', {
      code: 'S26',
      name: 'Spring 2026',
      name_local: 'ربيع 2026',
      year: 2026,
      start_date: '2026-02-01',
      end_date: '2026-06-15',
    });
    const course = async (code: string, hours: number) =>
      id('courses', { faculty_id: faculty, code, name: code, credit_hours: hours });
    const [c1, c2, c3, c4] = [
      await course('CSE101', 3),
      await course('CSE102', 4),
      await course('BIO101', 2),
      await course('CSE201', 3),
    ];
    const offering = async (course_id: number, term_id: number) => id('offerings', { course_id, term_id });
    const [o1, o2, o3, old] = [
      await offering(c1, current),
      await offering(c2, current),
      await offering(c3, current),
      await offering(c4, past),
    ];

    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: other } });
    await db
      .updateTable('students')
      .set({ program_id: cs, level: 2, gpa: 3 })
      .where('id', '=', ali.student_id!)
      .execute();
    await db
      .updateTable('students')
      .set({ program_id: bio, level: 4, gpa: 2.91 })
      .where('id', '=', mona.student_id!)
      .execute();
    const register = (student_id: number, offering_id: number, term_id: number, status_code: number) =>
      db.insertInto('registrations').values({ student_id, offering_id, term_id, status_code }).execute();
    // Ali: two courses held this term (3 + 4 hours), one rejected, one of a past term.
    await register(ali.student_id!, o1, current, 2);
    await register(ali.student_id!, o2, current, 3);
    await register(ali.student_id!, o3, current, 13);
    await register(ali.student_id!, old, past, 2);
    // Mona: one course this term (2 hours).
    await register(mona.student_id!, o3, current, 2);

    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    admin = await createUser(db, { type: 4, roles: ['admin'] });
    instructor = await createUser(db, { type: 4, roles: ['instructor'] });

    const now = new Date();
    await db
      .insertInto('access_logs')
      .values([
        { user_id: admin.id, action: 'login', at: now },
        { user_id: admin.id, action: 'update', resource: 'users', at: now },
        { user_id: admin.id, action: 'login', at: new Date(Date.UTC(now.getUTCFullYear() - 3, 0, 1)) },
      ])
      .execute();
    await db
      .insertInto('payments')
      .values([
        { student_id: ali.student_id, billing_kind_id: 1, amount: 1500.5, currency_id: 1, status_id: 2, paid_at: now },
        { student_id: mona.student_id, billing_kind_id: 1, amount: 1000, currency_id: 1, status_id: 2, paid_at: now },
        { student_id: mona.student_id, billing_kind_id: 1, amount: 700, currency_id: 1, status_id: 1 },
      ])
      .execute();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("GET /students/dashboard: a student's own program, level, GPA, courses and credit hours of the current term", async () => {
    const { status, body } = await call(app, 'GET', '/api/sis/students/dashboard', { token: ali.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      program: 'Computer Engineering',
      level: 2,
      gpa: 3,
      current_term: 'Fall 2026',
      registered_courses: 2,
      credit_hours: 7,
      warnings: {
        consecutive: 0,
        total: 0,
        max_consecutive: null,
        max_total: null,
        consecutive_remaining: null,
        total_remaining: null,
        dismissed: false,
      },
    });
    // flat scalars only, but the warnings: every other entry is a figure card
    for (const [key, value] of Object.entries(body))
      if (key !== 'warnings') expect(value === null || typeof value !== 'object').toBe(true);
  });

  it("one student's dashboard never shows another's data, whatever the request says", async () => {
    const mine = await call(app, 'GET', '/api/sis/students/dashboard', { token: mona.token, lang: 'ar' });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      program: 'الأحياء',
      level: 4,
      gpa: 2.91,
      current_term: 'خريف 2026',
      registered_courses: 1,
      credit_hours: 2,
      warnings: {
        consecutive: 0,
        total: 0,
        max_consecutive: null,
        max_total: null,
        consecutive_remaining: null,
        total_remaining: null,
        dismissed: false,
      },
    });
    // a query naming another student changes nothing
    const tried = await call(
      app,
      'GET',
      `/api/sis/students/dashboard?student_id=${ali.student_id}&id=${ali.student_id}`,
      { token: mona.token, lang: 'ar' },
    );
    expect(tried.body).toEqual(mine.body);
    const text = JSON.stringify(mine.body);
    expect(text).not.toContain('هندسة الحاسبات');
    expect(text).not.toContain('Computer Engineering');
  });

  it("the study plan's warnings: counts from the server, what remains before suspension, and the suspension", async () => {
    const faculty = Number(
      (await db.selectFrom('faculties').select('id').where('code', '=', 'SCI').executeTakeFirstOrThrow()).id,
    );
    const bylaw = Number(
      (
        await db
          .insertInto('bylaws')
          .values({
            faculty_id: faculty,
            code: 'SCI2020',
            name: 'Science 2020',
            max_consecutive_warnings: 3,
            max_total_warnings: 5,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const set = (consecutive: number, total: number) =>
      db
        .updateTable('students')
        .set({ bylaw_id: bylaw, consecutive_warnings: consecutive, total_warnings: total })
        .where('id', '=', mona.student_id!)
        .execute();
    try {
      await set(2, 3);
      const dash = await call(app, 'GET', '/api/sis/students/dashboard', { token: mona.token });
      expect(dash.body.warnings).toEqual({
        consecutive: 2,
        total: 3,
        max_consecutive: 3,
        max_total: 5,
        consecutive_remaining: 1,
        total_remaining: 2,
        dismissed: false,
      });
      await set(3, 5);
      const after = await call(app, 'GET', '/api/sis/students/dashboard', { token: mona.token });
      expect(after.body.warnings).toMatchObject({ consecutive_remaining: 0, total_remaining: 0, dismissed: true });
    } finally {
      await set(0, 0);
      await db.updateTable('students').set({ bylaw_id: null }).where('id', '=', mona.student_id!).execute();
    }
  });

  it('GET /students/dashboard: staff get the counts they may see; a Guest is refused', async () => {
    const staff = await call(app, 'GET', '/api/sis/students/dashboard', { token: registrar.token });
    expect(staff.status).toBe(200);
    expect(staff.body).toEqual({ students: 2, courses: 4, offerings: 3, current_term: 'Fall 2026' });
    // the instructor may not list every student: no student count
    const teacher = await call(app, 'GET', '/api/sis/students/dashboard', { token: instructor.token });
    expect(teacher.status).toBe(200);
    expect(teacher.body.students).toBeUndefined();
    expect(teacher.body.courses).toBe(4);
    const guest = await call(app, 'GET', '/api/sis/students/dashboard');
    expect(guest.status).toBe(401);
  });

  it("the administrator's POST /dashboard/counts, /faculty, /activities, /payment", async () => {
    const counts = await call(app, 'POST', '/api/sis/dashboard/counts', { token: admin.token, body: {} });
    expect(counts.status).toBe(200);
    expect(counts.body).toMatchObject({ students: 2, faculties: 2, programs: 2, courses: 4, offerings: 3 });
    expect(counts.body.staff).toBeGreaterThanOrEqual(3);

    const faculty = await call(app, 'POST', '/api/sis/dashboard/faculty', { token: admin.token, body: {} });
    expect(faculty.status).toBe(200);
    expect(faculty.body.faculty.map((f: { name: string; students: number }) => [f.name, f.students])).toEqual([
      ['Faculty of Engineering', 1],
      ['Faculty of Science', 1],
    ]);

    const month = new Date().toISOString().slice(0, 7);
    const activities = await call(app, 'POST', '/api/sis/dashboard/activities', { token: admin.token, body: {} });
    expect(activities.status).toBe(200);
    const series = activities.body.activities_per_month as Array<{ month: string; count: number }>;
    expect(series).toHaveLength(12);
    expect(series.at(-1)).toEqual({ month, count: 2 });
    expect(series.reduce((n, s) => n + s.count, 0)).toBe(2); // the entry of three years ago is outside the series

    const payment = await call(app, 'POST', '/api/sis/dashboard/payment', { token: admin.token, body: {} });
    expect(payment.status).toBe(200);
    expect(payment.body.payments_per_month.at(-1)).toEqual({ month, count: 2, amount: 2500.5 });
  });

  it('the /dashboard/* calls need admin_system', async () => {
    for (const path of ['counts', 'faculty', 'activities', 'payment']) {
      expect(
        (await call(app, 'POST', `/api/sis/dashboard/${path}`, { token: registrar.token, body: {} })).status,
        path,
      ).toBe(403);
      expect((await call(app, 'POST', `/api/sis/dashboard/${path}`, { token: ali.token, body: {} })).status, path).toBe(
        403,
      );
      expect((await call(app, 'POST', `/api/sis/dashboard/${path}`, { body: {} })).status, path).toBe(401);
    }
  });
});
