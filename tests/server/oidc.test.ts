/**
 * Microsoft sign-in through OpenID Connect (portal-core sections 4 and 7) against a real
 * provider (oidc-provider) on loopback: GET /get-ms-login-url (state, nonce, PKCE), the
 * provider's login and consent pages driven over plain HTTP, POST /ms-login/callback
 * accepting only user type 3. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call } from './harness.ts';
import { createPasswordUser, useAuthServer, type AuthTestServer, type PasswordUser } from './helpers/auth-server.ts';
import { authorizeAs, startOidcProvider, type TestOidcProvider } from './helpers/oidc-provider.ts';

const REDIRECT_URI = 'http://127.0.0.1:5173/login';
const STUDENT_EMAIL = 'Student.SSO@University.test';
const STAFF_EMAIL = 'staff.sso@university.test';

/** GET /get-ms-login-url: the authorization URL and the pending-sign-in cookie. */
async function startSignIn(t: AuthTestServer): Promise<{ url: URL; cookie: string }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/sis/get-ms-login-url' });
  expect(response.statusCode).toBe(200);
  const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const pending = setCookie.find((c) => c.startsWith('rowaq_oidc='));
  expect(pending).toMatch(/HttpOnly/i);
  expect(pending).toMatch(/SameSite=Lax/i);
  return { url: new URL(response.json().url), cookie: pending!.split(';')[0]! };
}

async function finish(t: AuthTestServer, back: URL, cookie: string | undefined, lang?: string) {
  const body: Record<string, string> = {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    session_state: back.searchParams.get('session_state') ?? '',
  };
  return call(t.app, 'POST', '/api/sis/ms-login/callback', { body, cookie, lang });
}

describe.each(BACKENDS)('Microsoft sign-in (OpenID Connect) on $name', (backend) => {
  const provider = {} as { p: TestOidcProvider };
  beforeAll(async () => {
    provider.p = await startOidcProvider({
      redirectUri: REDIRECT_URI,
      accounts: {
        'student-sub': STUDENT_EMAIL,
        'staff-sub': STAFF_EMAIL,
        'stranger-sub': 'stranger@elsewhere.test',
        'other-sub': 'linked@university.test',
      },
    });
  });
  afterAll(async () => {
    await provider.p?.close();
  });
  const t = useAuthServer(backend, {
    env: () => ({
      OIDC_ISSUER: provider.p.issuer,
      OIDC_CLIENT_ID: provider.p.clientId,
      OIDC_CLIENT_SECRET: provider.p.clientSecret,
      OIDC_REDIRECT_URI: REDIRECT_URI,
      OIDC_SCOPE: 'openid email',
    }),
  });

  let student: PasswordUser;
  beforeAll(async () => {
    student = await createPasswordUser(t.db, { type: 3, roles: ['student'], email: STUDENT_EMAIL.toLowerCase() });
    await createPasswordUser(t.db, { type: 4, roles: ['registrar'], email: STAFF_EMAIL });
  });

  it('gives the authorization URL with state, nonce and PKCE (S256)', async () => {
    const { url } = await startSignIn(t);
    expect(url.origin).toBe(provider.p.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.p.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs a student in: code exchanged, user matched by email, session opened and logged', async () => {
    const { url, cookie } = await startSignIn(t);
    const back = await authorizeAs(url.href, 'student-sub', REDIRECT_URI);
    const { status, body } = await finish(t, back, cookie);
    expect(status).toBe(200);
    expect(body.type).toEqual({ type: 3, name: 'Student' });
    expect(body.user.id).toBe(student.id);
    expect((await call(t.app, 'GET', '/api/sis/users/profile', { token: body.token })).status).toBe(200);
    const row = await t.db.selectFrom('users').select('sso_subject').where('id', '=', student.id).executeTakeFirst();
    expect(row?.sso_subject).toBe('student-sub');
    const log = await t.db.selectFrom('access_logs').select('action').where('user_id', '=', student.id).execute();
    expect(log.map((r) => r.action)).toContain('login_sso');
  });

  it('the same code cannot be used twice', async () => {
    const { url, cookie } = await startSignIn(t);
    const back = await authorizeAs(url.href, 'student-sub', REDIRECT_URI);
    expect((await finish(t, back, cookie)).status).toBe(200);
    const replay = await finish(t, back, cookie);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('The Microsoft sign-in could not be completed; please start again');
  });

  it('accepts only user type 3: staff are rejected with a clear message', async () => {
    const { url, cookie } = await startSignIn(t);
    const back = await authorizeAs(url.href, 'staff-sub', REDIRECT_URI);
    const { status, body } = await finish(t, back, cookie, 'ar');
    expect(status).toBe(403);
    expect(body.error).toMatch(/^تسجيل الدخول عبر مايكروسوفت متاح للطلاب فقط/);
    expect(body).not.toHaveProperty('token');
  });

  it('rejects a Microsoft account no portal user has', async () => {
    const { url, cookie } = await startSignIn(t);
    const back = await authorizeAs(url.href, 'stranger-sub', REDIRECT_URI);
    const { status, body } = await finish(t, back, cookie);
    expect(status).toBe(401);
    expect(body.error).toBe('No portal account uses the email of this Microsoft account');
  });

  it('does not hand an account tied to one Microsoft identity to another with the same email', async () => {
    const linked = await createPasswordUser(t.db, { type: 3, roles: ['student'], email: 'linked@university.test' });
    await t.db.updateTable('users').set({ sso_subject: 'first-sub' }).where('id', '=', linked.id).execute();
    const { url, cookie } = await startSignIn(t);
    const back = await authorizeAs(url.href, 'other-sub', REDIRECT_URI);
    expect((await finish(t, back, cookie)).status).toBe(401);
  });

  it('rejects a callback without the browser cookie of the sign-in, or with another state', async () => {
    const first = await startSignIn(t);
    const back = await authorizeAs(first.url.href, 'student-sub', REDIRECT_URI);
    expect((await finish(t, back, undefined)).status).toBe(401);
    const second = await startSignIn(t);
    expect((await finish(t, back, second.cookie)).status).toBe(401);
    const tampered = `${first.cookie.slice(0, -4)}AAAA`;
    expect((await finish(t, back, tampered)).status).toBe(401);
  });
});

describe.each(BACKENDS)('Microsoft sign-in not configured on $name', (backend) => {
  const t = useAuthServer(backend, {
    env: () => ({ OIDC_ISSUER: undefined, OIDC_CLIENT_ID: undefined, OIDC_REDIRECT_URI: undefined }),
  });

  it('answers 404 with a clear message, so the portal hides the Microsoft button', async () => {
    const url = await call(t.app, 'GET', '/api/sis/get-ms-login-url');
    expect(url.status).toBe(404);
    expect(url.body.error).toBe('Microsoft sign-in is not configured for this university');
    const callback = await call(t.app, 'POST', '/api/sis/ms-login/callback', { body: { code: 'x', state: 'y' } });
    expect(callback.status).toBe(404);
  });
});
