/**
 * Field-level read and write (`access` on an entity field): an instructor's personal email and
 * phone are for staff who manage staff records. A student listing instructors, searching or
 * filtering by those fields, or reading a section's details (its instructor in `related`) never
 * receives them; an admin does. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { makeFaculty, realManifest as manifest } from './finance-helpers.ts';

const EMAIL = 'private.person@example.com';
const PHONE = '01012345678';

describe.skipIf(!manifest).each(BACKENDS)('field-level access on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let student: TestUser;
  let admin: TestUser;
  let sectionId: number;
  let instructorId: number;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({ manifest: manifest!, db, config: loadConfig({}), domains: [], clientDir: null });
    await app.ready();
    await db
      .insertInto('countries')
      .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const faculty = await makeFaculty(db);
    student = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    admin = await createUser(db, { type: 4, roles: ['admin'] });
    instructorId = Number(
      (
        await db
          .insertInto('instructors')
          .values({ code: 'I1', name: 'Dr Private', faculty_id: faculty, email: EMAIL, phone: PHONE })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const course = await db
      .insertInto('courses')
      .values({ faculty_id: faculty, code: 'C101', name: 'Course', credit_hours: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const term = await db
      .insertInto('terms')
      .values({ code: 'T1', name: 'Term', year: 2026, start_date: '2026-09-01', end_date: '2027-01-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const offering = await db
      .insertInto('offerings')
      .values({ course_id: course.id, term_id: term.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    sectionId = Number(
      (
        await db
          .insertInto('sections')
          .values({ offering_id: offering.id, code: 'S1', capacity: 30, instructor_id: instructorId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('lists instructors to a student without their email and phone', async () => {
    const r = await call(app, 'POST', '/api/sis/instructors', { token: student.token, body: {} });
    expect(r.status).toBe(200);
    const row = r.body.data.find((x: { id: number }) => x.id === instructorId);
    expect(row.name).toBe('Dr Private');
    expect(row).not.toHaveProperty('email');
    expect(row).not.toHaveProperty('phone');
    expect(JSON.stringify(r.body)).not.toContain(EMAIL);
    expect(JSON.stringify(r.body)).not.toContain(PHONE);
  });

  it('does not let a student find an instructor by the hidden fields', async () => {
    const search = await call(app, 'POST', '/api/sis/instructors', {
      token: student.token,
      body: { search: 'private.person' },
    });
    expect(search.status).toBe(200);
    expect(search.body.data).toHaveLength(0);
    const filter = await call(app, 'POST', '/api/sis/instructors', {
      token: student.token,
      body: { filters: { phone: PHONE } },
    });
    expect(filter.status).toBe(400);
    const sort = await call(app, 'POST', '/api/sis/instructors', {
      token: student.token,
      body: { sort: { field: 'email', order: 'asc' } },
    });
    expect(sort.status).toBe(400);
  });

  it("keeps them out of a section's details and of the instructor's own record", async () => {
    const details = await call(app, 'GET', `/api/sis/sections/details/${sectionId}`, { token: student.token });
    expect(details.status).toBe(200);
    expect(details.body.related.instructor_id.name).toBe('Dr Private');
    expect(JSON.stringify(details.body)).not.toContain(EMAIL);
    expect(JSON.stringify(details.body)).not.toContain(PHONE);
    const one = await call(app, 'GET', `/api/sis/instructors/${instructorId}`, { token: student.token });
    expect(one.status).toBe(200);
    expect(one.body.data).not.toHaveProperty('email');
  });

  it('shows them to staff who manage staff records, who may also search by them', async () => {
    const r = await call(app, 'POST', '/api/sis/instructors', {
      token: admin.token,
      body: { search: 'private.person' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toMatchObject({ email: EMAIL, phone: PHONE });
    const details = await call(app, 'GET', `/api/sis/sections/details/${sectionId}`, { token: admin.token });
    expect(details.body.related.instructor_id).toMatchObject({ email: EMAIL, phone: PHONE });
  });
});
