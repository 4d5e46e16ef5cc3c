/**
 * System calls (portal-core sections 3 and 7, admission-and-grid sections 3 and 7):
 * GET /university/data, GET /system/current-terms, POST /lookups/get and /lookups/index,
 * GET /users/live-data, GET /website/admissionData. On PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../generator/manifest-types.ts';
import { BACKENDS, call, createUser, type TestUser } from './harness.ts';
import { createPasswordUser, useAuthServer } from './helpers/auth-server.ts';

describe.each(BACKENDS)('system calls on $name', (backend) => {
  const t = useAuthServer(backend);
  let staff: TestUser;
  let student: TestUser;
  let faculty: number;

  beforeAll(async () => {
    staff = await createUser(t.db, { type: 4, roles: ['registrar'] });
    const row = await t.db
      .insertInto('faculties')
      .values({ code: 'ENG', name: 'Engineering', name_local: 'الهندسة' })
      .returning('id')
      .executeTakeFirstOrThrow();
    faculty = Number(row.id);
    student = await createUser(t.db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    await createUser(t.db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
  });

  it('university data: every flag is "false" until the university sets it', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/sis/university/data');
    expect(status).toBe(200);
    for (const flag of [
      'attendance_with_qr_code',
      'lazy_admission',
      'pay_with_fawry',
      'pay_with_credit_card',
      'pay_with_voucher',
    ]) {
      expect(body[flag]).toBe('false');
      expect(body.data).toContainEqual({ name: flag, value: 'false' });
    }
    expect(body.data).toContainEqual({ name: 'favicon', value: null });
  });

  it('university data: name/value settings, flags as "true"/"false" strings, private settings left out', async () => {
    await t.db
      .insertInto('settings')
      .values([
        { name: 'attendance_with_qr_code', value: 'TRUE' },
        { name: 'pay_with_credit_card', value: '1' },
        { name: 'lazy_admission', value: 'true', public: true },
        { name: 'pay_with_fawry', value: 'no' },
        { name: 'favicon', value: '/files/favicon.png' },
        { name: 'welcome_text', value: 'Welcome', public: true },
        { name: 'smtp_password', value: 'secret' },
      ])
      .execute();
    for (const base of ['/api/sis', '/api']) {
      const { status, body } = await call(t.app, 'GET', `${base}/university/data`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        attendance_with_qr_code: 'true',
        pay_with_credit_card: 'true',
        lazy_admission: 'true',
        pay_with_fawry: 'false',
        pay_with_voucher: 'false',
      });
      const values = Object.fromEntries(body.data.map((s: any) => [s.name, s.value]));
      expect(values).toMatchObject({
        favicon: '/files/favicon.png',
        welcome_text: 'Welcome',
        attendance_with_qr_code: 'true',
        pay_with_credit_card: 'true',
      });
      expect(values).not.toHaveProperty('smtp_password');
    }
  });

  it('current terms: each flagged term (the latest when several), null when none', async () => {
    const empty = await call(t.app, 'GET', '/api/sis/system/current-terms');
    expect(empty.body).toEqual({
      current_term: null,
      current_admission_term_UG: null,
      current_admission_term_PG: null,
      current_control_term: null,
      current_exam_term: null,
    });
    await t.db
      .insertInto('terms')
      .values([
        { code: 'F24', name: 'Fall 2024', start_date: '2024-09-01', is_current: true, is_control: true },
        { code: 'S25', name: 'Spring 2025', start_date: '2025-02-01', is_current: true, is_exam: true },
        { code: 'F25', name: 'Fall 2025', start_date: '2025-09-01', is_admission_ug: true, is_admission_pg: true },
      ])
      .execute();
    const { status, body } = await call(t.app, 'GET', '/api/sis/system/current-terms', { token: student.token });
    expect(status).toBe(200);
    expect(body.current_term.code).toBe('S25');
    expect(body.current_exam_term.code).toBe('S25');
    expect(body.current_control_term.code).toBe('F24');
    expect(body.current_admission_term_UG).toMatchObject({ code: 'F25', name: 'Fall 2025', start_date: '2025-09-01' });
    expect(body.current_admission_term_PG.code).toBe('F25');
  });

  it('lookups by name: status tables for anyone, entities for those who may read them', async () => {
    for (const path of ['/api/sis/lookups/get', '/api/sis/lookups/index']) {
      const { status, body } = await call(t.app, 'POST', path, {
        token: staff.token,
        body: { lookups: ['student_status', 'faculties'] },
      });
      expect(status).toBe(200);
      expect(body.data.student_status).toEqual([
        { id: 1, key: 'active', name: 'Active', name_local: 'نشط', color: 'success' },
        { id: 2, key: 'graduated', name: 'Graduated', name_local: 'متخرج', color: 'info' },
      ]);
      expect(body.data.faculties).toEqual([{ id: faculty, code: 'ENG', name: 'Engineering', name_local: 'الهندسة' }]);
    }
    const guest = await call(t.app, 'POST', '/api/sis/lookups/get', { body: ['registration_status'] });
    expect(guest.status).toBe(200);
    expect(guest.body.data.registration_status.map((s: any) => s.id)).toContain(549755813888);
    const refused = await call(t.app, 'POST', '/api/sis/lookups/get', { body: { lookups: ['faculties'] } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.lookups).toEqual(['You may not read the lookup "faculties"']);
  });

  it('lookups keep row scopes, and refuse unknown names, storage tables and bad requests', async () => {
    const own = await call(t.app, 'POST', '/api/sis/lookups/get', { token: student.token, body: { name: 'students' } });
    expect(own.status).toBe(200);
    expect(own.body.data.students.map((s: any) => s.id)).toEqual([student.student_id]);
    const all = await call(t.app, 'POST', '/api/sis/lookups/get', { token: staff.token, body: { name: 'students' } });
    expect(all.body.data.students).toHaveLength(2);
    const unknown = await call(t.app, 'POST', '/api/sis/lookups/get', {
      token: staff.token,
      body: { lookups: ['nothing_here'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.lookups).toEqual(['Unknown lookup "nothing_here"']);
    expect(
      (await call(t.app, 'POST', '/api/sis/lookups/get', { token: staff.token, body: { lookups: ['user_tokens'] } }))
        .status,
    ).toBe(422);
    expect((await call(t.app, 'POST', '/api/sis/lookups/get', { token: staff.token, body: {} })).status).toBe(422);
    expect(
      (await call(t.app, 'POST', '/api/sis/lookups/get', { token: staff.token, body: { lookups: [1] } })).status,
    ).toBe(422);
    expect((await call(t.app, 'POST', '/api/sis/lookups/get', { token: staff.token })).status).toBe(422);
  });

  it('live data: the chat notification count of a signed-in user', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/sis/users/live-data', { token: student.token });
    expect(status).toBe(200);
    expect(body).toEqual({ chat_notification_count: 0 });
    expect((await call(t.app, 'GET', '/api/sis/users/live-data')).status).toBe(401);
  });

  it('admission data: open admissions, admission terms and countries, under /api and /api/sis', async () => {
    await t.db
      .insertInto('countries')
      .values([
        { code: 'EG', name: 'Egypt', name_local: 'مصر' },
        { code: 'JO', name: 'Jordan', name_local: 'الأردن' },
      ])
      .execute();
    await t.db
      .insertInto('admissions')
      .values([
        { name: 'Undergraduate 2025', name_local: 'البكالوريوس 2025', active: true },
        { name: 'Closed round', active: false },
      ])
      .execute();
    for (const base of ['/api', '/api/sis']) {
      const { status, body } = await call(t.app, 'GET', `${base}/website/admissionData?language=ar`);
      expect(status).toBe(200);
      expect(body.admissions.map((a: any) => a.name)).toEqual(['Undergraduate 2025']);
      expect(body.admission_terms.map((term: any) => term.code)).toEqual(['F25']);
      expect(body.countries.map((c: any) => c.code)).toEqual(['EG', 'JO']);
    }
  });
});

const REAL_MANIFEST = path.resolve('.generated/manifest.json');
const realManifest: Manifest | undefined = fs.existsSync(REAL_MANIFEST)
  ? JSON.parse(fs.readFileSync(REAL_MANIFEST, 'utf8'))
  : undefined;

describe.skipIf(!realManifest).each(BACKENDS)(
  'sign-in, permission and system calls with the screens/ manifest on $name',
  (backend) => {
    const t = useAuthServer(backend, { manifest: realManifest });

    it('serves every call on the tables the YAML declares', async () => {
      const adminRoles = Object.values(realManifest!.roles)
        .filter((r) => r.permissions.includes('admin_system'))
        .map((r) => r.name);
      const admin = await createPasswordUser(t.db, { type: 4, roles: adminRoles });
      const student = await createPasswordUser(t.db, { type: 3, roles: ['student'] });
      const signedIn = await call(t.app, 'POST', '/api/sis/login', {
        body: { email: admin.email, password: admin.password },
      });
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.token as string;
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/api/sis/users/profile'],
        ['GET', '/api/sis/users/permissions'],
        ['POST', `/api/sis/roles/user/${student.id}`],
        ['GET', `/api/sis/users/access/${student.id}`],
        ['GET', '/api/sis/university/data'],
        ['GET', '/api/sis/system/current-terms'],
        ['GET', '/api/sis/users/live-data'],
        ['GET', '/api/website/admissionData'],
        ['POST', '/api/sis/lookups/get', { lookups: Object.keys(realManifest!.statusTables).slice(0, 5) }],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(t.app, method, url, { token, body });
        expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 200`);
      }
      const granted = await call(t.app, 'POST', `/api/sis/users/access/${student.id}`, {
        token,
        body: { permissions: ['access_users'] },
      });
      expect(granted.status).toBe(201);
      expect((await call(t.app, 'POST', '/api/forget-password', { body: { email: student.email } })).status).toBe(200);
      expect((await call(t.app, 'POST', '/api/sis/users/logout', { token })).status).toBe(200);
      const log = await t.db.selectFrom('access_logs').select('action').where('user_id', '=', admin.id).execute();
      expect(log.map((r) => r.action)).toEqual(expect.arrayContaining(['login', 'update', 'logout']));
    });
  },
);
