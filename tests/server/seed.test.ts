/**
 * The seed on a real database (PGlite, and TEST_DATABASE_URL's server when set), with the real
 * manifest: the demo university, its demo accounts, idempotence, and the production start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo/index.ts';
import { currentTermOf } from '../../server/db/seed/demo/terms.ts';
import { demoAllowed, seed, type SeedResult } from '../../server/db/seed/index.ts';
import { takenCourses } from '../../server/domains/academic/records.ts';
import { authDomain } from '../../server/domains/auth/plugin.ts';
import { domains } from '../../server/domains/index.ts';
import { verifyPassword } from '../../server/domains/auth/passwords.ts';
import { EntityValidator } from '../../server/resources/validation.ts';
import { BACKENDS, call, openTestDatabase, type TestDatabase } from './harness.ts';

const manifest = JSON.parse(fs.readFileSync(path.resolve('.generated/manifest.json'), 'utf8')) as Manifest;
const TODAY = new Date(Date.UTC(2026, 10, 22));
const ARABIC = /^[\u0600-\u06FF\s0-9().-]+$/;

async function count(db: Kysely<any>, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
    db,
  );
  return rows[0]!.n;
}

async function counts(db: Kysely<any>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const entity of Object.values(manifest.entities)) out[entity.name] = await count(db, entity.table);
  return out;
}

async function rolesOf(db: Kysely<any>, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.role')
    .where('u.email', '=', email)
    .orderBy('r.role')
    .execute();
  return rows.map((r) => String(r.role));
}

describe.each(BACKENDS)('demo seed on $name', (backend) => {
  let database: TestDatabase;
  let db: Kysely<any>;
  let result: SeedResult;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest);
    result = await seed(db, manifest, { demo: true, today: TODAY });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('reports the demo it loaded and creates no generated administrator', () => {
    expect(result.admin).toBeUndefined();
    expect(result.demo?.counts.students).toBeGreaterThanOrEqual(2000);
    console.log(`demo seed on ${backend.name}: ${result.demo?.ms} ms`, result.demo?.counts);
  });

  it('loads at least 2,000 students, each signing in as a type-3 user with the student role', async () => {
    expect(await count(db, 'students')).toBeGreaterThanOrEqual(2000);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from students s
      join users u on u.id = s.user_id and u.type = 3
      join user_roles r on r.user_id = u.id and r.role = 'student'`.execute(db);
    expect(rows[0]!.n).toBe(await count(db, 'students'));
    expect(
      await count(db, 'students', sql`advisor_id is null or admission_term_id is null or program_id is null`),
    ).toBe(0);
  });

  it('creates the six demo accounts with their roles and the demo password', async () => {
    const expected: Record<string, string[]> = {
      [DEMO_ACCOUNTS.student.email]: ['student'],
      [DEMO_ACCOUNTS.advisor.email]: ['advisor', 'instructor'],
      [DEMO_ACCOUNTS.instructor.email]: ['instructor'],
      [DEMO_ACCOUNTS.registrar.email]: ['registrar'],
      [DEMO_ACCOUNTS.finance.email]: ['finance', 'finance_officer'],
    };
    for (const [email, roles] of Object.entries(expected)) expect(await rolesOf(db, email), email).toEqual(roles);
    expect(await rolesOf(db, DEMO_ACCOUNTS.admin.email)).toContain('admin');
    const admin = await db
      .selectFrom('users')
      .select(['type', 'password_hash'])
      .where('email', '=', DEMO_ACCOUNTS.admin.email)
      .executeTakeFirstOrThrow();
    expect(admin.type).toBe(4);
    expect(await verifyPassword(admin.password_hash, DEMO_PASSWORD)).toBe(true);
    // One hash for every demo user: hashing 2,500 times would take minutes.
    expect(await count(db, 'users', sql`password_hash <> ${admin.password_hash}`)).toBe(0);
    const student = await db
      .selectFrom('students')
      .select(['id', 'advisor_id'])
      .where('email', '=', DEMO_ACCOUNTS.student.email)
      .executeTakeFirstOrThrow();
    const advisor = await db
      .selectFrom('instructors')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.advisor.email)
      .executeTakeFirstOrThrow();
    expect(student.advisor_id).toBe(advisor.id);
    expect(await count(db, 'registrations', sql`student_id = ${student.id}`)).toBeGreaterThan(0);
  });

  it('signs the registrar in with the demo password and lists students through the API', async () => {
    const app = await buildApp({
      manifest,
      db,
      config: loadConfig({}),
      domains: [{ name: 'auth', plugin: authDomain, prefix: '' }],
      clientDir: null,
    });
    try {
      const login = await call(app, 'POST', '/api/sis/login', {
        body: { email: DEMO_ACCOUNTS.registrar.email, password: DEMO_PASSWORD },
      });
      expect(login.status).toBe(200);
      const list = await call(app, 'POST', '/api/sis/students', {
        token: login.body.token,
        body: { search: 'ahmed', perPage: 10 },
      });
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(10);
      expect(list.body.meta.count).toBeGreaterThan(10);
    } finally {
      await app.close();
    }
  });

  it("stores each student's GPA and earned hours as the academic records compute them from the grade history", async () => {
    const ids = (await db.selectFrom('students').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    const sample = ids.filter((_, i) => i % 60 === 0); // the demo student first, then every 60th
    let withHistory = 0;
    const gpas = new Set<number>();
    for (const id of sample) {
      const stored = await db
        .selectFrom('students')
        .select(['gpa', 'earned_hours'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { meta } = await takenCourses(db, manifest, id);
      expect(
        { gpa: stored.gpa === null ? null : Number(stored.gpa), earned_hours: Number(stored.earned_hours) },
        `student ${id}`,
      ).toEqual({ gpa: meta.gpa, earned_hours: meta.earned_hours });
      if (meta.gpa !== null) {
        withHistory += 1;
        gpas.add(meta.gpa);
      }
    }
    expect(withHistory).toBeGreaterThan(sample.length / 2);
    expect(gpas.size).toBeGreaterThan(5);
    // Warnings follow the stored GPA (under 2), not a figure of their own.
    expect(await count(db, 'students', sql`(gpa is null or gpa >= 2) and total_warnings > 0`)).toBe(0);
    expect(await count(db, 'students', sql`gpa < 2 and total_warnings = 0`)).toBe(0);
  });

  it('plans every course in a semester of its level, a course after its same-level prerequisite, with categories', async () => {
    expect(
      await count(db, 'study_plan_courses', sql`semester not in (1, 2) or semester is null or category_id is null`),
    ).toBe(0);
    // Every program with a plan uses both semesters.
    const { rows: programs } = await sql<{ program_id: number; semesters: number }>`
      select program_id, count(distinct semester)::int as semesters from study_plan_courses group by program_id`.execute(
      db,
    );
    expect(programs.length).toBeGreaterThan(10);
    for (const p of programs) expect(p.semesters, `program ${p.program_id}`).toBe(2);
    const misplaced = await sql`select p.id from study_plan_courses p
      join course_prerequisites cp on cp.course_id = p.course_id
      join study_plan_courses q on q.program_id = p.program_id and q.course_id = cp.prerequisite_id and q.level = p.level
      where q.semester >= p.semester`.execute(db);
    expect(misplaced.rows).toEqual([]);
    expect(await count(db, 'study_plan_courses', sql`category_id = 2`)).toBeGreaterThan(0); // faculty requirements
    expect(await count(db, 'study_plan_courses', sql`category_id = 3 and required`)).toBeGreaterThan(0);
    expect(await count(db, 'study_plan_courses', sql`category_id = 4 and not required`)).toBeGreaterThan(0);
    expect(await count(db, 'study_plan_courses', sql`category_id = 4 and required`)).toBe(0);
  });

  it('leaves the demo student courses of their level to request, with seats left, beside refused ones', async () => {
    const app = await buildApp({ manifest, db, config: loadConfig({}), domains, clientDir: null });
    try {
      const login = await call(app, 'POST', '/api/sis/login', {
        body: { email: DEMO_ACCOUNTS.student.email, password: DEMO_PASSWORD },
      });
      expect(login.status).toBe(200);
      const student = await db
        .selectFrom('students')
        .select(['id', 'level'])
        .where('email', '=', DEMO_ACCOUNTS.student.email)
        .executeTakeFirstOrThrow();
      const { status, body } = await call(app, 'GET', '/api/sis/registrations/students/available-offerings', {
        token: login.body.token,
      });
      expect(status).toBe(200);
      type Section = { seats_left: number; clashes: unknown[] };
      const offerings = body.data as Array<{
        course: { code: string; level: number };
        requested: boolean;
        problems: unknown[];
        sections: Section[];
      }>;
      const shown = JSON.stringify(
        offerings.map((o) => [
          o.course.code,
          o.requested,
          o.problems,
          o.sections.map((s) => [s.seats_left, s.clashes.length]),
        ]),
      );
      expect(offerings.filter((o) => o.requested).length, shown).toBeGreaterThanOrEqual(2); // tests/e2e/registration.test.ts withdraws two
      // A course of the student's level to request: no refusal, a section with seats and no clash.
      const open = offerings.filter(
        (o) =>
          !o.requested &&
          o.course.level === Number(student.level) &&
          o.problems.length === 0 &&
          o.sections.some((s) => s.seats_left > 0 && s.clashes.length === 0),
      );
      expect(open.length, shown).toBeGreaterThan(0);
      expect(
        offerings.some((o) => !o.requested && o.problems.length > 0),
        shown,
      ).toBe(true); // refusals (level, passed)
      expect(
        offerings.some((o) => !o.requested && o.sections.some((s) => s.clashes.length > 0)),
        shown,
      ).toBe(true);
      // The courses the student holds never clash with one another.
      const clashing = await sql`select a.id from registrations a
        join slots sa on sa.section_id = a.section_id
        join registrations b on b.student_id = a.student_id and b.term_id = a.term_id and b.id > a.id
        join slots sb on sb.section_id = b.section_id and sb.day = sa.day and sb.start_time < sa.end_time and sa.start_time < sb.end_time
        where a.student_id = ${student.id}`.execute(db);
      expect(clashing.rows).toEqual([]);
      // The taken courses page shows the figures the student row holds.
      const taken = await call(app, 'GET', '/api/sis/students/academic/taken-courses', { token: login.body.token });
      expect(taken.status).toBe(200);
      const stored = await db
        .selectFrom('students')
        .select(['gpa', 'earned_hours'])
        .where('id', '=', student.id)
        .executeTakeFirstOrThrow();
      expect([taken.body.meta.gpa, taken.body.meta.earned_hours]).toEqual([
        Number(stored.gpa),
        Number(stored.earned_hours),
      ]);
    } finally {
      await app.close();
    }
  });

  it('has exactly one current term, the one running on the given day, with a later admission term', async () => {
    const current = await db.selectFrom('terms').selectAll().where('is_current', '=', true).execute();
    expect(current).toHaveLength(1);
    expect(current[0]!.start_date <= '2026-11-22' && current[0]!.end_date >= '2026-11-22').toBe(true);
    expect(currentTermOf(TODAY)).toMatchObject({ season: 'fall', year: 2026 });
    const admission = await db
      .selectFrom('terms')
      .select('start_date')
      .where('is_admission_ug', '=', true)
      .executeTakeFirstOrThrow();
    expect(admission.start_date > current[0]!.start_date).toBe(true);
  });

  it('offers courses in the current term with sections, capacities and weekly slots in rooms', async () => {
    const { rows } = await sql<{ offerings: number; sections: number; slots: number; empty: number }>`
      select count(distinct o.id)::int as offerings, count(distinct s.id)::int as sections, count(distinct sl.id)::int as slots,
        count(distinct s.id) filter (where s.capacity is null or s.capacity <= 0)::int as empty
      from offerings o join terms t on t.id = o.term_id and t.is_current
      join sections s on s.offering_id = o.id left join slots sl on sl.section_id = s.id`.execute(db);
    expect(rows[0]!.offerings).toBeGreaterThanOrEqual(100);
    expect(rows[0]!.sections).toBeGreaterThan(rows[0]!.offerings);
    expect(rows[0]!.slots).toBeGreaterThanOrEqual(rows[0]!.sections);
    expect(rows[0]!.empty).toBe(0);
    expect(await count(db, 'slots', sql`room_id is null or end_time <= start_time`)).toBe(0);
    const clashes = await sql`select room_id, day, start_time from slots group by 1, 2, 3 having count(*) > 1`.execute(
      db,
    );
    expect(clashes.rows).toEqual([]);
    const overfull =
      await sql`select s.id from sections s join slots sl on sl.section_id = s.id join rooms r on r.id = sl.room_id where r.capacity < s.capacity`.execute(
        db,
      );
    expect(overfull.rows).toEqual([]);
  });

  it('links courses to prerequisites of the same department at a lower or equal level', async () => {
    expect(await count(db, 'course_prerequisites')).toBeGreaterThanOrEqual(100);
    const wrong =
      await sql`select p.id from course_prerequisites p join courses c on c.id = p.course_id join courses q on q.id = p.prerequisite_id
      where q.level > c.level or q.department_id <> c.department_id or q.id = c.id`.execute(db);
    expect(wrong.rows).toEqual([]);
  });

  it('names the structure in English and Arabic', async () => {
    for (const table of ['faculties', 'departments', 'programs', 'bylaws', 'courses', 'terms', 'buildings']) {
      const rows = await db.selectFrom(table).select(['name', 'name_local']).execute();
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.name, table).toMatch(/^[A-Za-z0-9 ,'()-]+$/);
        expect(row.name_local, `${table}: ${row.name}`).toMatch(ARABIC);
      }
    }
    expect(await count(db, 'faculties', sql`dean_id is null`)).toBe(0);
  });

  it('writes rows that pass the entity rules a client would be held to', async () => {
    const validator = new EntityValidator(manifest);
    for (const name of [
      'students',
      'users',
      'instructors',
      'courses',
      'terms',
      'programs',
      'rooms',
      'sections',
      'slots',
    ]) {
      const entity = manifest.entities[name]!;
      const rows = await db.selectFrom(entity.table).selectAll().orderBy('id').limit(400).execute();
      for (const row of rows) expect(() => validator.check(entity, row, null), `${name} ${row.id}`).not.toThrow();
    }
  });

  it('sets the university flags as "true"/"false" strings', async () => {
    const rows = await db.selectFrom('settings').select(['name', 'value']).execute();
    const settings = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    for (const flag of [
      'attendance_with_qr_code',
      'lazy_admission',
      'pay_with_fawry',
      'pay_with_credit_card',
      'pay_with_voucher',
    ]) {
      expect(['true', 'false'], flag).toContain(settings[flag]);
    }
    expect(settings.favicon).toBeTruthy();
  });

  it('adds nothing when seeded again, in either mode', async () => {
    const before = await counts(db);
    expect(await seed(db, manifest, { demo: true, today: TODAY })).toEqual({});
    expect(await seed(db, manifest, { demo: false })).toEqual({});
    expect(await counts(db)).toEqual(before);
  });

  it('leaves identity sequences past the seeded ids', async () => {
    const row = await db
      .insertInto('faculties')
      .values({ code: 'NEW', name: 'New Faculty' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(6);
  });
});

/** The manifest with a users column marking a password to be changed (added when the YAML lacks it). */
function withMustChange(): Manifest {
  const copy = structuredClone(manifest);
  copy.entities.users!.fields.must_change_password ??= {
    name: 'must_change_password',
    type: 'boolean',
    label: { en: 'Must change password', ar: 'يجب تغيير كلمة المرور' },
    required: false,
    unique: false,
    rules: [],
    search: false,
    serverOnly: true,
    readOnly: true,
    default: false,
  };
  return copy;
}

describe.each(BACKENDS)('production seed on $name', (backend) => {
  let database: TestDatabase;
  let db: Kysely<any>;
  const productionManifest = withMustChange();
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, productionManifest);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('creates only the administrator, with a one-time password, and no demo data', async () => {
    const result = await seed(db, productionManifest, { demo: false, adminEmail: 'root@university.example' });
    expect(result.demo).toBeUndefined();
    expect(result.admin).toMatchObject({ email: 'root@university.example', generated: true });
    expect(result.admin!.password.length).toBeGreaterThanOrEqual(16);
    const users = await db
      .selectFrom('users')
      .select(['email', 'type', 'password_hash', 'must_change_password'])
      .execute();
    expect(users.map((u) => u.email)).toEqual(['root@university.example']);
    expect(users[0]!.type).toBe(4);
    expect(users[0]!.must_change_password).toBe(true);
    expect(await verifyPassword(users[0]!.password_hash, result.admin!.password)).toBe(true);
    expect(await rolesOf(db, 'root@university.example')).toContain('admin');
    for (const table of ['students', 'faculties', 'terms', 'courses', 'instructors', 'settings'])
      expect(await count(db, table), table).toBe(0);
    expect(await count(db, 'countries', sql`id = 64 and code = 'EGY'`)).toBe(1);
    expect(await seed(db, productionManifest, { demo: false })).toEqual({});
    expect(await seed(db, productionManifest, { demo: true })).toEqual({});
    expect(await count(db, 'users')).toBe(1);
  });

  it('never loads the demo when NODE_ENV is production', () => {
    expect(demoAllowed({ demo: true }, { NODE_ENV: 'production' })).toBe(false);
    expect(demoAllowed({ demo: true }, { NODE_ENV: 'development' })).toBe(true);
    expect(demoAllowed({ demo: false }, {})).toBe(false);
  });
});
