/**
 * Terms and courses written by staff through the generic resource API (the YAML forms of
 * /terms/edit and /courses/edit): only with the entity's `access.write` permission; a term's
 * dates in order (screens/registration/term-dates.rules.yaml): start before end, each window
 * opening on or before it closes and closing by the term's end, add/drop and withdrawal opening
 * once the term started. Refusals are 422 field errors in English and Arabic and change nothing,
 * also for an update that sends only one of the two dates compared. On the real screens/
 * manifest; PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { makeFaculty, realManifest } from './finance-helpers.ts';

const TERM = {
  code: 'F2031',
  name: 'Fall 2031',
  name_local: 'خريف 2031',
  year: 2031,
  start_date: '2031-09-20',
  end_date: '2032-01-20',
  registration_start: '2031-08-30',
  registration_end: '2031-09-27',
  add_drop_start: '2031-09-20',
  add_drop_end: '2031-10-04',
  withdraw_start: '2031-10-05',
  withdraw_end: '2031-12-30',
};

describe.skipIf(!realManifest).each(BACKENDS)('terms and courses written by staff on $name', (backend) => {
  let database: TestDatabase;
  let db: Kysely<any>;
  let app: FastifyInstance;
  let registrar: TestUser;
  let faculty: number;
  let sequence = 0;
  const code = () => `T${++sequence}${Date.now() % 100000}`;
  const putTerm = (body: Record<string, unknown>, id?: number, lang?: string) =>
    call(app, 'PUT', `/api/sis/terms${id ? `/${id}` : ''}`, {
      token: registrar.token,
      body,
      ...(lang ? { lang } : {}),
    });
  const stored = async (id: number) =>
    db.selectFrom('terms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, realManifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: realManifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [],
      clientDir: null,
    });
    await app.ready();
    // A student's nationality refers to a country (createUser gives Egypt, 64).
    await db
      .insertInto('countries')
      .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    faculty = await makeFaculty(db, 'TCW');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('a registrar adds a term with registration opening before it starts, and corrects it', async () => {
    const created = await putTerm({ ...TERM, code: code() });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const edited = await putTerm({ name: 'Fall 2031 (corrected)', withdraw_end: '2032-01-10' }, id);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Fall 2031 (corrected)',
      withdraw_end: '2032-01-10',
      start_date: '2031-09-20',
    });
  });

  it('refuses a term that ends before it starts, in English and Arabic, and writes nothing', async () => {
    const before = await db.selectFrom('terms').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = {
      ...TERM,
      code: code(),
      start_date: '2032-02-01',
      end_date: '2032-01-20',
      registration_start: null,
      registration_end: null,
      add_drop_start: null,
      add_drop_end: null,
      withdraw_start: null,
      withdraw_end: null,
    };
    const en = await putTerm(bad);
    expect(en.status).toBe(422);
    expect(en.body.errors.start_date).toEqual(['The start date must be before the end date']);
    expect(en.body.errors.end_date).toEqual(['The end date must be after the start date']);
    const ar = await putTerm(bad, undefined, 'ar');
    expect(ar.status).toBe(422);
    expect(ar.body.errors.start_date).toEqual(['يجب أن يكون تاريخ البداية قبل تاريخ النهاية']);
    expect(ar.body.errors.end_date).toEqual(['يجب أن يكون تاريخ النهاية بعد تاريخ البداية']);
    expect((await putTerm({ ...bad, end_date: bad.start_date })).body.errors.start_date).toEqual([
      'The start date must be before the end date',
    ]);
    const after = await db.selectFrom('terms').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses windows out of order or outside the term, each on its field', async () => {
    const r = await putTerm({
      ...TERM,
      code: code(),
      registration_start: '2031-09-28',
      registration_end: '2031-09-27', // opens after it closes
      add_drop_start: '2031-09-19', // before the term starts
      withdraw_end: '2032-01-21', // after the term ends
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      registration_start: ['Registration must open on or before the day it closes'],
      registration_end: ['Registration must close on or after the day it opens'],
      add_drop_start: ["Must be on or after the term's start date"],
      withdraw_end: ["Must be on or before the term's end date"],
    });
    const ar = await putTerm({ ...TERM, code: code(), withdraw_start: '2031-12-31' }, undefined, 'ar');
    expect(ar.status).toBe(422);
    expect(ar.body.errors).toEqual({
      withdraw_start: ['يجب أن يبدأ الانسحاب في يوم انتهائه أو قبله'],
      withdraw_end: ['يجب أن ينتهي الانسحاب في يوم بدايته أو بعده'],
    });
  });

  it('checks an update that sends one date against the stored others, and changes nothing when refused', async () => {
    const id = (await putTerm({ ...TERM, code: code() })).body.data.id as number;
    const row = await stored(id);
    const early = await putTerm({ end_date: '2031-09-01' }, id);
    expect(early.status).toBe(422);
    expect(early.body.errors.start_date).toEqual(['The start date must be before the end date']);
    expect(early.body.errors.end_date).toEqual(['The end date must be after the start date']);
    const cut = await putTerm({ end_date: '2031-12-01' }, id);
    expect(cut.status).toBe(422);
    expect(cut.body.errors).toEqual({ withdraw_end: ["Must be on or before the term's end date"] });
    const late = await putTerm({ start_date: '2031-09-25' }, id, 'ar');
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ add_drop_start: ['يجب أن يكون في تاريخ بداية الفصل أو بعده'] });
    expect(await stored(id)).toEqual(row);
  });

  it("a course offering's mark distribution: categories given once, weights totalling 100 (total_grade, criteria_not_repeated)", async () => {
    const course = await call(app, 'PUT', '/api/sis/courses', {
      token: registrar.token,
      body: { code: code(), name: 'Databases', faculty_id: faculty, credit_hours: 3 },
    });
    const term = await putTerm({ ...TERM, code: code() });
    const offering = await call(app, 'PUT', '/api/sis/offerings', {
      token: registrar.token,
      body: { course_id: course.body.data.id, term_id: term.body.data.id },
    });
    expect(offering.status).toBe(201);
    const id = offering.body.data.id as number;
    const put = (mark_distribution: unknown, lang?: string) =>
      call(app, 'PUT', `/api/sis/offerings/${id}`, {
        token: registrar.token,
        body: { mark_distribution },
        ...(lang ? { lang } : {}),
      });
    const short = await put([
      { category_id: 1, weight: 30 },
      { category_id: 5, weight: 60 },
    ]);
    expect(short.status).toBe(422);
    expect(short.body.errors.mark_distribution).toEqual(['The total grade must be 100']);
    const twice = await put(
      [
        { category_id: 1, weight: 30 },
        { category_id: 1, weight: 20 },
        { category_id: 5, weight: 50 },
      ],
      'ar',
    );
    expect(twice.status).toBe(422);
    expect(twice.body.errors.mark_distribution).toEqual(['يجب إدخال معايير التقييم دون تكرار']);
    const missing = await put([{ weight: 100 }]);
    expect(missing.body.errors.mark_distribution).toContain('Assessment criteria must be given and not repeated');
    expect(
      (await db.selectFrom('offerings').select('mark_distribution').where('id', '=', id).executeTakeFirst())
        ?.mark_distribution ?? null,
    ).toBeNull();
    const good = [
      { category_id: 1, weight: 30 },
      { category_id: 2, weight: 20 },
      { category_id: 5, weight: 50 },
    ];
    const saved = await put(good);
    expect(saved.status).toBe(200);
    expect(saved.body.data.mark_distribution).toEqual(good);
  });

  it('a registrar adds and corrects a course; a student may not', async () => {
    const body = {
      code: code(),
      name: 'Compilers',
      name_local: 'المترجمات',
      faculty_id: faculty,
      credit_hours: 3,
      level: 3,
    };
    const created = await call(app, 'PUT', '/api/sis/courses', { token: registrar.token, body });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const edited = await call(app, 'PUT', `/api/sis/courses/${id}`, {
      token: registrar.token,
      body: { credit_hours: 4, description: 'Lexing, parsing, code generation' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ credit_hours: 4, name: 'Compilers' });
    const tooMany = await call(app, 'PUT', `/api/sis/courses/${id}`, {
      token: registrar.token,
      body: { credit_hours: 13 },
      lang: 'ar',
    });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.errors)).toEqual(['credit_hours']);
    const student = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    expect(
      (await call(app, 'PUT', `/api/sis/courses/${id}`, { token: student.token, body: { credit_hours: 1 } })).status,
    ).toBe(403);
    expect(
      (await call(app, 'PUT', '/api/sis/terms', { token: student.token, body: { ...TERM, code: code() } })).status,
    ).toBe(403);
  });
});
