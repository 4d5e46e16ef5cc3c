/**
 * The exports domain against the screens/ entities, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * POST /registrations/export (registrations.xlsx), POST /students/export (Students.xlsx) read back
 * with SheetJS, every matching row (beyond the list's largest page), the list API's filters and
 * its 400s, row scopes and permissions; GET /registrations/students/export-registration/{id}/{lang}
 * (student_registrations.pdf) read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { exportsDomain } from '../../server/domains/exports/plugin.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;
const PDFTOTEXT = '/usr/bin/pdftotext';

const ALI_AR = 'محمد أحمد عبد الله';
const BULK_STUDENTS = 120;
const BULK_COURSES = 90; // 120 x 90 = 10,800 registrations

async function download(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; lang?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method,
    url,
    headers,
    payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    buffer: response.rawPayload,
    json: () => response.json(),
  };
}

function sheet(buffer: Buffer) {
  const workbook = XLSX.read(buffer, { cellDates: true });
  const ws = workbook.Sheets[workbook.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true });
  return { workbook, ws, headers: rows[0] as string[], data: rows.slice(1) };
}

function pdfText(buffer: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-exports-'));
  try {
    fs.writeFileSync(path.join(dir, 'f.pdf'), buffer);
    const out = execFileSync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', path.join(dir, 'f.pdf'), '-'], {
      encoding: 'utf8',
    });
    // Poppler's bidi marks become spaces (see tests/server/documents-pdf.test.ts).
    return out
      .replace(/[\u200e\u200f\u202a-\u202e]/g, ' ')
      .split('\n')
      .map((l) => l.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** With ROWAQ_ARTIFACTS=dir, the files are kept there to look at. */
function keep(name: string, buffer: Buffer): void {
  const dir = process.env.ROWAQ_ARTIFACTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), buffer);
  }
}

const label = (entity: string, field: string, lang: 'en' | 'ar') =>
  (manifest!.entities[entity]!.fields[field]!.label as unknown as Record<string, string>)[lang];

describe.skipIf(!manifest).each(BACKENDS)('exports on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let ali: TestUser;
  let mona: TestUser;
  let registrar: TestUser;
  let coordinator: TestUser;
  let instructor: TestUser;
  let current: number;
  let faculty: number;
  let other: number;
  let totalRegistrations: number;
  let totalStudents: number;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [{ name: 'exports', plugin: exportsDomain }],
      clientDir: null,
    });
    await app.ready();

    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('countries').values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' }).execute();
    faculty = await id('faculties', { code: 'ENG', name: 'Faculty of Engineering', name_local: 'كلية الهندسة' });
    other = await id('faculties', { code: 'SCI', name: 'Faculty of Science', name_local: 'كلية العلوم' });
    const cs = await id('programs', {
      faculty_id: faculty,
      code: 'CS',
      name: 'Computer Engineering',
      name_local: 'هندسة الحاسبات',
    });
    current = await id('terms', {
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
    const course = (code: string, name: string, name_local: string, hours: number) =>
      id('courses', { faculty_id: faculty, code, name, name_local, credit_hours: hours });
    const c1 = await course('CSE101', 'Introduction to Programming', 'مقدمة في البرمجة', 3);
    const c2 = await course('MTH201', 'Calculus 2', 'التفاضل والتكامل 2', 4);
    const c3 = await course('HUM110', 'Technical Writing', 'الكتابة الفنية', 2);
    const c4 = await course('CSE301', 'Algorithms', 'الخوارزميات', 3);
    const offering = (course_id: number, term_id: number) => id('offerings', { course_id, term_id });
    const [o1, o2, o3, o4] = [
      await offering(c1, current),
      await offering(c2, current),
      await offering(c3, current),
      await offering(c4, past),
    ];
    const s1 = await id('sections', { offering_id: o1, code: 'A1', capacity: 30 });

    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty, code: '20260001' } });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: other, code: '20260002' } });
    await db
      .updateTable('students')
      .set({ name: 'Mohamed Ahmed Abdullah', name_local: ALI_AR, program_id: cs, level: 2, gpa: 3.1 })
      .where('id', '=', ali.student_id!)
      .execute();
    await db
      .updateTable('students')
      .set({ name: 'Mona Ali', name_local: 'منى علي', level: 1 })
      .where('id', '=', mona.student_id!)
      .execute();
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    coordinator = await createUser(db, { type: 4, roles: ['coordinator'] }); // access_registrations, not export_students
    instructor = await createUser(db, { type: 4, roles: ['instructor'] });

    const reg = (
      student_id: number,
      offering_id: number,
      course_id: number,
      term_id: number,
      status_code: number,
      extra: Record<string, unknown> = {},
    ) => ({ student_id, offering_id, course_id, term_id, status_code, ...extra });
    await db
      .insertInto('registrations')
      .values([
        reg(ali.student_id!, o1, c1, current, 2, { section_id: s1, credit_hours: 3, grade: 87.5 }),
        reg(ali.student_id!, o2, c2, current, 3, { credit_hours: 4 }),
        reg(ali.student_id!, o3, c3, current, 13, { credit_hours: 2 }), // rejected: not on the PDF
        reg(ali.student_id!, o4, c4, past, 2, { credit_hours: 3 }), // another term: not on the PDF
        reg(mona.student_id!, o3, c3, current, 2, { credit_hours: 2 }),
      ])
      .execute();
    await db
      .insertInto('registrations')
      .values({ ...reg(mona.student_id!, o1, c1, current, 2), deleted_at: new Date() })
      .execute();

    // Bulk: 120 students (more than the list's largest page) and 10,800 registrations.
    const students = [];
    for (let i = 0; i < BULK_STUDENTS; i++)
      students.push({
        code: `B${String(i).padStart(4, '0')}`,
        name: `Bulk Student ${i}`,
        name_local: `طالب ${i}`,
        faculty_id: i % 2 ? faculty : other,
        level: 1 + (i % 4),
        gpa: 2 + (i % 20) / 10,
        birth_date: '2005-03-14',
      });
    const bulkIds = (await db.insertInto('students').values(students).returning('id').execute()).map((r) =>
      Number(r.id),
    );
    const courseIds: number[] = [];
    for (let i = 0; i < BULK_COURSES; i++) courseIds.push(i);
    const bulkCourses = (
      await db
        .insertInto('courses')
        .values(
          courseIds.map((i) => ({
            faculty_id: faculty,
            code: `BLK${i}`,
            name: `Bulk course ${i}`,
            name_local: `مقرر ${i}`,
            credit_hours: 3,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => Number(r.id));
    const bulkOfferings = (
      await db
        .insertInto('offerings')
        .values(bulkCourses.map((course_id) => ({ course_id, term_id: current })))
        .returning('id')
        .execute()
    ).map((r) => Number(r.id));
    const rows = [];
    for (const student of bulkIds)
      for (let k = 0; k < BULK_COURSES; k++)
        rows.push(
          reg(student, bulkOfferings[k]!, bulkCourses[k]!, current, k % 3 === 0 ? 1 : 2, {
            credit_hours: 3,
            flags: 262144 | 16,
          }),
        );
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('registrations')
        .values(rows.slice(i, i + 1000))
        .execute();
    totalRegistrations = 5 + rows.length;
    totalStudents = 2 + BULK_STUDENTS;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('POST /registrations/export: registrations.xlsx with every live registration, typed cells, English headers', async () => {
    const started = performance.now();
    const res = await download(app, 'POST', '/api/sis/registrations/export', { token: registrar.token, body: {} });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="registrations.xlsx"');
    const { workbook, headers, data, ws } = sheet(res.buffer);
    expect(data).toHaveLength(totalRegistrations);
    expect(totalRegistrations).toBeGreaterThan(10_000);
    expect(workbook.Workbook?.Views?.[0]?.RTL ?? false).toBeFalsy();
    expect(headers.slice(0, 5)).toEqual([
      'ID',
      `${label('registrations', 'student_id', 'en')} (code)`,
      label('registrations', 'student_id', 'en'),
      `${label('registrations', 'course_id', 'en')} (code)`,
      label('registrations', 'course_id', 'en'),
    ]);
    for (const field of ['status_code', 'flags', 'grade', 'credit_hours', 'decided_at'])
      expect(headers).toContain(label('registrations', field, 'en'));
    // Ali's registered course: words for references and statuses, numbers as numbers.
    const col = (name: string) => headers.indexOf(name);
    const aliRow = data.find(
      (r) =>
        r[col(label('registrations', 'student_id', 'en'))] === 'Mohamed Ahmed Abdullah' &&
        r[col(`${label('registrations', 'course_id', 'en')} (code)`)] === 'CSE101',
    )!;
    expect(aliRow).toBeDefined();
    expect(aliRow[col(label('registrations', 'status_code', 'en'))]).toBe('Registered');
    expect(aliRow[col(label('registrations', 'grade', 'en'))]).toBe(87.5);
    const bulk = data.find((r) => r[col(`${label('registrations', 'course_id', 'en')} (code)`)] === 'BLK1')!;
    expect(bulk[col(label('registrations', 'flags', 'en'))]).toBe('Fresh, Registered');
    // created_at is a real date cell
    const created = XLSX.utils.encode_cell({ r: 1, c: col('Created at') });
    expect(ws[created]?.t).toBe('d');
    expect(ms).toBeLessThan(20_000);
    console.info(
      `[exports/${backend.name}] registrations.xlsx: ${data.length} rows in ${Math.round(ms)} ms, ${res.buffer.length} bytes`,
    );
  }, 60_000);

  it('the list filters apply, and the answer is in Arabic on a right-to-left sheet for an Arabic caller', async () => {
    const body = {
      filters: { term_id: current, status_code: 2, student_id: ali.student_id },
      sort: { field: 'id', order: 'asc' },
    };
    const res = await download(app, 'POST', '/api/sis/registrations/export', {
      token: registrar.token,
      body,
      lang: 'ar',
    });
    expect(res.status).toBe(200);
    const { workbook, headers, data } = sheet(res.buffer);
    expect(workbook.Workbook?.Views?.[0]?.RTL).toBeTruthy();
    expect(headers).toContain(label('registrations', 'status_code', 'ar'));
    expect(headers).toContain(`${label('registrations', 'student_id', 'ar')} (الرمز)`);
    expect(data).toHaveLength(1);
    const row = data[0]!;
    expect(row).toContain(ALI_AR);
    expect(row).toContain('مقدمة في البرمجة');
    expect(row).toContain('مسجل');
    expect(row).toContain('خريف 2026');
    // A flag set in Arabic: the names joined with the Arabic comma.
    const bulkStudent = Number(
      (await db.selectFrom('students').select('id').where('code', '=', 'B0000').executeTakeFirstOrThrow()).id,
    );
    const flagged = sheet(
      (
        await download(app, 'POST', '/api/sis/registrations/export', {
          token: registrar.token,
          body: { filters: { student_id: bulkStudent, status_code: 2 } },
          lang: 'ar',
        })
      ).buffer,
    );
    const flags = flagged.headers.indexOf(label('registrations', 'flags', 'ar'));
    expect(flagged.data.length).toBeGreaterThan(0);
    for (const r of flagged.data) expect(r[flags]).toBe('مستجد، مسجل');

    const many = await download(app, 'POST', '/api/sis/registrations/export', {
      token: registrar.token,
      body: { filters: { status_code: [1] } },
    });
    const expected = await db
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status_code', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(sheet(many.buffer).data).toHaveLength(Number(expected.n));
    // the search of the list API applies too
    const searched = await download(app, 'POST', '/api/sis/students/export', {
      token: registrar.token,
      body: { search: 'Bulk Student 11' },
    });
    expect(searched.status).toBe(200);
    expect(
      sheet(searched.buffer)
        .data.map((r) => r[0])
        .sort(),
    ).toEqual(['B0011', 'B0110', 'B0111', 'B0112', 'B0113', 'B0114', 'B0115', 'B0116', 'B0117', 'B0118', 'B0119']);
  });

  it('bad filters are 400 with the list API messages, never 500', async () => {
    const unknown = await call(app, 'POST', '/api/sis/registrations/export', {
      token: registrar.token,
      body: { filters: { nope: 1 } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Cannot filter by "nope"');
    const value = await call(app, 'POST', '/api/sis/registrations/export', {
      token: registrar.token,
      body: { filters: { term_id: 'abc' } },
      lang: 'ar',
    });
    expect(value.status).toBe(400);
    expect(value.body.error).toBe('قيمة تصفية غير صالحة للحقل "term_id"');
    const sort = await call(app, 'POST', '/api/sis/students/export', {
      token: registrar.token,
      body: { sort: { field: 'password', order: 'asc' } },
    });
    expect(sort.status).toBe(400);
    expect(sort.body.error).toBe('Cannot sort by "password"');
    const array = await call(app, 'POST', '/api/sis/students/export', { token: registrar.token, body: [1] });
    expect(array.status).toBe(400);
    const broken = await call(app, 'POST', '/api/sis/registrations/export', {
      token: registrar.token,
      raw: '{"filters":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('a student exports only their own registrations; staff without access_registrations and guests are refused', async () => {
    const own = await download(app, 'POST', '/api/sis/registrations/export', { token: ali.token, body: {} });
    expect(own.status).toBe(200);
    const { headers, data } = sheet(own.buffer);
    const student = headers.indexOf(label('registrations', 'student_id', 'en'));
    expect(data).toHaveLength(4);
    expect(new Set(data.map((r) => r[student]))).toEqual(new Set(['Mohamed Ahmed Abdullah']));
    // asking for another student's rows finds none
    const other = await download(app, 'POST', '/api/sis/registrations/export', {
      token: ali.token,
      body: { filters: { student_id: mona.student_id } },
    });
    expect(sheet(other.buffer).data).toHaveLength(0);

    const staff = await call(app, 'POST', '/api/sis/registrations/export', { token: instructor.token, body: {} });
    expect(staff.status).toBe(403);
    expect(staff.body.error).toBe('You are not allowed to do this');
    expect((await call(app, 'POST', '/api/sis/registrations/export', { body: {} })).status).toBe(401);
    // trashed rows need the delete permission
    expect(
      (await call(app, 'POST', '/api/sis/registrations/export', { token: ali.token, body: { trashed: 'with' } }))
        .status,
    ).toBe(403);
    const trashed = await download(app, 'POST', '/api/sis/registrations/export', {
      token: registrar.token,
      body: { trashed: 'only' },
    });
    expect(sheet(trashed.buffer).data).toHaveLength(1);
  });

  it('POST /students/export: Students.xlsx with all matching students, filters, permission export_students', async () => {
    const res = await download(app, 'POST', '/api/sis/students/export', {
      token: registrar.token,
      body: { perPage: 10, page: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Students.xlsx"');
    const all = sheet(res.buffer);
    expect(all.data).toHaveLength(totalStudents); // paging ignored: every row
    for (const field of ['code', 'name', 'name_local', 'level', 'gpa', 'birth_date'])
      expect(all.headers).toContain(label('students', field, 'en'));
    const gpa = all.headers.indexOf(label('students', 'gpa', 'en'));
    expect(all.data.every((r) => r[gpa] === undefined || typeof r[gpa] === 'number')).toBe(true);
    const birth = all.headers.indexOf(label('students', 'birth_date', 'en'));
    const bulkRow = all.data.find((r) => r[0] === 'B0001')!;
    expect(bulkRow[birth]).toEqual(new Date(Date.UTC(2005, 2, 14)));
    // sorted by name as the list is
    const names = all.data.map((r) => r[all.headers.indexOf(label('students', 'name', 'en'))] as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const filtered = await download(app, 'POST', '/api/sis/students/export', {
      token: registrar.token,
      body: { filters: { faculty_id: faculty, level: 2 } },
      lang: 'ar',
    });
    const ar = sheet(filtered.buffer);
    const expected = await db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('faculty_id', '=', faculty)
      .where('level', '=', 2)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(ar.data).toHaveLength(Number(expected.n));
    expect(ar.workbook.Workbook?.Views?.[0]?.RTL).toBeTruthy();
    expect(ar.headers).toContain(label('students', 'faculty_id', 'ar'));
    expect(ar.data.map((r) => r[ar.headers.indexOf(label('students', 'faculty_id', 'ar'))])).toContain('كلية الهندسة');
    expect(ar.data.some((r) => r.includes(ALI_AR))).toBe(true);

    expect((await call(app, 'POST', '/api/sis/students/export', { token: coordinator.token, body: {} })).status).toBe(
      403,
    );
    expect((await call(app, 'POST', '/api/sis/students/export', { token: ali.token, body: {} })).status).toBe(403);
    expect((await call(app, 'POST', '/api/sis/students/export', { body: {} })).status).toBe(401);
    const bad = await call(app, 'POST', '/api/sis/students/export', {
      token: registrar.token,
      body: { filters: { level: 'two' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid filter value for "level"');
  });

  it.skipIf(!fs.existsSync(PDFTOTEXT))(
    'GET export-registration/{id}/ar: the student reads their Arabic name in order and the courses of the current term',
    async () => {
      const res = await download(
        app,
        'GET',
        `/api/sis/registrations/students/export-registration/${ali.student_id}/ar`,
        { token: ali.token },
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="student_registrations.pdf"');
      keep(`student_registrations-ar-${backend.name}.pdf`, res.buffer);
      const lines = pdfText(res.buffer);
      const all = lines.join('\n');
      expect(lines).toContain('إفادة تسجيل المقررات');
      expect(lines.some((l) => l.includes(ALI_AR))).toBe(true);
      expect(all).toContain('مقدمة في البرمجة');
      expect(all).toContain('التفاضل والتكامل 2');
      expect(all).toContain('CSE101');
      expect(all).toContain('MTH201');
      expect(all).toContain('خريف 2026');
      expect(all).toContain('كلية الهندسة');
      // rejected and other-term courses are not listed; held hours are 3 + 4
      expect(all).not.toContain('الكتابة الفنية');
      expect(all).not.toContain('الخوارزميات');
      expect(lines.some((l) => l.includes('7') && l.includes('إجمالي الساعات المعتمدة المسجلة'))).toBe(true);
      // a row of the table: the status is on the left, the number on the right
      expect(
        lines.some(
          (l) => l.includes('مسجل') && l.includes('مقدمة في البرمجة') && l.includes('CSE101') && l.includes('A1'),
        ),
      ).toBe(true);
    },
  );

  it.skipIf(!fs.existsSync(PDFTOTEXT))(
    'GET export-registration/{id}/en: staff with access_registrations read any student, in English',
    async () => {
      const res = await download(
        app,
        'GET',
        `/api/sis/registrations/students/export-registration/${ali.student_id}/en`,
        { token: coordinator.token },
      );
      expect(res.status).toBe(200);
      keep(`student_registrations-en-${backend.name}.pdf`, res.buffer);
      const lines = pdfText(res.buffer);
      expect(lines).toContain('Course registration statement');
      expect(lines.some((l) => l.includes('Mohamed Ahmed Abdullah'))).toBe(true);
      expect(lines.some((l) => /^1 CSE101 Introduction to Programming A1 3 Registered$/.test(l))).toBe(true);
      expect(lines.some((l) => /^2 MTH201 Calculus 2 4 Withdraw request$/.test(l))).toBe(true);
      expect(lines).toContain('Total registered credit hours 7');
    },
  );

  it('GET export-registration: refusals and bad parameters', async () => {
    const url = (id: unknown, lang = 'ar') => `/api/sis/registrations/students/export-registration/${id}/${lang}`;
    const other = await call(app, 'GET', url(mona.student_id), { token: ali.token });
    expect(other.status).toBe(403);
    expect((await call(app, 'GET', url(ali.student_id), { token: instructor.token })).status).toBe(403);
    expect((await call(app, 'GET', url(ali.student_id))).status).toBe(401);
    const lang = await call(app, 'GET', url(ali.student_id, 'fr'), { token: ali.token });
    expect(lang.status).toBe(400);
    expect(lang.body.error).toBe('The language must be ar or en');
    expect((await call(app, 'GET', url('abc'), { token: registrar.token })).status).toBe(400);
    expect((await call(app, 'GET', url(0), { token: registrar.token })).status).toBe(400);
    expect((await call(app, 'GET', url(99_999_999), { token: registrar.token })).status).toBe(404);
    // a student's own document
    const empty = await download(app, 'GET', url(mona.student_id, 'en'), { token: mona.token });
    expect(empty.status).toBe(200);
    if (fs.existsSync(PDFTOTEXT)) expect(pdfText(empty.buffer).join('\n')).toContain('Technical Writing');
  });
});
