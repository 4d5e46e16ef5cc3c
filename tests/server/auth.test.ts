/**
 * Sign-in and session (portal-core sections 1, 4, 5, 7): POST /login with the spec's rules,
 * POST /users/logout revoking the token in the database, one-time sign-in links
 * (POST /login-with-token), GET /users/profile, the access log of it all, and the attempt
 * limits of login and forgot password. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { BACKENDS, call } from './harness.ts';
import { AUTH_DOMAINS, createPasswordUser, useAuthServer, type PasswordUser } from './helpers/auth-server.ts';
import { buildApp } from '../../server/app.ts';
import { authManifest } from './helpers/auth-manifest.ts';
import { field } from './fixtures/manifest.ts';
import { loadConfig } from '../../server/config.ts';

const login = (app: Parameters<typeof call>[0], email: string, password: string, lang?: string) =>
  call(app, 'POST', '/api/sis/login', { body: { email, password }, lang });

describe.each(BACKENDS)('sign-in on $name', (backend) => {
  const t = useAuthServer(backend);
  let student: PasswordUser;
  let staff: PasswordUser;
  let admin: PasswordUser;

  beforeAll(async () => {
    student = await createPasswordUser(t.db, { type: 3, roles: ['student'], name: 'Sara Student' });
    staff = await createPasswordUser(t.db, { type: 4, roles: ['registrar'] });
    admin = await createPasswordUser(t.db, { type: 4, roles: ['registrar'] });
  });

  it('signs a student in with the email trimmed and in any case, and returns token, type and user', async () => {
    const { status, body } = await login(t.app, `  ${student.email.toUpperCase()} `, student.password);
    expect(status).toBe(200);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.type).toEqual({ type: 3, name: 'Student' });
    expect(body.user).toMatchObject({
      id: student.id,
      name: 'Sara Student',
      type: { type: 3, name: 'Student' },
      roles: ['student'],
    });
    expect(body.user.permissions).toContain('access_student');
    expect(body.user).not.toHaveProperty('password_hash');
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const stored = await t.db
      .selectFrom('user_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(body.token))
      .executeTakeFirst();
    expect(stored?.user_id).toBe(student.id);
    const profile = await call(t.app, 'GET', '/api/sis/users/profile', { token: body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ id: student.id, email: student.email, type: { type: 3 } });
    expect(profile.body.data.last_login_at).toBeTruthy();
  });

  it('signs staff (type 4) in', async () => {
    const { status, body } = await login(t.app, staff.email, staff.password);
    expect(status).toBe(200);
    expect(body.type.type).toBe(4);
    expect(body.user.permissions).toContain('admin_system');
  });

  it('refuses a wrong password and an unknown email alike, 401 with a clear message in English and Arabic', async () => {
    const wrong = await login(t.app, student.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('The email or the password is incorrect');
    const unknown = await login(t.app, 'nobody@example.edu', 'whatever1', 'ar');
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('accepts only user types 3 and 4: an applicant (type 5) is refused and nobody is signed in', async () => {
    const applicant = await createPasswordUser(t.db, { type: 5 });
    const before = await t.db
      .selectFrom('user_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', applicant.id)
      .executeTakeFirst();
    const { status, body } = await login(t.app, applicant.email, applicant.password);
    expect(status).toBe(403);
    expect(body.error).toMatch(/cannot sign in to the portal/);
    expect(body).not.toHaveProperty('token');
    const after = await t.db
      .selectFrom('user_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', applicant.id)
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('refuses a deactivated user', async () => {
    const gone = await createPasswordUser(t.db, { type: 3, active: false });
    const { status, body } = await login(t.app, gone.email, gone.password, 'ar');
    expect(status).toBe(403);
    expect(body.error).toBe('هذا الحساب معطل؛ يرجى التواصل مع إدارة الجامعة');
  });

  it('answers 422 per field when email or password is missing', async () => {
    const { status, body } = await call(t.app, 'POST', '/api/sis/login', { body: { email: '   ' } });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
  });

  it('logout revokes the token in the database: the token no longer works', async () => {
    const { body } = await login(t.app, student.email, student.password);
    const out = await call(t.app, 'POST', '/api/sis/users/logout', { token: body.token });
    expect(out.status).toBe(200);
    const row = await t.db
      .selectFrom('user_tokens')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(body.token))
      .executeTakeFirst();
    expect(row?.revoked_at).toBeTruthy();
    const profile = await call(t.app, 'GET', '/api/sis/users/profile', { token: body.token });
    expect(profile.status).toBe(401);
    const again = await call(t.app, 'POST', '/api/sis/users/logout', { token: body.token });
    expect(again.status).toBe(401);
  });

  it('logout ends only that session', async () => {
    const a = await login(t.app, staff.email, staff.password);
    const b = await login(t.app, staff.email, staff.password);
    await call(t.app, 'POST', '/api/sis/users/logout', { token: a.body.token });
    expect((await call(t.app, 'GET', '/api/sis/users/profile', { token: a.body.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/sis/users/profile', { token: b.body.token })).status).toBe(200);
  });

  it('GET /users/profile needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/sis/users/profile')).status).toBe(401);
  });

  describe('one-time sign-in links', () => {
    let adminToken: string;
    beforeAll(async () => {
      adminToken = (await login(t.app, admin.email, admin.password)).body.token;
    });

    it('an administrator issues a link; it signs the user in once, then never again', async () => {
      const issued = await call(t.app, 'POST', `/api/sis/users/login-link/${student.id}`, { token: adminToken });
      expect(issued.status).toBe(200);
      expect(issued.body.path).toBe(`/login/${issued.body.token}`);
      const first = await call(t.app, 'POST', '/api/sis/login-with-token', { body: { token: issued.body.token } });
      expect(first.status).toBe(200);
      expect(first.body.type.type).toBe(3);
      expect(first.body.user.id).toBe(student.id);
      expect(first.body.token).not.toBe(issued.body.token);
      expect((await call(t.app, 'GET', '/api/sis/users/profile', { token: first.body.token })).status).toBe(200);
      // The link is not a session token.
      expect((await call(t.app, 'GET', '/api/sis/users/profile', { token: issued.body.token })).status).toBe(401);
      const second = await call(t.app, 'POST', '/api/sis/login-with-token', { body: { token: issued.body.token } });
      expect(second.status).toBe(401);
      expect(second.body.error).toBe('This sign-in link is invalid, used or expired');
    });

    it('token sign-in signs the caller out first', async () => {
      const current = (await login(t.app, staff.email, staff.password)).body.token;
      const issued = await call(t.app, 'POST', `/api/sis/users/login-link/${student.id}`, { token: adminToken });
      const res = await call(t.app, 'POST', '/api/sis/login-with-token', {
        token: current,
        body: { token: issued.body.token },
      });
      expect(res.status).toBe(200);
      expect((await call(t.app, 'GET', '/api/sis/users/profile', { token: current })).status).toBe(401);
    });

    it('refuses an unknown token, a missing token, and issuing by someone without manage rights', async () => {
      expect((await call(t.app, 'POST', '/api/sis/login-with-token', { body: { token: 'x'.repeat(43) } })).status).toBe(
        401,
      );
      expect((await call(t.app, 'POST', '/api/sis/login-with-token', { body: {} })).status).toBe(422);
      const studentToken = (await login(t.app, student.email, student.password)).body.token;
      expect((await call(t.app, 'POST', `/api/sis/users/login-link/${staff.id}`, { token: studentToken })).status).toBe(
        403,
      );
      expect((await call(t.app, 'POST', `/api/sis/users/login-link/${staff.id}`)).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/sis/users/login-link/999999', { token: adminToken })).status).toBe(404);
    });

    it('a link for a user who may not use the portal does not sign in', async () => {
      const applicant = await createPasswordUser(t.db, { type: 5 });
      const issued = await call(t.app, 'POST', `/api/sis/users/login-link/${applicant.id}`, { token: adminToken });
      const res = await call(t.app, 'POST', '/api/sis/login-with-token', { body: { token: issued.body.token } });
      expect(res.status).toBe(403);
    });
  });

  it('records sign-in, failed sign-in and sign-out with user, time and address, readable by admins', async () => {
    const person = await createPasswordUser(t.db, { type: 3, roles: ['student'] });
    await login(t.app, person.email, 'wrong-password');
    const ok = await login(t.app, person.email, person.password);
    await call(t.app, 'POST', '/api/sis/users/logout', { token: ok.body.token });
    const rows = await t.db
      .selectFrom('access_logs')
      .selectAll()
      .where('user_id', '=', person.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['login_failed', 'login', 'logout']);
    for (const row of rows) {
      expect(row.ip).toBe('127.0.0.1');
      expect(row.resource).toBe('auth');
      expect(row.at).toBeTruthy();
    }
    const adminToken = (await login(t.app, admin.email, admin.password)).body.token;
    const listed = await call(t.app, 'POST', '/api/sis/access_logs', {
      token: adminToken,
      body: { filters: { user_id: person.id }, perPage: 100 },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: any) => r.action).sort()).toEqual(['login', 'login_failed', 'logout']);
    const studentToken = (await login(t.app, person.email, person.password)).body.token;
    expect((await call(t.app, 'POST', '/api/sis/access_logs', { token: studentToken, body: {} })).status).toBe(403);
  });
});

describe.each(BACKENDS)('the access log on $name', (backend) => {
  // With the details column of screens/system/access-logs.entity.yaml, where the email is kept.
  const manifest = authManifest();
  manifest.entities.access_logs!.fields.details = field('details', { type: 'json' });
  const t = useAuthServer(backend, { manifest });

  it('keeps the row of a failed sign-in whose email holds a lone UTF-16 surrogate', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('access_logs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('action', '=', 'login_failed')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // A raw body: JSON.stringify would escape the surrogate the same way a hostile client does.
    const answer = await call(t.app, 'POST', '/api/sis/login', {
      raw: '{"email":"spray\\ud800x@example.edu","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(401);
    expect(await count()).toBe(before + 1);
    const row = await t.db
      .selectFrom('access_logs')
      .select('details')
      .where('action', '=', 'login_failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const details = typeof row.details === 'string' ? JSON.parse(row.details) : row.details;
    expect(details.email).toBe('spray\ufffdx@example.edu');
  });
});

describe.each(BACKENDS)('attempt limits on $name', (backend) => {
  const t = useAuthServer(backend, { env: () => ({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000' }) });

  it('limits login per address and email: the 4th attempt in a minute gets 429 with a clear message', async () => {
    const user = await createPasswordUser(t.db, { type: 3, roles: ['student'] });
    for (let i = 0; i < 3; i++) expect((await login(t.app, user.email, 'wrong-password')).status).toBe(401);
    const limited = await login(t.app, user.email, user.password);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many attempts; please try again in \d+ seconds$/);
    const arabic = await login(t.app, ` ${user.email.toUpperCase()}`, user.password, 'ar');
    expect(arabic.status).toBe(429);
    expect(arabic.body.error).toMatch(/^محاولات كثيرة/);
    // Another account from the same address is counted apart.
    const other = await createPasswordUser(t.db, { type: 3, roles: ['student'] });
    expect((await login(t.app, other.email, other.password)).status).toBe(200);
  });

  it('limits forgot password and reset password too', async () => {
    const user = await createPasswordUser(t.db, { type: 3 });
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, 'POST', '/api/forget-password', { body: { email: user.email } })).status).toBe(200);
    // The same call under /api/sis shares the count.
    expect((await call(t.app, 'POST', '/api/sis/forget-password', { body: { email: user.email } })).status).toBe(429);
    const reset = {
      email: user.email,
      otp: '000000',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    };
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, 'POST', '/api/users/reset-password', { body: reset })).status).toBe(422);
    const limited = await call(t.app, 'POST', '/api/users/reset-password', { body: reset });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many attempts/);
  });
});

describe.each(BACKENDS)('attempt limits across accounts and instances on $name', (backend) => {
  const env = { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_ADDRESS_MAX: '6', AUTH_RATE_LIMIT_WINDOW_MS: '60000' };
  const t = useAuthServer(backend, { env: () => env });
  const loginFrom = (app: Parameters<typeof call>[0], address: string, email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/sis/login',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });

  it('one address trying one password on many accounts is stopped; another address is not', async () => {
    const users = await Promise.all(
      Array.from({ length: 7 }, () => createPasswordUser(t.db, { type: 3, roles: ['student'] })),
    );
    for (const user of users.slice(0, 6))
      expect((await loginFrom(t.app, '203.0.113.7', user.email, 'Spring2026!')).statusCode).toBe(401);
    // The 7th account, even with its right password, from the spraying address: 429.
    const sprayed = await loginFrom(t.app, '203.0.113.7', users[6]!.email, users[6]!.password);
    expect(sprayed.statusCode).toBe(429);
    expect(sprayed.json().error).toMatch(/^Too many attempts/);
    expect((await loginFrom(t.app, '198.51.100.9', users[6]!.email, users[6]!.password)).statusCode).toBe(200);
  });

  it('two instances on one database share the counts', async () => {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    const second = await buildApp({
      manifest: t.manifest,
      db: t.db,
      config: { ...loadConfig({}), outboxDir: t.outboxDir, bodyLimit: 64 * 1024 },
      domains: AUTH_DOMAINS,
      clientDir: null,
    });
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    try {
      const user = await createPasswordUser(t.db, { type: 3, roles: ['student'] });
      // Per account: 3 in a minute, whichever instance is asked.
      expect((await loginFrom(t.app, '192.0.2.1', user.email, 'wrong')).statusCode).toBe(401);
      expect((await loginFrom(second, '192.0.2.1', user.email, 'wrong')).statusCode).toBe(401);
      expect((await loginFrom(t.app, '192.0.2.1', user.email, 'wrong')).statusCode).toBe(401);
      expect((await loginFrom(second, '192.0.2.1', user.email, user.password)).statusCode).toBe(429);
      // Per address: forget-password too, alternating instances.
      const others = await Promise.all(Array.from({ length: 7 }, () => createPasswordUser(t.db, { type: 3 })));
      const forget = (app: typeof second, email: string) =>
        app.inject({
          method: 'POST',
          url: '/api/forget-password',
          remoteAddress: '192.0.2.2',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email }),
        });
      const answers = [];
      for (const [i, other] of others.entries())
        answers.push((await forget(i % 2 ? second : t.app, other.email)).statusCode);
      expect(answers.slice(0, 6).every((s) => s !== 429)).toBe(true);
      expect(answers[6]).toBe(429);
    } finally {
      await second.close();
    }
  });
});
