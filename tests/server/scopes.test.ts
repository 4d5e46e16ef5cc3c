/**
 * Row scopes on every verb: a student reaches their own rows only; another student's row is
 * a 404 through list, get, get/type, details, update, delete and restore, and a create is
 * always written as the caller's own. Staff holding the scope's `unless` permission see all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, createUser, useServer, type TestUser } from './harness.ts';

describe.each(BACKENDS)('row scopes on $name', (backend) => {
  const t = useServer(backend);
  let alice: TestUser;
  let bob: TestUser;
  let staff: TestUser;
  let staffWithoutStudent: TestUser;
  let aliceExcuse: number;
  let bobExcuse: number;
  let bobDeletedExcuse: number;

  beforeAll(async () => {
    const faculty = await t.db
      .insertInto('faculties')
      .values({ code: 'SCI', name: 'Science' })
      .returning('id')
      .executeTakeFirstOrThrow();
    alice = await createUser(t.db, { type: 3, roles: ['student'], student: { faculty_id: faculty.id } });
    bob = await createUser(t.db, { type: 3, roles: ['student'], student: { faculty_id: faculty.id } });
    staff = await createUser(t.db, { type: 4, roles: ['registrar'] });
    staffWithoutStudent = await createUser(t.db, { type: 4, roles: [] });
    const rows = await t.db
      .insertInto('excuses')
      .values([
        { student_id: alice.student_id, reason: 'Alice ill' },
        { student_id: bob.student_id, reason: 'Bob ill' },
        { student_id: bob.student_id, reason: 'Bob deleted', deleted_at: new Date() },
      ])
      .returning('id')
      .execute();
    [aliceExcuse, bobExcuse, bobDeletedExcuse] = rows.map((r) => Number(r.id));
  });

  it("lists only the caller's own rows, whatever the filters ask", async () => {
    const own = await call(t.app, 'POST', '/api/sis/excuses', { token: alice.token, body: {} });
    expect(own.body.data.map((r: any) => r.id)).toEqual([aliceExcuse]);
    expect(own.body.meta.count).toBe(1);
    const asked = await call(t.app, 'POST', '/api/sis/excuses', {
      token: alice.token,
      body: { filters: { student_id: bob.student_id } },
    });
    expect(asked.body.data).toEqual([]);
    expect(asked.body.meta.count).toBe(0);
    const students = await call(t.app, 'POST', '/api/sis/students', { token: alice.token, body: { perPage: 100 } });
    expect(students.body.data.map((r: any) => r.id)).toEqual([alice.student_id]);
  });

  it("answers 404 for another student's row on get, get/type and details", async () => {
    for (const url of [
      `/api/sis/excuses/${bobExcuse}`,
      `/api/sis/excuses/${bobExcuse}/edit`,
      `/api/sis/excuses/details/${bobExcuse}`,
      `/api/sis/students/${bob.student_id}`,
      `/api/sis/students/details/${bob.student_id}`,
    ]) {
      const res = await call(t.app, 'GET', url, { token: alice.token });
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Bob');
    }
    expect((await call(t.app, 'GET', `/api/sis/excuses/${aliceExcuse}`, { token: alice.token })).body.data.reason).toBe(
      'Alice ill',
    );
  });

  it("answers 404 to an update of another student's row and changes nothing", async () => {
    const res = await call(t.app, 'PUT', `/api/sis/excuses/${bobExcuse}`, {
      token: alice.token,
      body: { reason: 'hacked' },
    });
    expect(res.status).toBe(404);
    const student = await call(t.app, 'PUT', `/api/sis/students/${bob.student_id}`, {
      token: alice.token,
      body: { name: 'hacked' },
    });
    expect(student.status).toBe(404);
    const row = await t.db.selectFrom('excuses').select('reason').where('id', '=', bobExcuse).executeTakeFirstOrThrow();
    expect(row.reason).toBe('Bob ill');
  });

  it('cannot move an own row to another student', async () => {
    const res = await call(t.app, 'PUT', `/api/sis/excuses/${aliceExcuse}`, {
      token: alice.token,
      body: { student_id: bob.student_id, reason: 'moved?' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.student_id).toBe(alice.student_id);
  });

  it("writes a create as the caller's own row, whatever student_id was sent", async () => {
    const res = await call(t.app, 'PUT', '/api/sis/excuses', {
      token: alice.token,
      body: { student_id: bob.student_id, reason: 'Mine' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.student_id).toBe(alice.student_id);
    const noStudent = await call(t.app, 'PUT', '/api/sis/excuses', {
      token: staffWithoutStudent.token,
      body: { student_id: bob.student_id, reason: 'x' },
    });
    expect(noStudent.status).toBe(403);
  });

  it("answers 404 to a delete or a restore of another student's row and changes nothing", async () => {
    expect((await call(t.app, 'DELETE', `/api/sis/excuses/${bobExcuse}`, { token: alice.token })).status).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/sis/excuses/restore/${bobDeletedExcuse}`, { token: alice.token })).status,
    ).toBe(404);
    expect((await call(t.app, 'POST', `/api/sis/excuses/restore/${bobExcuse}`, { token: alice.token })).status).toBe(
      404,
    );
    const rows = await t.db
      .selectFrom('excuses')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [bobExcuse, bobDeletedExcuse])
      .orderBy('id')
      .execute();
    expect(rows[0].deleted_at).toBeNull();
    expect(rows[1].deleted_at).not.toBeNull();
    const trashed = await call(t.app, 'POST', '/api/sis/excuses', { token: alice.token, body: { trashed: 'only' } });
    expect(trashed.body.data).toEqual([]);
  });

  it('lets a student delete and restore their own row', async () => {
    const created = await call(t.app, 'PUT', '/api/sis/excuses', { token: alice.token, body: { reason: 'Temporary' } });
    const id = created.body.data.id;
    expect((await call(t.app, 'DELETE', `/api/sis/excuses/${id}`, { token: alice.token })).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/sis/excuses/restore/${id}`, { token: alice.token })).status).toBe(200);
  });

  it('does not let a student change a status along a transition reserved for staff', async () => {
    const res = await call(t.app, 'PUT', `/api/sis/excuses/${aliceExcuse}`, {
      token: alice.token,
      body: { status_id: 2 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.status_id).toEqual(['This status change is not allowed']);
  });

  it('leaves a user with no student id with no rows at all', async () => {
    const res = await call(t.app, 'POST', '/api/sis/excuses', { token: staffWithoutStudent.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(
      (await call(t.app, 'GET', `/api/sis/excuses/${aliceExcuse}`, { token: staffWithoutStudent.token })).status,
    ).toBe(404);
  });

  it('lifts the scope for staff holding `unless`', async () => {
    const res = await call(t.app, 'POST', '/api/sis/excuses', {
      token: staff.token,
      body: { filters: { student_id: bob.student_id } },
    });
    expect(res.body.data.map((r: any) => r.id)).toEqual([bobExcuse]);
    expect((await call(t.app, 'GET', `/api/sis/excuses/${bobExcuse}`, { token: staff.token })).status).toBe(200);
  });

  it('shows a student only labels of rows they cannot read in lookups and details', async () => {
    const details = await call(t.app, 'GET', `/api/sis/excuses/details/${aliceExcuse}`, { token: alice.token });
    expect(details.status).toBe(200);
    expect(details.body.related.student_id).toMatchObject({ id: alice.student_id, code: expect.any(String) });
    const list = await call(t.app, 'POST', '/api/sis/excuses', { token: alice.token, body: {} });
    expect(list.body.meta.lookup.students.map((s: any) => s.id)).toEqual([alice.student_id]);
    const students = await call(t.app, 'POST', '/api/sis/students', { token: alice.token, body: {} });
    expect(students.body.meta.lookup.users).toEqual([{ id: alice.id, name: 'Test User', name_local: null }]);
  });

  it('refuses a Guest with 401 and a user lacking the entity permission with 403', async () => {
    expect((await call(t.app, 'POST', '/api/sis/excuses', { body: {} })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/sis/excuses', { token: 'not-a-real-token', body: {} })).status).toBe(401);
    const res = await call(t.app, 'POST', '/api/sis/enrolments', { token: alice.token, body: {} });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'You are not allowed to do this' });
  });
});
