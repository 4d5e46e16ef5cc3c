/**
 * Grade entry (server/domains/grades): an instructor lists the sections they teach, reads a
 * section's graded students and saves their marks, all or nothing, with errors per row in English
 * and Arabic; the registrar grades any section; the spreadsheet import of portal-core section 7
 * (English and Arabic headers, a refused row reported with its row number, a PNG renamed .xlsx
 * refused). On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import * as XLSX from 'xlsx';
import { xlsxBomb } from './helpers/zip-bomb.ts';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { multipartBody } from '../../server/domains/admission/sample.ts';
import { gradesDomain } from '../../server/domains/grades/plugin.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

const EN = {
  over: 'The mark may not exceed the maximum',
  value: 'The mark must be a number from 0 with at most 2 decimals',
  notNumber: 'The mark must be a number',
  notInSection: 'This student is not registered in this section',
  notYours: 'You do not teach this section',
  notSpreadsheet: 'The file is not a spreadsheet: send an .xlsx, .xls or .csv file',
};
const AR = {
  over: 'لا يجوز أن تتجاوز الدرجة الدرجة العظمى',
  value: 'يجب أن تكون الدرجة رقمًا من 0 فأكثر وبحد أقصى رقمين عشريين',
  notNumber: 'يجب أن تكون الدرجة رقمًا',
  notYours: 'أنت لا تدرّس هذه المجموعة',
  notSpreadsheet: 'الملف ليس جدول بيانات: أرسل ملفًا بامتداد ‎.xlsx أو ‎.xls أو ‎.csv',
};

/** An .xlsx made here with SheetJS: a header row, then the rows. */
function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Marks');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe.skipIf(!manifest).each(BACKENDS)('grade entry on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let teacher: TestUser;
  let otherTeacher: TestUser;
  let registrar: TestUser;
  let student: TestUser;
  const ids: Record<string, number> = {};
  const reg: Record<string, number> = {};

  const put = (user: TestUser | undefined, section: number, marks: unknown, lang = 'en') =>
    call(app, 'PUT', `/api/sis/grades/sections/${section}`, { token: user?.token, body: { marks }, lang });
  const grades = async () => {
    const rows = await db.selectFrom('registrations').select(['id', 'grade']).execute();
    return Object.fromEntries(rows.map((r) => [Number(r.id), r.grade == null ? null : Number(r.grade)]));
  };
  const upload = async (
    user: TestUser,
    offering: number,
    lang: string,
    file: { name: string; content: Buffer; type?: string },
  ) => {
    const { body, contentType } = multipartBody({ type: 'application/octet-stream', ...file });
    const response = await app.inject({
      method: 'POST',
      url: `/api/sis/offerings/import-student-grades/${offering}/${lang}`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [{ name: 'grades', plugin: gradesDomain }],
      clientDir: null,
    });
    await app.ready();

    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('countries').values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' }).execute();
    const faculty = await id('faculties', { code: 'FCI', name: 'Computers', name_local: 'الحاسبات' });
    ids.term = await id('terms', {
      code: 'F26',
      name: 'Fall 2026',
      name_local: 'خريف 2026',
      year: 2026,
      start_date: '2026-09-20',
      end_date: '2027-01-20',
      is_current: true,
    });
    ids.pastTerm = await id('terms', {
      code: 'S26',
      name: 'Spring 2026',
      name_local: 'ربيع 2026',
      year: 2026,
      start_date: '2026-02-01',
      end_date: '2026-06-20',
    });
    const course = await id('courses', {
      faculty_id: faculty,
      code: 'CS201',
      name: 'Data Structures',
      name_local: 'هياكل البيانات',
      credit_hours: 3,
      level: 2,
    });
    const other = await id('courses', {
      faculty_id: faculty,
      code: 'CS301',
      name: 'Algorithms',
      name_local: 'الخوارزميات',
      credit_hours: 3,
      level: 3,
    });
    ids.offering = await id('offerings', { course_id: course, term_id: ids.term, max_mark: 100, control_status_id: 1 });
    ids.published = await id('offerings', { course_id: other, term_id: ids.term, max_mark: 100, control_status_id: 2 });
    ids.past = await id('offerings', { course_id: other, term_id: ids.pastTerm, max_mark: 100, control_status_id: 3 });
    teacher = await createUser(db, { type: 4, roles: ['instructor'] });
    otherTeacher = await createUser(db, { type: 4, roles: ['instructor'] });
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    const mine = await id('instructors', { user_id: teacher.id, code: 'INS1', name: 'Dr Hany', faculty_id: faculty });
    const theirs = await id('instructors', {
      user_id: otherTeacher.id,
      code: 'INS2',
      name: 'Dr Laila',
      faculty_id: faculty,
    });
    ids.section = await id('sections', { offering_id: ids.offering, code: 'L1', capacity: 40, instructor_id: mine });
    ids.otherSection = await id('sections', {
      offering_id: ids.offering,
      code: 'T1',
      capacity: 40,
      instructor_id: theirs,
    });
    ids.publishedSection = await id('sections', {
      offering_id: ids.published,
      code: 'L1',
      capacity: 40,
      instructor_id: mine,
    });
    ids.pastSection = await id('sections', { offering_id: ids.past, code: 'L1', capacity: 40, instructor_id: mine });
    const person = async (code: string) =>
      createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty, code } });
    const register = async (
      who: TestUser,
      section: number,
      status_code: number,
      flags: number,
      extra: Record<string, unknown> = {},
    ) =>
      id('registrations', {
        student_id: who.student_id,
        offering_id: ids.offering,
        section_id: section,
        term_id: ids.term,
        status_code,
        flags,
        course_id: course,
        ...extra,
      });
    student = await person('G001');
    reg.ali = await register(student, ids.section, 2, 16 + 262144);
    reg.mona = await register(await person('G002'), ids.section, 2, 16 + 262144, { max_mark: 20 });
    reg.sara = await register(await person('G003'), ids.section, 1, 16 + 1048576); // a request not accepted
    reg.omar = await register(await person('G004'), ids.section, 5, 16 + 1024); // withdrawn
    reg.lina = await register(await person('G005'), ids.otherSection, 2, 16 + 262144);
    reg.pub = await id('registrations', {
      student_id: (await person('G006')).student_id,
      offering_id: ids.published,
      section_id: ids.publishedSection,
      term_id: ids.term,
      status_code: 2,
      flags: 16 + 262144,
      course_id: other,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('lists only the sections of the current term the instructor teaches, with their students counted', async () => {
    const r = await call(app, 'GET', '/api/sis/grades/sections', { token: teacher.token });
    expect(r.status).toBe(200);
    expect(r.body.meta.term.id).toBe(ids.term);
    const byId = new Map(r.body.data.map((s: any) => [s.id, s]));
    expect([...byId.keys()].sort()).toEqual([ids.section, ids.publishedSection].sort());
    expect(byId.get(ids.section)).toMatchObject({
      course_code: 'CS201',
      course_name: 'Data Structures',
      code: 'L1',
      students: 2,
      graded: 0,
      editable: true,
    });
    expect(byId.get(ids.publishedSection)).toMatchObject({ editable: false });
    const ar = await call(app, 'GET', `/api/sis/grades/sections?term_id=${ids.pastTerm}`, {
      token: teacher.token,
      lang: 'ar',
    });
    expect(ar.body.data.map((s: any) => [s.id, s.course_name, s.term])).toEqual([
      [ids.pastSection, 'الخوارزميات', 'ربيع 2026'],
    ]);
    // The list screen's POST with the list body.
    const listed = await call(app, 'POST', '/api/sis/grades/sections', {
      token: otherTeacher.token,
      body: { filters: { term_id: [ids.term] }, page: 1, perPage: 10 },
    });
    expect(listed.body.data.map((s: any) => s.id)).toEqual([ids.otherSection]);
  });

  it('lets the registrar see every section, and refuses a student and a visitor', async () => {
    const r = await call(app, 'GET', '/api/sis/grades/sections', { token: registrar.token });
    expect(r.body.data.map((s: any) => s.id).sort()).toEqual(
      [ids.section, ids.otherSection, ids.publishedSection].sort(),
    );
    expect(
      (await call(app, 'GET', `/api/sis/grades/sections/${ids.otherSection}/students`, { token: registrar.token }))
        .status,
    ).toBe(200);
    expect((await call(app, 'GET', '/api/sis/grades/sections', { token: student.token })).status).toBe(403);
    expect((await call(app, 'GET', '/api/sis/grades/sections')).status).toBe(401);
  });

  it("gives a section's graded students only (not a request, not a withdrawn student), with each one's maximum", async () => {
    const r = await call(app, 'GET', `/api/sis/grades/sections/${ids.section}/students`, { token: teacher.token });
    expect(r.status).toBe(200);
    expect(r.body.data.map((s: any) => [s.registration_id, s.code, s.grade, s.max_mark, s.status_code])).toEqual([
      [reg.ali, 'G001', null, 100, 2],
      [reg.mona, 'G002', null, 20, 2],
    ]);
    const page = await call(app, 'POST', `/api/sis/grades/sections/${ids.section}/students`, {
      token: teacher.token,
      body: { page: 2, perPage: 1 },
    });
    expect(page.body.data.map((s: any) => s.code)).toEqual(['G002']);
    expect(page.body.meta.count).toBe(2);
  });

  it('answers 403 to another instructor, for reading and for writing, and changes nothing', async () => {
    const read = await call(app, 'GET', `/api/sis/grades/sections/${ids.section}/students`, {
      token: otherTeacher.token,
    });
    expect(read.status).toBe(403);
    expect(read.body.error).toBe(EN.notYours);
    const write = await put(otherTeacher, ids.section, [{ registration_id: reg.ali, grade: 50 }], 'ar');
    expect(write.status).toBe(403);
    expect(write.body.error).toBe(AR.notYours);
    expect((await grades())[reg.ali!]).toBeNull();
    expect((await call(app, 'GET', '/api/sis/grades/sections/999999/students', { token: teacher.token })).status).toBe(
      404,
    );
  });

  it('refuses a mark above the row maximum, a negative mark, text and 3 decimals on their own rows, in English and Arabic, saving nothing', async () => {
    const marks = [
      { registration_id: reg.ali, grade: 95 },
      { registration_id: reg.mona, grade: 25 }, // her maximum is 20
    ];
    const en = await put(teacher, ids.section, marks);
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({ 'marks.1.grade': [EN.over] });
    const ar = await put(teacher, ids.section, marks, 'ar');
    expect(ar.body.errors).toEqual({ 'marks.1.grade': [AR.over] });
    expect((await grades())[reg.ali!]).toBeNull(); // the good row was not saved either

    const bad = await put(teacher, ids.section, [
      { registration_id: reg.ali, grade: -1 },
      { registration_id: reg.mona, grade: 'twelve' },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'marks.0.grade': [EN.value], 'marks.1.grade': [EN.notNumber] });
    const badAr = await put(
      teacher,
      ids.section,
      [
        { registration_id: reg.ali, grade: 12.345 },
        { registration_id: reg.mona, grade: 'abc' },
      ],
      'ar',
    );
    expect(badAr.body.errors).toEqual({ 'marks.0.grade': [AR.value], 'marks.1.grade': [AR.notNumber] });
    expect(Object.values(await grades()).every((g) => g === null)).toBe(true);
  });

  it('refuses a registration of another section, one not graded and one listed twice, on the registration_id', async () => {
    const r = await put(teacher, ids.section, [
      { registration_id: reg.lina, grade: 10 },
      { registration_id: reg.sara, grade: 10 },
      { registration_id: reg.ali, grade: 10 },
      { registration_id: reg.ali, grade: 11 },
      { grade: 3 },
    ]);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ 'marks.4': ['Each entry must be {registration_id, grade}'] });
    const rows = await put(teacher, ids.section, [
      { registration_id: reg.lina, grade: 10 },
      { registration_id: reg.sara, grade: 10 },
      { registration_id: reg.ali, grade: 10 },
      { registration_id: reg.ali, grade: 11 },
    ]);
    expect(rows.body.errors).toEqual({
      'marks.0.registration_id': [EN.notInSection],
      'marks.1.registration_id': [EN.notInSection],
      'marks.3.registration_id': ['This student is listed twice'],
    });
    expect((await put(teacher, ids.section, [])).body.errors.marks).toBeDefined();
    expect((await grades())[reg.ali!]).toBeNull();
  });

  it('saves the marks, counts them, logs the change, and a null clears a mark', async () => {
    const r = await put(teacher, ids.section, [
      { registration_id: reg.ali, grade: 88.5 },
      { registration_id: reg.mona, grade: '19' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Marks saved: 2', data: { saved: 2, changed: 2 } });
    expect(await grades()).toMatchObject({ [reg.ali!]: 88.5, [reg.mona!]: 19 });
    const logged = await db.selectFrom('access_logs').selectAll().where('action', '=', 'grades.save').execute();
    expect(logged.length).toBe(1);
    expect(Number(logged[0]!.user_id)).toBe(teacher.id);
    const listed = await call(app, 'GET', '/api/sis/grades/sections', { token: teacher.token });
    expect(listed.body.data.find((s: any) => s.id === ids.section).graded).toBe(2);

    const cleared = await put(teacher, ids.section, [{ registration_id: reg.mona, grade: null }], 'ar');
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe('تم حفظ الدرجات: 1');
    expect(await grades()).toMatchObject({ [reg.ali!]: 88.5, [reg.mona!]: null });
    // The registrar may grade a section they do not teach.
    expect((await put(registrar, ids.otherSection, [{ registration_id: reg.lina, grade: 70 }])).status).toBe(200);
  });

  it("refuses marks once the offering's results are published", async () => {
    const r = await put(teacher, ids.publishedSection, [{ registration_id: reg.pub, grade: 50 }]);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/published/);
  });

  describe('POST /offerings/import-student-grades/{offering}/{lang}', () => {
    it('imports an .xlsx with English headers, matching students by code', async () => {
      const file = workbook([
        ['Code', 'Name', 'Mark'],
        ['G001', 'Ali', 77],
        ['g002', 'Mona', '18.25'],
        ['G001x', 'no mark', null],
      ]);
      const r = await upload(teacher, ids.offering, 'en', { name: 'marks.xlsx', content: file });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.message).toBe('Marks imported from the file: 2');
      expect(await grades()).toMatchObject({ [reg.ali!]: 77, [reg.mona!]: 18.25 });
    });

    it('imports Arabic headers; a bad row is reported with its spreadsheet row number, in {lang}, and nothing is saved', async () => {
      const file = workbook([
        ['الكود', 'الدرجة'],
        ['G001', 60],
        ['G999', 10],
        ['G002', 21],
        ['G001', 'ممتاز'],
      ]);
      const ar = await upload(teacher, ids.offering, 'ar', { name: 'درجات.xlsx', content: file });
      expect(ar.status).toBe(422);
      expect(ar.body.errors).toEqual({
        'rows.3.code': [
          'الصف 3 به خطأ في التحقق للعمود الكود: لا يوجد طالب بالكود G999 مسجل في مجموعاتك من هذا المقرر',
        ],
        'rows.4.grade': [`الصف 4 به خطأ في التحقق للعمود الدرجة: ${AR.over}`],
        'rows.5.code': ['الصف 5 به خطأ في التحقق للعمود الكود: هذا الطالب مذكور أكثر من مرة في الملف'],
      });
      const en = await upload(teacher, ids.offering, 'en', {
        name: 'marks.xlsx',
        content: workbook([
          ['الكود', 'الدرجة'],
          ['G001', 60],
          ['G002', 'abc'],
        ]),
      });
      expect(en.body.errors).toEqual({
        'rows.3.grade': [`Row 3 has validation error for column Mark: ${EN.notNumber}`],
      });
      expect(await grades()).toMatchObject({ [reg.ali!]: 77, [reg.mona!]: 18.25 });
    });

    it("matches only the caller's own students: another instructor's file naming ours is refused", async () => {
      const r = await upload(otherTeacher, ids.offering, 'en', {
        name: 'marks.xlsx',
        content: workbook([
          ['Code', 'Mark'],
          ['G005', 40],
          ['G001', 5],
        ]),
      });
      expect(r.status).toBe(422);
      expect(r.body.errors['rows.3.code'][0]).toContain('No student with code G001');
      expect((await grades())[reg.lina!]).toBe(70);
    });

    it('refuses a decompression bomb with 422 at once, and parses off the event loop', async () => {
      const valid = workbook([
        ['Code', 'Mark'],
        ['G001', 70],
      ]);
      // The longest the event loop stood still during an upload: the server's other requests wait that long.
      const stall = async (content: Buffer, lang = 'en') => {
        let worst = 0;
        let last = performance.now();
        const ticker = setInterval(() => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
        }, 5);
        const started = performance.now();
        const answer = await upload(teacher, ids.offering, lang, { name: 'marks.xlsx', content });
        clearInterval(ticker);
        return { answer, worst, ms: performance.now() - started };
      };
      const TOO_LARGE = 'The file unpacks to more than 100 MB: send the marks in a smaller spreadsheet';
      // 200 MB of zeros in a file of a few hundred kilobytes, honest about its sizes: refused from its directory.
      const honest = xlsxBomb(valid, 200);
      expect(honest.length).toBeLessThan(512 * 1024);
      // A first upload loads the reader's modules (and, under the test runner, transforms them): not the bomb's cost.
      await stall(valid);
      const before = await grades();
      const refused = await stall(honest);
      expect(refused.answer.status).toBe(422);
      expect(refused.answer.body.error).toBe(TOO_LARGE);
      // The goal is 100 ms (the directory is read in microseconds; SheetJS took seconds): room for a loaded machine.
      expect(refused.worst).toBeLessThan(250);
      expect(refused.ms).toBeLessThan(1000);
      expect((await stall(honest, 'ar')).answer.body.error).toContain('بعد فك ضغطه');
      // The same bomb lying about its sizes: found by inflating in the worker, the event loop free meanwhile.
      const lied = await stall(xlsxBomb(valid, 200, true));
      expect(lied.answer.status).toBe(422);
      expect(lied.answer.body.error).toBe(TOO_LARGE);
      expect(lied.worst).toBeLessThan(250);
      expect(await grades()).toEqual(before);
    });

    it('refuses a PNG renamed .xlsx, a file without a code column, and an unknown offering', async () => {
      const png = await upload(teacher, ids.offering, 'en', { name: 'marks.xlsx', content: PNG });
      expect(png.status).toBe(422);
      expect(png.body.error).toBe(EN.notSpreadsheet);
      const pngAr = await upload(teacher, ids.offering, 'ar', { name: 'marks.xlsx', content: PNG });
      expect(pngAr.body.error).toBe(AR.notSpreadsheet);
      const text = await upload(teacher, ids.offering, 'en', { name: 'marks.csv', content: PNG });
      expect(text.body.error).toBe(EN.notSpreadsheet);
      const noKey = await upload(teacher, ids.offering, 'en', {
        name: 'marks.csv',
        content: Buffer.from('Name,Mark\nAli,50\n'),
      });
      expect(noKey.status).toBe(422);
      expect(noKey.body.errors.file).toEqual(['Missing key column']);
      const csv = await upload(teacher, ids.offering, 'en', {
        name: 'marks.csv',
        content: Buffer.from('Code,Mark\nG001,66\n'),
      });
      expect(csv.status).toBe(200);
      expect((await grades())[reg.ali!]).toBe(66);
      expect(
        (await upload(teacher, 999999, 'en', { name: 'marks.csv', content: Buffer.from('Code,Mark\nG001,1\n') }))
          .status,
      ).toBe(404);
      const published = await upload(teacher, ids.published, 'en', {
        name: 'marks.csv',
        content: Buffer.from('Code,Mark\nG006,1\n'),
      });
      expect(published.status).toBe(409);
    });
  });
});
