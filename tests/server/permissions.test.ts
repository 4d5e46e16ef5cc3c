/**
 * Permission calls (portal-core sections 6 and 7): GET /users/permissions, POST
 * /roles/user/{id}, and per-user access (PUT /users/set/access/{id}; POST, GET and DELETE
 * /users/access/{id}), with who may read and change them. On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, createUser, type TestUser } from './harness.ts';
import { useAuthServer } from './helpers/auth-server.ts';

describe.each(BACKENDS)('permissions on $name', (backend) => {
  const t = useAuthServer(backend);
  let student: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    student = await createUser(t.db, { type: 3, roles: ['student'], permissions: ['edit_students'] });
    other = await createUser(t.db, { type: 3, roles: ['student'] });
    admin = await createUser(t.db, { type: 4, roles: ['registrar'] });
    manager = await createUser(t.db, { type: 4, roles: ['access_manager'] });
  });

  const permissionsOf = async (user: TestUser) =>
    (await call(t.app, 'GET', '/api/sis/users/permissions', { token: user.token })).body.permissions as string[];

  it("GET /users/permissions returns the caller's permissions; a guest gets 401", async () => {
    const { status, body } = await call(t.app, 'GET', '/api/sis/users/permissions', { token: student.token });
    expect(status).toBe(200);
    expect(body.permissions).toEqual(['access_student', 'edit_students', 'public']);
    expect(body.roles).toEqual(['student']);
    expect((await call(t.app, 'GET', '/api/sis/users/permissions')).status).toBe(401);
  });

  it('POST /roles/user/{id} returns roles, direct_permissions, role_permissions and user_access_permissions', async () => {
    const { status, body } = await call(t.app, 'POST', `/api/sis/roles/user/${student.id}`, { token: student.token });
    expect(status).toBe(200);
    expect(body.roles).toEqual([
      { name: 'student', label: { en: 'Student', ar: 'طالب' }, permissions: ['public', 'access_student'] },
    ]);
    expect(body.direct_permissions).toEqual(['edit_students']);
    expect(body.role_permissions).toEqual(['access_student', 'public']);
    expect(body.user_access_permissions).toEqual([]);
    expect(body.permissions).toEqual(['access_student', 'edit_students', 'public']);
  });

  it('reading another user needs a read permission', async () => {
    expect((await call(t.app, 'POST', `/api/sis/roles/user/${other.id}`, { token: student.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/sis/users/access/${other.id}`, { token: student.token })).status).toBe(403);
    expect((await call(t.app, 'POST', `/api/sis/roles/user/${other.id}`, { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/sis/roles/user/${other.id}`, { token: manager.token })).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/sis/roles/user/${other.id}`)).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/sis/roles/user/999999', { token: admin.token })).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/sis/roles/user/abc', { token: admin.token })).status).toBe(400);
  });

  it('adds access (POST), which the user then holds, and logs the change', async () => {
    const added = await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, {
      token: manager.token,
      body: { permissions: ['manage_faculties'] },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual([{ permission: 'manage_faculties', allowed: true }]);
    expect(added.body.available.map((p: any) => p.name)).toContain('manage_faculties');
    expect(added.body.available.map((p: any) => p.name)).not.toContain('public');
    expect(await permissionsOf(other)).toContain('manage_faculties');
    const breakdown = await call(t.app, 'POST', `/api/sis/roles/user/${other.id}`, { token: other.token });
    expect(breakdown.body.user_access_permissions).toEqual(['manage_faculties']);
    const log = await t.db
      .selectFrom('access_logs')
      .selectAll()
      .where('resource', '=', 'user_access')
      .where('record_id', '=', other.id)
      .execute();
    expect(log.length).toBeGreaterThan(0);
    expect(log[0]).toMatchObject({ user_id: manager.id, action: 'update', ip: '127.0.0.1' });
  });

  it('takes a role permission away with allowed: false (the negative grant)', async () => {
    const res = await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, {
      token: admin.token,
      body: { permission: 'access_student', allowed: false },
    });
    expect(res.status).toBe(201);
    expect(await permissionsOf(other)).not.toContain('access_student');
    const breakdown = await call(t.app, 'POST', `/api/sis/roles/user/${other.id}`, { token: admin.token });
    expect(breakdown.body.user_access_denied).toEqual(['access_student']);
    expect(breakdown.body.role_permissions).toContain('access_student');
  });

  it('PUT /users/set/access/{id} replaces the whole set; GET reads it (the user may read their own)', async () => {
    const set = await call(t.app, 'PUT', `/api/sis/users/set/access/${other.id}`, {
      token: admin.token,
      body: { permissions: ['edit_students', 'manage_faculties'] },
    });
    expect(set.status).toBe(200);
    const own = await call(t.app, 'GET', `/api/sis/users/access/${other.id}`, { token: other.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([
      { permission: 'edit_students', allowed: true },
      { permission: 'manage_faculties', allowed: true },
    ]);
    expect(await permissionsOf(other)).toContain('access_student');
  });

  it('DELETE /users/access/{id} removes one grant, or resets them all', async () => {
    const one = await call(t.app, 'DELETE', `/api/sis/users/access/${other.id}?permission=edit_students`, {
      token: admin.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual([{ permission: 'manage_faculties', allowed: true }]);
    const all = await call(t.app, 'DELETE', `/api/sis/users/access/${other.id}`, { token: admin.token });
    expect(all.body.data).toEqual([]);
    expect(await permissionsOf(other)).toEqual(['access_student', 'public']);
  });

  it('only managers change access, only declared permissions, and nobody grants what they do not hold', async () => {
    const body = { permissions: ['manage_faculties'] };
    expect(
      (await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, { token: student.token, body })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/api/sis/users/set/access/${other.id}`, { token: student.token, body })).status,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/sis/users/access/${other.id}`, { token: student.token })).status).toBe(
      403,
    );
    expect((await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, { body })).status).toBe(401);

    const escalate = await call(t.app, 'POST', `/api/sis/users/access/${manager.id}`, {
      token: manager.token,
      body: { permissions: ['admin_system'] },
    });
    expect(escalate.status).toBe(422);
    expect(escalate.body.errors.permissions[0]).toMatch(/you do not hold it yourself/);
    const unknown = await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, {
      token: admin.token,
      body: { permissions: ['fly_to_moon'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.permissions).toEqual(['Unknown permission "fly_to_moon"']);
    expect(
      (
        await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, {
          token: admin.token,
          body: { permissions: ['public'] },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, {
          token: admin.token,
          body: { permissions: [7] },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call(t.app, 'POST', `/api/sis/users/access/${other.id}`, { token: admin.token, body: {} })).status,
    ).toBe(422);
    expect((await call(t.app, 'POST', '/api/sis/users/access/999999', { token: admin.token, body })).status).toBe(404);
    const after = await call(t.app, 'GET', `/api/sis/users/access/${other.id}`, { token: admin.token });
    expect(after.body.data).toEqual([]);
  });
});
