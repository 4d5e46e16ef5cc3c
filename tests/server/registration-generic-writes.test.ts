/**
 * The generic resource API on registrations (server/domains/registration/generic-writes.ts):
 * creating, deleting and restoring a registration, or moving it to another student, offering,
 * section, term or state, is refused (only the registration calls keep seats and flags right);
 * staff may still enter the mark, never above the maximum. On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
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

const R = '/api/sis/registrations';
const WRITE_EN =
  'Registrations are created, moved and removed only through the registration actions (request, accept, reject, withdraw, add/drop)';
const WRITE_AR = 'تُنشأ التسجيلات وتُنقل وتُحذف فقط عبر إجراءات التسجيل (الطلب والقبول والرفض والانسحاب والحذف والإضافة)';
const FIELD_EN = 'This is changed only through the registration actions (request, accept, reject, withdraw, add/drop)';
const FIELD_AR = 'يتغير هذا فقط عبر إجراءات التسجيل (الطلب والقبول والرفض والانسحاب والحذف والإضافة)';

describe.skipIf(!manifest).each(BACKENDS)('registrations through the generic API on $name', (backend) => {
  let opened: RegistrationApp;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let w: World;
  let s: WorldUser;
  let a: MadeCourse;
  let b: MadeCourse;
  let rowId: number;

  const seats = async (sectionId: number) =>
    Number(
      (await db.selectFrom('sections').select('seats_taken').where('id', '=', sectionId).executeTakeFirstOrThrow())
        .seats_taken,
    );
  const row = () => db.selectFrom('registrations').selectAll().where('id', '=', rowId).executeTakeFirstOrThrow();
  const registrar = (method: string, url: string, body?: unknown, lang?: string) =>
    call(app, method, url, { token: w.registrar.token, body, lang });

  beforeAll(async () => {
    opened = await openRegistrationApp(backend);
    ({ db, app } = opened);
    w = await makeWorld(db);
    // Course a has two sections; b is another offering of the term.
    a = await makeCourse(db, w, {
      code: 'GEN',
      sections: [
        { capacity: 30, slots: [[1, '08:30', '10:00']] },
        { capacity: 30, slots: [[2, '08:30', '10:00']] },
      ],
    });
    b = await makeCourse(db, w, { code: 'GEO', sections: [{ capacity: 30, slots: [[3, '08:30', '10:00']] }] });
    [s] = await makeStudents(db, w, 1);
    const requested = await call(app, 'PUT', `${R}/students/request-offering`, {
      token: s!.token,
      body: { offering_id: a.offeringId, section_id: a.sectionIds[0] },
    });
    expect(requested.status).toBe(200);
    rowId = requested.body.data.id;
    const accepted = await call(app, 'PUT', `${R}/students/accept-requested-offering`, {
      token: w.advisor.token,
      body: { id: rowId },
    });
    expect(accepted.body.data[0]).toMatchObject({ status_code: 2, flags: 262144 + 16 });
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('refuses to create a registration (405, English and Arabic): no row, no seat', async () => {
    const other = (await makeStudents(db, w, 1))[0]!;
    const body = {
      student_id: other.student_id,
      offering_id: a.offeringId,
      section_id: a.sectionIds[0],
      term_id: w.termId,
    };
    const res = await registrar('PUT', R, body);
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ error: WRITE_EN });
    const ar = await registrar('PUT', R, { ...body, student_id: s.student_id }, 'ar');
    expect(ar.status).toBe(405);
    expect(ar.body).toEqual({ error: WRITE_AR });
    expect(
      await db
        .selectFrom('registrations')
        .select('id')
        .where('student_id', 'in', [other.student_id!, s.student_id!])
        .execute(),
    ).toHaveLength(1);
    expect(await seats(a.sectionIds[0]!)).toBe(1);
  });

  it('refuses to delete or restore a registration (405): the row stays and keeps its seat', async () => {
    const del = await registrar('DELETE', `${R}/${rowId}`, undefined, 'ar');
    expect(del.status).toBe(405);
    expect(del.body).toEqual({ error: WRITE_AR });
    const restore = await registrar('POST', `${R}/restore/${rowId}`);
    expect(restore.status).toBe(405);
    expect(restore.body).toEqual({ error: WRITE_EN });
    expect((await row()).deleted_at).toBeNull();
    expect(await seats(a.sectionIds[0]!)).toBe(1);
  });

  it('refuses moving a row to another section, offering, term or student (422 on each field), seats untouched', async () => {
    const before = await row();
    const moves: Array<Record<string, unknown>> = [
      { section_id: a.sectionIds[1] },
      { offering_id: b.offeringId },
      { term_id: w.pastTermId },
      { student_id: (await makeStudents(db, w, 1))[0]!.student_id },
    ];
    for (const move of moves) {
      const res = await registrar('PUT', `${R}/${rowId}`, move);
      expect(res.status, JSON.stringify(move)).toBe(422);
      expect(res.body.errors).toEqual({ [Object.keys(move)[0]!]: [FIELD_EN] });
    }
    const ar = await registrar(
      'PUT',
      `${R}/${rowId}`,
      { section_id: a.sectionIds[1], offering_id: b.offeringId },
      'ar',
    );
    expect(ar.body.errors).toEqual({ section_id: [FIELD_AR], offering_id: [FIELD_AR] });
    expect(await row()).toEqual(before);
    expect([await seats(a.sectionIds[0]!), await seats(a.sectionIds[1]!), await seats(b.sectionIds[0]!)]).toEqual([
      1, 0, 0,
    ]);
  });

  it('refuses changing the state, flags, course or note the registration calls own (silently dropped before); the mark alone is entered', async () => {
    const before = await row();
    for (const change of [
      { status_code: 5 },
      { flags: 1024 + 16 },
      { request_flag: 4 },
      { course_id: b.courseId },
      { note: 'changed' },
      { max_mark: 500 },
    ]) {
      const res = await registrar('PUT', `${R}/${rowId}`, change);
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.errors).toEqual({ [Object.keys(change)[0]!]: [FIELD_EN] });
    }
    expect(await row()).toEqual(before);
    // Staff enter the mark; the row echoed back unchanged (as a form sends it) is no change.
    const echoed = (await registrar('GET', `${R}/${rowId}`)).body.data;
    const res = await registrar('PUT', `${R}/${rowId}`, { ...echoed, grade: 75 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: rowId, grade: 75, section_id: a.sectionIds[0], status_code: 2 });
    expect(await seats(a.sectionIds[0]!)).toBe(1);
    // A student may not (write needs edit_registrations).
    expect((await call(app, 'PUT', `${R}/${rowId}`, { token: s.token, body: { grade: 100 } })).status).toBe(403);
  });

  it("refuses a mark above the maximum: the row's, else the offering's, else the course's, else 100", async () => {
    const over = (grade: number, lang?: string) => registrar('PUT', `${R}/${rowId}`, { grade }, lang);
    let res = await over(500);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ grade: ['The mark may not exceed the maximum'] });
    expect((await over(500, 'ar')).body.errors).toEqual({ grade: ['لا يجوز أن تتجاوز الدرجة الدرجة العظمى'] });
    // The row's own maximum (50); without one, the offering's (60), then the course's (80), then the total grade, 100.
    await db.updateTable('registrations').set({ max_mark: 50 }).where('id', '=', rowId).execute();
    expect((await over(51)).status).toBe(422);
    expect((await over(50)).status).toBe(200);
    await db.updateTable('registrations').set({ max_mark: null }).where('id', '=', rowId).execute();
    await db.updateTable('offerings').set({ max_mark: 60 }).where('id', '=', a.offeringId).execute();
    expect((await over(61)).status).toBe(422);
    expect((await over(60)).status).toBe(200);
    await db.updateTable('offerings').set({ max_mark: null }).where('id', '=', a.offeringId).execute();
    await db.updateTable('courses').set({ max_mark: 80 }).where('id', '=', a.courseId).execute();
    expect((await over(81)).status).toBe(422);
    await db.updateTable('courses').set({ max_mark: null }).where('id', '=', a.courseId).execute();
    res = await over(100.5);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ grade: ['The mark may not exceed the maximum'] });
    expect((await over(100)).status).toBe(200);
    expect(Number((await row()).grade)).toBe(100);
  });
});
