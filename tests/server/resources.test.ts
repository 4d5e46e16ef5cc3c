/**
 * The generic resource API, every verb, as staff (no row scope): list with filters, search,
 * sort and paging; get; details; create and update with the database checks; delete and
 * restore; access logs. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cloneManifest } from './fixtures/manifest.ts';
import { BACKENDS, call, createUser, useServer, type TestUser } from './harness.ts';

describe.each(BACKENDS)('generic resources on $name', (backend) => {
  const t = useServer(backend);
  let staff: TestUser;
  let faculties: number[];

  beforeAll(async () => {
    staff = await createUser(t.db, { type: 4, roles: ['registrar'] });
    const rows = await t.db
      .insertInto('faculties')
      .values([
        { code: 'ENG', name: 'Engineering', name_local: 'الهندسة' },
        { code: 'MED', name: 'Medicine', name_local: 'الطب' },
        { code: 'LAW', name: 'Law', name_local: 'الحقوق' },
      ])
      .returning('id')
      .execute();
    faculties = rows.map((r) => Number(r.id));
    const students = Array.from({ length: 25 }, (_, i) => ({
      code: `C${String(i).padStart(3, '0')}`,
      name: `Student ${String.fromCharCode(65 + (i % 26))}${i}`,
      faculty_id: faculties[i % 3],
      status_id: i < 5 ? 2 : 1,
      gpa: (i % 5) * 0.8,
    }));
    await t.db.insertInto('students').values(students).execute();
  });

  const list = (body: unknown) => call(t.app, 'POST', '/api/sis/students', { token: staff.token, body });

  it('lists with the defaults: page 1, 10 per page, count of all, sorted by the entity sort', async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.meta.count).toBe(25);
    expect(body.meta.page).toBe(1);
    expect(body.meta.perPage).toBe(10);
    const names = body.data.map((r: any) => r.name);
    expect(names).toEqual([...names].sort());
  });

  it('lists with no body at all', async () => {
    const { status, body } = await call(t.app, 'POST', '/api/sis/students', { token: staff.token });
    expect(status).toBe(200);
    expect(body.meta.count).toBe(25);
  });

  it('pages, and caps perPage at 100', async () => {
    const page3 = await list({ page: 3, perPage: 10 });
    expect(page3.body.data).toHaveLength(5);
    const big = await list({ perPage: 1000 });
    expect(big.body.meta.perPage).toBe(100);
    expect(big.body.data).toHaveLength(25);
  });

  it('filters by a value, a list of values and null', async () => {
    const one = await list({ filters: { faculty_id: faculties[0] }, perPage: 100 });
    expect(one.body.meta.count).toBe(9);
    expect(one.body.data.every((r: any) => r.faculty_id === faculties[0])).toBe(true);
    const two = await list({ filters: { faculty_id: [faculties[0], faculties[1]], status_id: 1 } });
    expect(two.body.meta.count).toBe(13);
    const none = await list({ filters: { national_id: null } });
    expect(none.body.meta.count).toBe(25);
    const asText = await list({ filters: { faculty_id: String(faculties[2]) } });
    expect(asText.body.meta.count).toBe(8);
  });

  it('searches the searchable fields, case-insensitively, with LIKE wildcards taken literally', async () => {
    const { body } = await list({ search: 'student a0' });
    expect(body.data.map((r: any) => r.name)).toEqual(['Student A0']);
    expect((await list({ search: 'c01' })).body.meta.count).toBe(10);
    expect((await list({ search: '%' })).body.meta.count).toBe(0);
  });

  it('sorts by {field, order} and by sortBy/sortDesc', async () => {
    const desc = await list({ sort: { field: 'code', order: 'desc' } });
    expect(desc.body.data[0].code).toBe('C024');
    const legacy = await list({ sortBy: 'gpa', sortDesc: true });
    expect(legacy.body.data[0].gpa).toBe(3.2);
    const legacyArray = await list({ sortBy: ['code'], sortDesc: [false] });
    expect(legacyArray.body.data[0].code).toBe('C000');
  });

  it('sends the status tables and referenced rows the list needs as meta.lookup', async () => {
    const { body } = await list({});
    expect(body.meta.lookup.student_status.map((s: any) => s.id)).toEqual([1, 2]);
    expect(body.meta.lookup.student_status[0]).toMatchObject({ name: 'Active', name_local: 'نشط', color: 'success' });
    expect(body.meta.lookup.faculties).toHaveLength(3);
    expect(body.meta.lookup.faculties[0]).toEqual({
      id: expect.any(Number),
      name: 'Engineering',
      name_local: 'الهندسة',
      code: 'ENG',
    });
  });

  it('gets one row, with /{id}/{type} too, and 404 for a missing id', async () => {
    const first = (await list({})).body.data[0];
    const one = await call(t.app, 'GET', `/api/sis/students/${first.id}`, { token: staff.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(first);
    const typed = await call(t.app, 'GET', `/api/sis/students/${first.id}/edit`, { token: staff.token });
    expect(typed.body).toEqual({ data: first, meta: { type: 'edit' } });
    expect((await call(t.app, 'GET', '/api/sis/students/999999', { token: staff.token })).status).toBe(404);
  });

  it('gets details: the row with its referenced rows', async () => {
    const first = (await list({ filters: { faculty_id: faculties[1] } })).body.data[0];
    const { status, body } = await call(t.app, 'GET', `/api/sis/students/details/${first.id}`, { token: staff.token });
    expect(status).toBe(200);
    expect(body.data.id).toBe(first.id);
    expect(body.related.faculty_id).toMatchObject({ id: faculties[1], code: 'MED', name: 'Medicine' });
    expect(body.related.user_id).toBeNull();
    expect(body.meta.lookup.student_status).toHaveLength(2);
  });

  it('creates (201) with defaults applied and never returns server-only fields', async () => {
    const { status, body } = await call(t.app, 'PUT', '/api/sis/students', {
      token: staff.token,
      body: {
        code: 'NEW1',
        name: 'New Student',
        faculty_id: String(faculties[0]),
        gpa: '3.5',
        birth_date: '2004-02-29',
      },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      code: 'NEW1',
      faculty_id: faculties[0],
      gpa: 3.5,
      status_id: 1,
      level: 1,
      birth_date: '2004-02-29',
    });
    await t.db.updateTable('users').set({ password_hash: 'secret-hash' }).where('id', '=', staff.id).execute();
    const user = await call(t.app, 'GET', `/api/sis/users/${staff.id}`, { token: staff.token });
    expect(user.status).toBe(200);
    expect(user.body.data.email).toMatch(/@example.edu$/);
    expect(user.body.data).not.toHaveProperty('password_hash');
    const users = await call(t.app, 'POST', '/api/sis/users', { token: staff.token, body: {} });
    expect(JSON.stringify(users.body)).not.toContain('secret-hash');
    const filterBySecret = await call(t.app, 'POST', '/api/sis/users', {
      token: staff.token,
      body: { filters: { password_hash: 'secret-hash' } },
    });
    expect(filterBySecret.status).toBe(400);
  });

  it('updates only the fields sent, ignores read-only and system fields, refuses unknown ones', async () => {
    const created = await call(t.app, 'PUT', '/api/sis/students', {
      token: staff.token,
      body: { code: 'UPD1', name: 'Before', faculty_id: faculties[0] },
    });
    const id = created.body.data.id;
    const updated = await call(t.app, 'PUT', `/api/sis/students/${id}`, {
      token: staff.token,
      body: { name: 'After', id: 12345, created_at: '2000-01-01', user_id: 77 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: 'After', code: 'UPD1', user_id: null });
    const unknown = await call(t.app, 'PUT', `/api/sis/students/${id}`, {
      token: staff.token,
      body: { name: 'X', shoe_size: 44 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ shoe_size: ['This field is not accepted here'] });
    expect(
      (await call(t.app, 'PUT', '/api/sis/students/999999', { token: staff.token, body: { name: 'X' } })).status,
    ).toBe(404);
  });

  it('answers 422 on the field for a unique value taken, a missing reference and a status not in its table', async () => {
    const taken = await call(t.app, 'PUT', '/api/sis/students', {
      token: staff.token,
      body: { code: 'C001', name: 'Dup', faculty_id: faculties[0] },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.code).toEqual(['This value is already taken']);
    const missingRef = await call(t.app, 'PUT', '/api/sis/students', {
      token: staff.token,
      body: { code: 'REF1', name: 'Ref', faculty_id: 987654 },
    });
    expect(missingRef.status).toBe(422);
    expect(missingRef.body.errors.faculty_id).toEqual(['The selected item does not exist']);
    const badStatus = await call(t.app, 'PUT', '/api/sis/students', {
      token: staff.token,
      body: { code: 'ST1', name: 'St', faculty_id: faculties[0], status_id: 9 },
    });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors.status_id).toEqual(['Not a valid status']);
  });

  it('soft-deletes, hides the row, lists it with trashed, and restores it', async () => {
    const created = await call(t.app, 'PUT', '/api/sis/faculties', {
      token: staff.token,
      body: { code: 'ART', name: 'Arts' },
    });
    const id = created.body.data.id;
    const del = await call(t.app, 'DELETE', `/api/sis/faculties/${id}`, { token: staff.token });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id });
    expect((await call(t.app, 'GET', `/api/sis/faculties/${id}`, { token: staff.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/sis/faculties/${id}`, { token: staff.token })).status).toBe(404);
    const trashed = await call(t.app, 'POST', '/api/sis/faculties', { token: staff.token, body: { trashed: 'only' } });
    expect(trashed.body.data.map((r: any) => r.id)).toEqual([id]);
    // the code of a deleted row is free again; restoring the old row then clashes
    const again = await call(t.app, 'PUT', '/api/sis/faculties', {
      token: staff.token,
      body: { code: 'ART', name: 'Arts 2' },
    });
    expect(again.status).toBe(201);
    const clash = await call(t.app, 'POST', `/api/sis/faculties/restore/${id}`, { token: staff.token });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.code).toEqual(['This value is already taken']);
    await call(t.app, 'DELETE', `/api/sis/faculties/${again.body.data.id}`, { token: staff.token });
    const restored = await call(t.app, 'POST', `/api/sis/faculties/restore/${id}`, { token: staff.token });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ id, deleted_at: null, code: 'ART' });
    expect((await call(t.app, 'GET', `/api/sis/faculties/${id}`, { token: staff.token })).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/sis/faculties/restore/${id}`, { token: staff.token })).status).toBe(200);
  });

  it('hard-deletes when softDelete is false', async () => {
    const student = (await list({})).body.data[0];
    const created = await call(t.app, 'PUT', '/api/sis/enrolments', {
      token: staff.token,
      body: { student_id: student.id, status: 262144 + 16 },
    });
    expect(created.status).toBe(201);
    const del = await call(t.app, 'DELETE', `/api/sis/enrolments/${created.body.data.id}`, { token: staff.token });
    expect(del.status).toBe(200);
    expect(await t.db.selectFrom('enrolments').selectAll().where('id', '=', created.body.data.id).execute()).toEqual(
      [],
    );
    expect(
      (await call(t.app, 'POST', `/api/sis/enrolments/restore/${created.body.data.id}`, { token: staff.token })).status,
    ).toBe(404);
  });

  it('filters bit-flag statuses by flag, and accepts flag combinations above 2^32', async () => {
    const student = (await list({})).body.data[1];
    const both = await call(t.app, 'PUT', '/api/sis/enrolments', {
      token: staff.token,
      body: { student_id: student.id, status: 549755813888 + 32 },
    });
    expect(both.status).toBe(201);
    expect(both.body.data.status).toBe(549755813888 + 32);
    const byFlag = await call(t.app, 'POST', '/api/sis/enrolments', {
      token: staff.token,
      body: { filters: { status: 32 } },
    });
    expect(byFlag.body.data.map((r: any) => r.id)).toEqual([both.body.data.id]);
    const bad = await call(t.app, 'PUT', '/api/sis/enrolments', {
      token: staff.token,
      body: { student_id: student.id, status: 64 },
    });
    expect(bad.status).toBe(422);
  });

  it('round-trips json, money and time fields', async () => {
    const student = (await list({})).body.data[0];
    const { status, body } = await call(t.app, 'PUT', '/api/sis/excuses', {
      token: staff.token,
      body: { student_id: student.id, reason: 'Ill', details: [{ day: 1 }, 'x'], fee: '12.50', starts_at: '08:30' },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ details: [{ day: 1 }, 'x'], fee: 12.5, starts_at: '08:30:00', status_id: 1 });
  });

  it("follows a status table's transitions: only listed changes, only by who may make them", async () => {
    const student = (await list({})).body.data[0];
    const created = await call(t.app, 'PUT', '/api/sis/excuses', {
      token: staff.token,
      body: { student_id: student.id, reason: 'Trip' },
    });
    const id = created.body.data.id;
    expect(created.body.data.status_id).toBe(1);
    const accepted = await call(t.app, 'PUT', `/api/sis/excuses/${id}`, { token: staff.token, body: { status_id: 2 } });
    expect(accepted.status).toBe(200);
    const back = await call(t.app, 'PUT', `/api/sis/excuses/${id}`, { token: staff.token, body: { status_id: 1 } });
    expect(back.status).toBe(422);
    expect(back.body.errors.status_id).toEqual(['This status change is not allowed']);
  });

  it('writes an access_logs row for every successful write, none for a refused one', async () => {
    const before = await t.db.selectFrom('access_logs').selectAll().execute();
    const created = await call(t.app, 'PUT', '/api/sis/faculties', {
      token: staff.token,
      body: { code: 'LOG', name: 'Logged' },
    });
    await call(t.app, 'PUT', `/api/sis/faculties/${created.body.data.id}`, {
      token: staff.token,
      body: { name: 'Logged 2' },
    });
    await call(t.app, 'PUT', '/api/sis/faculties', { token: staff.token, body: { code: 'LOG', name: 'Dup' } });
    await call(t.app, 'DELETE', `/api/sis/faculties/${created.body.data.id}`, { token: staff.token });
    await call(t.app, 'POST', `/api/sis/faculties/restore/${created.body.data.id}`, { token: staff.token });
    const after = await t.db
      .selectFrom('access_logs')
      .selectAll()
      .where('id', '>', before.at(-1)?.id ?? 0)
      .orderBy('id')
      .execute();
    expect(after.map((r) => r.action)).toEqual(['create', 'update', 'delete', 'restore']);
    expect(after[0]).toMatchObject({
      user_id: staff.id,
      resource: 'faculties',
      record_id: created.body.data.id,
      ip: '127.0.0.1',
    });
    expect(after[0].at).toBeInstanceOf(Date);
  });

  it('does not serve entities with expose: false, nor undeclared names', async () => {
    expect((await call(t.app, 'POST', '/api/sis/user_tokens', { token: staff.token, body: {} })).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/sis/constructor', { token: staff.token, body: {} })).status).toBe(404);
  });
});

describe.each(BACKENDS)('hard delete of a referenced row on $name', (backend) => {
  const manifest = cloneManifest();
  manifest.entities.faculties!.softDelete = false;
  const t = useServer(backend, manifest);

  it('answers 409 while other rows point at it, and deletes nothing', async () => {
    const staff = await createUser(t.db, { type: 4, roles: ['registrar'] });
    const faculty = await t.db
      .insertInto('faculties')
      .values({ code: 'REF', name: 'Referenced' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('students').values({ code: 'P1', name: 'Pointer', faculty_id: faculty.id }).execute();
    const res = await call(t.app, 'DELETE', `/api/sis/faculties/${faculty.id}`, { token: staff.token, lang: 'ar' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'هذا السجل مستخدم في سجلات أخرى ولا يمكن حذفه' });
    expect(await t.db.selectFrom('faculties').select('id').where('id', '=', faculty.id).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('access_logs').select('id').where('action', '=', 'delete').execute()).toHaveLength(0);
  });
});
