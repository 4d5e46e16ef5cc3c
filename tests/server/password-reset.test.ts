/**
 * Password reset with an emailed one-time password (portal-core sections 7 and 8): through a
 * real SMTP server on loopback (smtp-server), and into the outbox folder when no SMTP server
 * is configured. POST /forget-password and POST /users/reset-password, under /api (the
 * admission client) and /api/sis. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/mail/outbox.ts';
import { BACKENDS, call } from './harness.ts';
import { createPasswordUser, useAuthServer, type PasswordUser } from './helpers/auth-server.ts';
import { startSmtpCapture, type SmtpCapture } from './helpers/smtp-capture.ts';

const FROM = 'Rowaq Test <no-reply@university.test>';

function otpIn(text: string): string {
  const match = /\b([0-9]{6})\b/.exec(text);
  if (!match) throw new Error(`no one-time password in: ${text}`);
  return match[1]!;
}

describe.each(BACKENDS)('password reset through SMTP on $name', (backend) => {
  const smtp = {} as { server: SmtpCapture };
  beforeAll(async () => {
    smtp.server = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.server?.close();
  });
  // Many calls for one email in a minute: the attempt limit has its own tests (auth.test.ts).
  const t = useAuthServer(backend, {
    env: () => ({ SMTP_URL: smtp.server.url, MAIL_FROM: FROM, AUTH_RATE_LIMIT_MAX: '100' }),
  });

  const forget = (email: string, base = '/api', lang?: string) =>
    call(t.app, 'POST', `${base}/forget-password`, { body: { email }, lang });
  const reset = (body: Record<string, unknown>, base = '/api', lang?: string) =>
    call(t.app, 'POST', `${base}/users/reset-password`, { body, lang });
  const mailTo = (email: string) => smtp.server.messages.filter((m) => m.to.includes(email));

  let user: PasswordUser;
  beforeAll(async () => {
    user = await createPasswordUser(t.db, { type: 3, roles: ['student'] });
  });

  it("answers 'this email incorrect' for an unknown email, in both languages, and sends nothing", async () => {
    const sent = smtp.server.messages.length;
    const en = await forget('nobody@example.edu');
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({ email: ['this email incorrect'] });
    const ar = await forget('nobody@example.edu', '/api/sis', 'ar');
    expect(ar.body.errors.email).toEqual(['هذا البريد الإلكتروني غير صحيح']);
    expect((await forget('   ')).status).toBe(422);
    expect(smtp.server.messages.length).toBe(sent);
  });

  it('mails a six-digit code, stores only its hash, and resets the password with it; all sessions end', async () => {
    const session = await call(t.app, 'POST', '/api/sis/login', {
      body: { email: user.email, password: user.password },
    });
    expect(session.status).toBe(200);

    const asked = await forget(` ${user.email.toUpperCase()} `);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toMatch(/valid for 15 minutes/);
    const [mail] = mailTo(user.email);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@university.test');
    expect(mail!.raw).toMatch(/^From: Rowaq Test <no-reply@university\.test>/m);
    expect(mail!.subject).toBe('Your one time password');
    const otp = otpIn(mail!.text);
    const stored = await t.db.selectFrom('password_otps').selectAll().where('email', '=', user.email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.otp_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain(otp);

    const wrong = await reset({
      email: user.email,
      otp: otp === '000000' ? '111111' : '000000',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ otp: ['Invalid or incorrect one time password'] });

    const done = await reset({
      email: user.email,
      otp,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(done.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/sis/users/profile', { token: session.body.token })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/sis/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/sis/login', { body: { email: user.email, password: 'brand-new-pass' } })).status,
    ).toBe(200);
    user.password = 'brand-new-pass';

    const reused = await reset(
      { email: user.email, otp, password: 'another-pass-1', password_confirmation: 'another-pass-1' },
      '/api/sis',
      'ar',
    );
    expect(reused.status).toBe(422);
    expect(reused.body.errors.otp).toEqual(['كلمة المرور لمرة واحدة غير صالحة أو غير صحيحة']);

    const logged = await t.db.selectFrom('access_logs').select('action').where('user_id', '=', user.id).execute();
    expect(logged.map((r) => r.action)).toEqual(expect.arrayContaining(['password_otp', 'password_reset']));
  });

  it('a new code retires the previous one', async () => {
    await forget(user.email);
    const first = otpIn(mailTo(user.email).at(-1)!.text);
    await forget(user.email);
    const second = otpIn(mailTo(user.email).at(-1)!.text);
    if (first !== second) {
      const old = await reset({
        email: user.email,
        otp: first,
        password: 'pass-from-old',
        password_confirmation: 'pass-from-old',
      });
      expect(old.status).toBe(422);
    }
    const ok = await reset({
      email: user.email,
      otp: second,
      password: 'pass-from-new',
      password_confirmation: 'pass-from-new',
    });
    expect(ok.status).toBe(200);
    user.password = 'pass-from-new';
  });

  it('refuses an expired code and a code guessed wrong five times', async () => {
    await forget(user.email);
    const expiring = otpIn(mailTo(user.email).at(-1)!.text);
    await t.db
      .updateTable('password_otps')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', user.email)
      .where('used_at', 'is', null)
      .execute();
    expect(
      (
        await reset({
          email: user.email,
          otp: expiring,
          password: 'expired-pass',
          password_confirmation: 'expired-pass',
        })
      ).status,
    ).toBe(422);

    await forget(user.email);
    const otp = otpIn(mailTo(user.email).at(-1)!.text);
    const wrongCode = otp === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await reset({
            email: user.email,
            otp: wrongCode,
            password: 'guessed-pass',
            password_confirmation: 'guessed-pass',
          })
        ).status,
      ).toBe(422);
    }
    const late = await reset({
      email: user.email,
      otp,
      password: 'guessed-pass',
      password_confirmation: 'guessed-pass',
    });
    expect(late.status).toBe(422);
    expect(late.body.errors.otp).toEqual(['Invalid or incorrect one time password']);
  });

  it('counts guesses sent at once: eight wrong codes and the right one, at most five are checked', async () => {
    const sprayed = await createPasswordUser(t.db, { type: 3, roles: ['student'] });
    await forget(sprayed.email);
    const otp = otpIn(mailTo(sprayed.email).at(-1)!.text);
    const wrong = Array.from({ length: 8 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'));
    const body = (code: string) => ({
      email: sprayed.email,
      otp: code,
      password: 'burst-pass-1',
      password_confirmation: 'burst-pass-1',
    });
    const attempts = async () =>
      Number(
        (
          await t.db
            .selectFrom('password_otps')
            .select('attempts')
            .where('email', '=', sprayed.email)
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow()
        ).attempts,
      );
    // Nine at once: the server may take them in any order, so the right code may be one of the
    // five counted; what must hold is that no more than five are counted and at most one wins.
    const answers = await Promise.all([...wrong, otp].map((code) => reset(body(code))));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    expect(await attempts()).toBe(5);
    expect((await reset(body(otp))).status).toBe(422);

    // Eight wrong at once and the right one after them: the five guesses are spent, it is refused.
    await forget(sprayed.email);
    const second = otpIn(mailTo(sprayed.email).at(-1)!.text);
    const others = Array.from({ length: 8 }, (_, i) => String((Number(second) + 1 + i) % 1_000_000).padStart(6, '0'));
    const refused = await Promise.all(others.map((code) => reset(body(code))));
    expect(refused.every((a) => a.status === 422)).toBe(true);
    expect(await attempts()).toBe(5);
    expect((await reset(body(second))).status).toBe(422);
  });

  it('checks the new password: length and confirmation, per field', async () => {
    const { status, body } = await reset({
      email: user.email,
      otp: '123456',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(status).toBe(422);
    expect(body.errors.password).toEqual(['The password must be at least 8 characters']);
    expect(body.errors.password_confirmation).toEqual(['The password confirmation does not match']);
    const missing = await reset({});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'otp', 'password']);
  });

  it('writes to a user who chose Arabic in Arabic', async () => {
    const arabic = await createPasswordUser(t.db, { type: 4, locale: 'ar' });
    expect((await forget(arabic.email, '/api/sis')).status).toBe(200);
    const mail = mailTo(arabic.email).at(-1)!;
    expect(mail.subject).toBe('كلمة المرور لمرة واحدة');
    expect(mail.text).toMatch(/كلمة المرور لمرة واحدة هي [0-9]{6}/);
  });
});

describe.each(BACKENDS)('password reset without an SMTP server on $name', (backend) => {
  const t = useAuthServer(backend, { env: () => ({ SMTP_URL: undefined }) });

  it('writes the message into the outbox folder, and the code from it works', async () => {
    const user = await createPasswordUser(t.db, { type: 3 });
    expect((await call(t.app, 'POST', '/api/forget-password', { body: { email: user.email } })).status).toBe(200);
    const [mail] = await readOutbox(t.outboxDir, user.email);
    expect(mail).toMatchObject({ to: user.email, subject: 'Your one time password' });
    const otp = otpIn(mail!.text);
    const done = await call(t.app, 'POST', '/api/users/reset-password', {
      body: { email: user.email, otp, password: 'outbox-pass-1', password_confirmation: 'outbox-pass-1' },
    });
    expect(done.status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/sis/login', { body: { email: user.email, password: 'outbox-pass-1' } })).status,
    ).toBe(200);
  });
});
