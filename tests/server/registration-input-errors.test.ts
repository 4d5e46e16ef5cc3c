/**
 * The registration calls say what is actually wrong: a caller who is not an advisor is simply
 * not allowed (not "not one of your advisees"), a malformed id is a malformed id (not "not
 * available to you"), and an advisor's note must be text. English and Arabic; nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BACKENDS, call } from './harness.ts';
import { manifest, openRegistrationApp, type RegistrationApp } from './registration-app.ts';
import {
  makeCourse,
  makeStudents,
  makeWorld,
  type MadeCourse,
  type World,
  type WorldUser,
} from './registration-world.ts';

const S = '/api/sis/registrations/students';
const FORBIDDEN = { en: 'You are not allowed to do this', ar: 'غير مسموح لك بهذا الإجراء' };
const BAD_ID = { en: 'The id must be a positive whole number', ar: 'يجب أن يكون المعرّف عددًا صحيحًا موجبًا' };

describe.skipIf(!manifest).each(BACKENDS)('registration input errors on $name', (backend) => {
  let opened: RegistrationApp;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let w: World;
  let s: WorldUser;
  let c: MadeCourse;

  const put = (user: WorldUser, what: string, body: unknown, lang?: string) =>
    call(app, 'PUT', `${S}/${what}`, { token: user.token, body, lang });

  beforeAll(async () => {
    opened = await openRegistrationApp(backend);
    ({ db, app } = opened);
    w = await makeWorld(db);
    c = await makeCourse(db, w, { code: 'INP', sections: [{ capacity: 30, slots: [[1, '08:30', '10:00']] }] });
    [s] = await makeStudents(db, w, 1);
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('a student asking for the advisor list is not allowed (403), not "not one of your advisees"', async () => {
    const en = await call(app, 'GET', '/api/sis/registrations/advisor-students', { token: s.token });
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ error: FORBIDDEN.en, code: 'forbidden' });
    const ar = await call(app, 'GET', '/api/sis/registrations/advisor-students', { token: s.token, lang: 'ar' });
    expect(ar.status).toBe(403);
    expect(ar.body.error).toBe(FORBIDDEN.ar);
    // Deciding and the registrar's moves say the same to a student; nobody signed in is asked to sign in.
    expect((await put(s, 'accept-requested-offering', { id: 1 })).body.error).toBe(FORBIDDEN.en);
    expect(
      (
        await call(app, 'PUT', '/api/sis/registrations/staff/transition', {
          token: s.token,
          body: { id: 1, action: 'restore' },
        })
      ).body.error,
    ).toBe(FORBIDDEN.en);
    const guest = await call(app, 'GET', '/api/sis/registrations/advisor-students', { lang: 'ar' });
    expect(guest.status).toBe(401);
    expect(guest.body.error).toBe('يرجى تسجيل الدخول أولًا');
  });

  it('a malformed section or offering id is a malformed id on that field (422), English and Arabic', async () => {
    let res = await put(s, 'request-offering', { offering_id: c.offeringId, section_id: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ section_id: [BAD_ID.en] });
    expect(res.body.code).toBe('invalid_id');
    res = await put(s, 'request-offering', { offering_id: c.offeringId, section_id: 1.5 }, 'ar');
    expect(res.body.errors).toEqual({ section_id: [BAD_ID.ar] });
    res = await put(s, 'request-offering', { offering_id: 'abc' });
    expect(res.body.errors).toEqual({ offering_id: [BAD_ID.en] });
    // Left out: fill it in.
    res = await put(s, 'request-offering', {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ offering_id: ['Please fill this field'] });
    expect(await db.selectFrom('registrations').select('id').where('student_id', '=', s.student_id!).execute()).toEqual(
      [],
    );
  });

  it("the advisor's list of ids: a malformed one is named as such", async () => {
    let res = await put(w.advisor, 'accept-requested-offering', { ids: ['x'] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id: [BAD_ID.en] });
    res = await put(w.advisor, 'reject-requested-offering', { ids: [1, 'x'] }, 'ar');
    expect(res.body.errors).toEqual({ id: [BAD_ID.ar] });
    res = await put(w.advisor, 'accept-requested-offering', { student_id: 'me', all: true });
    expect(res.body.errors).toEqual({ student_id: [BAD_ID.en] });
  });

  it("an advisor's note must be text: an object or a number is refused on note (422) and nothing is stored", async () => {
    const requested = await put(s, 'request-offering', { offering_id: c.offeringId });
    expect(requested.status).toBe(200);
    const id = requested.body.data.id;
    let res = await put(w.advisor, 'reject-requested-offering', { id, note: { a: 1 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ note: ['Must be text'] });
    res = await put(w.advisor, 'accept-requested-offering', { id, note: 42 }, 'ar');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ note: ['يجب أن تكون القيمة نصًا'] });
    res = await put(w.advisor, 'reject-requested-offering', { id, note: 'x'.repeat(1001) });
    expect(res.body.errors).toEqual({ note: ['The note may have at most 1000 characters'] });
    const row = await db
      .selectFrom('registrations')
      .select(['status_code', 'note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_code: 1, note: null });
    // Text, or no note at all, is fine.
    res = await put(w.advisor, 'reject-requested-offering', { id, note: null });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ status_code: 13, note: null });
  });
});
