/**
 * Sessions and the request subject: tokens are stored hashed and resolve until expiry or
 * revocation; request.user carries the type name and the permissions of roles, direct grants
 * and user-access grants (allowed: false takes one away); no token is a Guest. Also the
 * health check and the built client's SPA fallback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLoginLink, consumeLoginLink } from '../../server/domains/auth/link-tokens.ts';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { hashToken, issueToken, resolveToken, revokeToken, revokeUserTokens } from '../../server/auth/tokens.ts';
import { applicantUser, guestUser, loadUser } from '../../server/auth/user.ts';
import { loadConfig } from '../../server/config.ts';
import { fixtureManifest } from './fixtures/manifest.ts';
import { BACKENDS, call, createUser, useServer } from './harness.ts';

describe.each(BACKENDS)('sessions and request.user on $name', (backend) => {
  const t = useServer(backend);
  let userId: number;

  beforeAll(async () => {
    userId = (await createUser(t.db, { type: 4, roles: ['registrar'] })).id;
  });

  it('issues a 32-byte token once and stores only its sha256', async () => {
    const { token, expiresAt } = await issueToken(t.db, userId, 60, { ip: '10.0.0.1', userAgent: 'test' });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    const rows = await t.db.selectFrom('user_tokens').selectAll().where('user_id', '=', userId).execute();
    expect(rows.some((r) => r.token_hash === hashToken(token) && r.ip === '10.0.0.1')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await resolveToken(t.db, token)).toBe(userId);
  });

  it('stops resolving a token once revoked or expired', async () => {
    const { token } = await issueToken(t.db, userId, 60);
    expect(await revokeToken(t.db, token)).toBe(true);
    expect(await resolveToken(t.db, token)).toBeNull();
    expect(await revokeToken(t.db, token)).toBe(false);
    const old = await issueToken(t.db, userId, -1);
    expect(await resolveToken(t.db, old.token)).toBeNull();
    expect(await resolveToken(t.db, 'short')).toBeNull();
    const a = await issueToken(t.db, userId, 60);
    expect(await revokeUserTokens(t.db, userId)).toBeGreaterThan(0);
    expect(await resolveToken(t.db, a.token)).toBeNull();
  });

  it('builds the subject from roles, direct permissions and user access (allowed: false removes)', async () => {
    const faculty = await t.db
      .insertInto('faculties')
      .values({ code: 'SUB', name: 'Subjects' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const student = await createUser(t.db, {
      type: 3,
      roles: ['student'],
      permissions: ['manage_users'],
      student: { faculty_id: faculty.id },
    });
    await t.db.updateTable('users').set({ faculty_id: faculty.id }).where('id', '=', student.id).execute();
    await t.db
      .insertInto('user_access')
      .values([
        { user_id: student.id, permission: 'edit_students', allowed: true },
        { user_id: student.id, permission: 'access_student', allowed: false },
      ])
      .execute();
    const user = await loadUser(t.db, t.manifest, student.id);
    expect(user).toMatchObject({
      id: student.id,
      type: 3,
      typeName: 'Student',
      roles: ['student'],
      student_id: student.student_id,
      faculty_id: Number(faculty.id),
      permissions: ['edit_students', 'manage_users', 'public'],
    });
    expect(user!.applicant_id).toBeUndefined();
  });

  it('treats a deleted or inactive user as signed out', async () => {
    const gone = await createUser(t.db, { type: 4 });
    await t.db.updateTable('users').set({ active: false }).where('id', '=', gone.id).execute();
    expect(await loadUser(t.db, t.manifest, gone.id)).toBeNull();
    // faculties are readable by any signed-in user (public): the inactive user is a Guest now
    expect((await call(t.app, 'POST', '/api/sis/faculties', { token: gone.token, body: {} })).status).toBe(401);
    const deleted = await createUser(t.db, { type: 4, roles: ['registrar'] });
    await t.db
      .updateTable('users')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', deleted.id)
      .execute();
    expect((await call(t.app, 'POST', '/api/sis/students', { token: deleted.token, body: {} })).status).toBe(401);
  });

  it('deactivation and deletion end sessions and sign-in links for good: re-activation brings none back', async () => {
    const paused = await createUser(t.db, { type: 4 });
    const link = await issueLoginLink(t.db, paused.id);
    await t.db.updateTable('users').set({ active: false }).where('id', '=', paused.id).execute();
    await t.db.updateTable('users').set({ active: true }).where('id', '=', paused.id).execute();
    expect((await call(t.app, 'POST', '/api/sis/faculties', { token: paused.token, body: {} })).status).toBe(401);
    expect(await consumeLoginLink(t.db, link.token)).toBeNull();
    const restored = await createUser(t.db, { type: 4 });
    await t.db
      .updateTable('users')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', restored.id)
      .execute();
    await t.db.updateTable('users').set({ deleted_at: null }).where('id', '=', restored.id).execute();
    expect((await call(t.app, 'POST', '/api/sis/faculties', { token: restored.token, body: {} })).status).toBe(401);
    // Other changes to a user leave their sessions alone.
    const renamed = await createUser(t.db, { type: 4 });
    await t.db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', renamed.id).execute();
    expect((await call(t.app, 'POST', '/api/sis/faculties', { token: renamed.token, body: {} })).status).toBe(200);
  });

  it('answers a signed-in caller with Cache-Control: no-store, and a guest without it', async () => {
    const me = await createUser(t.db, { type: 4 });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/sis/faculties',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers['x-frame-options']).toBe('DENY');
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('gives Guests and applicants the permissions of their roles', () => {
    expect(guestUser(t.manifest)).toMatchObject({
      id: null,
      typeName: 'Guest',
      type: 0,
      permissions: ['guest'],
      roles: ['guest'],
    });
    expect(applicantUser(t.manifest, { id: 7, name: 'Applicant A' })).toMatchObject({
      typeName: 'Applicant',
      applicant_id: 7,
      permissions: [],
    });
  });

  it('answers /api/health once ready', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res).toEqual({ status: 200, body: { status: 'ok' } });
  });
});

describe('serving the built client', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-client-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Rowaq</title>');
    fs.writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
    // No database query happens on these routes: a stub is enough.
    app = await buildApp({
      manifest: fixtureManifest,
      db: {} as never,
      config: loadConfig({}),
      domains: [],
      clientDir: dir,
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pages carry a Content-Security-Policy and refuse framing; files are not sniffed', async () => {
    const page = await app.inject({ url: '/students/12' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect((await app.inject({ url: '/app.js' })).headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves files, falls back to index.html for client routes, never for /api', async () => {
    expect((await app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    const route = await app.inject({ url: '/students/12?tab=2' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Rowaq</title>');
    const api = await app.inject({ url: '/api/sis/nothing/here/at/all' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No such API address' });
    expect((await app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});
