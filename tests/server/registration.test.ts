/**
 * Course registration through the HTTP API (server/domains/registration): every refusal rule
 * with its English and Arabic message, the registration_code state machine and its flags,
 * seats, advising, appointments, plans and idempotency. On PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BACKENDS, call } from './harness.ts';
import { manifest, openRegistrationApp, type RegistrationApp } from './registration-app.ts';
import {
  makeCourse,
  makeStudents,
  makeUsers,
  makeWorld,
  pastGrade,
  setWindows,
  type World,
  type WorldUser,
} from './registration-world.ts';

const S = '/api/sis/registrations/students';

describe.skipIf(!manifest).each(BACKENDS)('registration on $name', (backend) => {
  let opened: RegistrationApp;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let w: World;

  const put = (user: WorldUser, what: string, body: unknown, opts: { lang?: string; key?: string } = {}) =>
    call(app, 'PUT', `${S}/${what}`, {
      token: user.token,
      body,
      lang: opts.lang,
      headers: opts.key ? { 'idempotency-key': opts.key } : {},
    });
  const get = (user: WorldUser, url: string) => call(app, 'GET', url, { token: user.token });
  const seats = async (sectionId: number) =>
    Number(
      (await db.selectFrom('sections').select('seats_taken').where('id', '=', sectionId).executeTakeFirstOrThrow())
        .seats_taken,
    );
  const rowsOf = (studentId: number) =>
    db
      .selectFrom('registrations')
      .selectAll()
      .where('student_id', '=', studentId)
      .where('term_id', '=', w.termId)
      .execute();
  const student = async (spec = {}) => (await makeStudents(db, w, 1, spec))[0]!;
  const simple = (code: string, day = 1, from = '08:30', to = '10:00', capacity = 30, extra = {}) =>
    makeCourse(db, w, { code, sections: [{ capacity, slots: [[day, from, to]] }], ...extra });

  beforeAll(async () => {
    opened = await openRegistrationApp(backend);
    ({ db, app } = opened);
    w = await makeWorld(db);
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('a request holds a seat, sets the request flags, and shows in requested-offerings', async () => {
    const c = await simple('REQ');
    const s = await student();
    const res = await put(s, 'request-offering', { offering_id: c.offeringId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      offering_id: c.offeringId,
      section_id: c.sectionIds[0],
      status_code: 1,
      flags: 1048576 + 16,
      request_flag: 1,
    });
    expect(await seats(c.sectionIds[0]!)).toBe(1);
    const list = await get(s, `${S}/requested-offerings?term_id=${w.termId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.offering_id)).toEqual([c.offeringId]);
    expect(list.body.meta.credit).toEqual({ held: 3, limit: 18 });
    const again = await put(s, 'request-offering', { offering_id: c.offeringId });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('reg_already_requested');
    expect(await seats(c.sectionIds[0]!)).toBe(1);
  });

  it('refuses a full section: "There is no available capacity" (English and Arabic), nothing written', async () => {
    const c = await simple('CAP', 2, '08:30', '10:00', 1);
    const [a, b] = await makeStudents(db, w, 2);
    expect((await put(a!, 'request-offering', { offering_id: c.offeringId })).status).toBe(200);
    const en = await put(b!, 'request-offering', { offering_id: c.offeringId });
    expect(en.status).toBe(422);
    expect(en.body.error).toBe('There is no available capacity');
    expect(en.body.errors.section_id).toEqual(['There is no available capacity']);
    const ar = await put(b!, 'request-offering', { offering_id: c.offeringId }, { lang: 'ar' });
    expect(ar.body.error).toBe('لا توجد سعة متاحة');
    expect(await rowsOf(b!.student_id!)).toHaveLength(0);
    expect(await seats(c.sectionIds[0]!)).toBe(1);
  });

  it('prerequisites, level, passed hours and an already passed course, each with its message', async () => {
    const base = await simple('PRA', 3);
    const next = await makeCourse(db, w, {
      code: 'PRB',
      prerequisites: [base.courseId],
      sections: [{ capacity: 10, slots: [[3, '10:15', '11:45']] }],
    });
    const senior = await makeCourse(db, w, {
      code: 'LVL',
      level: 3,
      sections: [{ capacity: 10, slots: [[3, '12:00', '13:30']] }],
    });
    const hours = await makeCourse(db, w, {
      code: 'HRS',
      required_passed_hours: 60,
      sections: [{ capacity: 10, slots: [[3, '13:45', '15:15']] }],
    });
    const s = await student({ level: 2, earned_hours: 30 });
    let res = await put(s, 'request-offering', { offering_id: next.offeringId });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('reg_prerequisite');
    expect(res.body.error).toMatch(/^You must pass PRA\w* Course PRA before this course$/);
    res = await put(s, 'request-offering', { offering_id: next.offeringId }, { lang: 'ar' });
    expect(res.body.error).toMatch(/^يجب اجتياز PRA\w* مقرر PRA قبل هذا المقرر$/);
    res = await put(s, 'request-offering', { offering_id: senior.offeringId });
    expect(res.body).toMatchObject({ code: 'reg_level', error: 'This course needs at least level 3; your level is 2' });
    // The list shows the next level's course with the reason, before any request.
    const list = await call(app, 'GET', `${S}/available-offerings?term_id=${w.termId}`, { token: s.token, lang: 'ar' });
    expect(list.body.data.find((o: any) => o.offering_id === senior.offeringId).problems).toEqual([
      { code: 'reg_level', message: 'يتطلب هذا المقرر المستوى 3 على الأقل؛ مستواك الحالي 2' },
    ]);
    expect(list.body.data.find((o: any) => o.offering_id === next.offeringId).problems[0].code).toBe(
      'reg_prerequisite',
    );
    res = await put(s, 'request-offering', { offering_id: hours.offeringId }, { lang: 'ar' });
    expect(res.body).toMatchObject({
      code: 'reg_passed_hours',
      error: 'يتطلب هذا المقرر اجتياز 60 ساعة؛ لقد اجتزت 30 ساعة',
    });
    // Passing the prerequisite opens the course; a passed course cannot be taken again.
    await pastGrade(db, w, s.student_id!, base.courseId, 75);
    expect((await put(s, 'request-offering', { offering_id: next.offeringId })).status).toBe(200);
    res = await put(s, 'request-offering', { offering_id: base.offeringId });
    expect(res.body).toMatchObject({ code: 'reg_already_passed', error: 'You have already passed this course' });
    // A failed earlier attempt is a repeat: flag Repeat (32) instead of Fresh (16).
    const other = await student();
    await pastGrade(db, w, other.student_id!, base.courseId, 20);
    const repeat = await put(other, 'request-offering', { offering_id: base.offeringId });
    expect(repeat.body.data.flags).toBe(1048576 + 32);
    // Not in the program's plan.
    const outside = await makeCourse(db, w, { code: 'OUT', planLevel: null, sections: [{ capacity: 5, slots: [] }] });
    res = await put(s, 'request-offering', { offering_id: outside.offeringId });
    expect(res.body.code).toBe('reg_not_in_plan');
  });

  it('refuses a timetable clash, naming the course and time', async () => {
    const a = await simple('CLA', 4, '08:30', '10:00');
    const b = await simple('CLB', 4, '09:00', '10:30');
    const s = await student();
    expect((await put(s, 'request-offering', { offering_id: a.offeringId })).status).toBe(200);
    const res = await put(s, 'request-offering', { offering_id: b.offeringId });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('reg_clash');
    expect(res.body.error).toMatch(/^The timetable clashes with CLA\w* Course CLA on Tuesday 08:30-10:00$/);
    const ar = await put(s, 'request-offering', { offering_id: b.offeringId }, { lang: 'ar' });
    expect(ar.body.error).toMatch(/^يتعارض الجدول مع CLA\w* مقرر CLA يوم الثلاثاء من 08:30 إلى 10:00$/);
    // The available list shows the clash on the section before any request.
    const list = await get(s, `${S}/available-offerings?term_id=${w.termId}`);
    const shown = list.body.data.find((o: any) => o.offering_id === b.offeringId);
    expect(shown.sections[0].clashes[0]).toMatchObject({ offering_id: a.offeringId, day: 4 });
    expect(shown.sections[0].seats_left).toBe(30);
  });

  it('credit-hour limits by standing', async () => {
    await db
      .insertInto('credit_hour_limits')
      .values({ name: 'Probation', min_gpa: 0, max_gpa: 2, max_hours: 6 })
      .execute();
    const weak = await student({ gpa: 1.5 });
    const courses = [
      await simple('CH1', 5, '08:30', '10:00'),
      await simple('CH2', 5, '10:15', '11:45'),
      await simple('CH3', 5, '12:00', '13:30'),
    ];
    expect((await put(weak, 'request-offering', { offering_id: courses[0]!.offeringId })).status).toBe(200);
    expect((await put(weak, 'request-offering', { offering_id: courses[1]!.offeringId })).status).toBe(200);
    const res = await put(weak, 'request-offering', { offering_id: courses[2]!.offeringId });
    expect(res.body).toMatchObject({
      code: 'reg_credit_limit',
      error: 'This course brings your credit hours to 9, above your limit of 6',
    });
    const good = await student({ gpa: 3.5 });
    for (const c of courses)
      expect((await put(good, 'request-offering', { offering_id: c.offeringId })).status).toBe(200);
    await db.deleteFrom('credit_hour_limits').execute();
  });

  it('bans for study absence and misconduct, dismissal by warnings, inactive status', async () => {
    const c = await simple('BAN', 6);
    const absent = await student();
    await db
      .insertInto('registration_bans')
      .values({ student_id: absent.student_id, kind_id: 1, term_id: w.termId, course_id: c.courseId })
      .execute();
    let res = await put(absent, 'request-offering', { offering_id: c.offeringId });
    expect(res.body.code).toBe('reg_banned_study_absence');
    expect(res.body.error).toMatch(/^You are banned for study absence and cannot register BAN\w* Course BAN$/);
    const rogue = await student();
    await db.insertInto('registration_bans').values({ student_id: rogue.student_id, kind_id: 2 }).execute();
    res = await put(rogue, 'request-offering', { offering_id: c.offeringId }, { lang: 'ar' });
    expect(res.body).toMatchObject({
      code: 'reg_banned_misconduct',
      error: 'أنت محروم لسوء السلوك ولا يمكنك تسجيل أي مقرر في هذا الفصل الدراسي',
    });
    const warned = await student();
    await db
      .updateTable('students')
      .set({ consecutive_warnings: 3, total_warnings: 3 })
      .where('id', '=', warned.student_id!)
      .execute();
    res = await put(warned, 'request-offering', { offering_id: c.offeringId });
    expect(res.body).toMatchObject({
      code: 'reg_dismissed_consecutive',
      error: 'You have 3 consecutive warnings (the maximum is 3): you are dismissed and cannot register',
    });
    const stages = await get(warned, `${S}/available-termstages`);
    expect(stages.body.warnings).toMatchObject({
      consecutive: 3,
      max_consecutive: 3,
      consecutive_remaining: 0,
      total_remaining: 3,
      dismissed: true,
    });
    const suspended = await student();
    await db.updateTable('students').set({ status_id: 2 }).where('id', '=', suspended.student_id!).execute();
    res = await put(suspended, 'request-offering', { offering_id: c.offeringId });
    expect(res.body).toMatchObject({
      code: 'reg_status_inactive',
      error: 'Your student status (Suspended) does not allow registration',
    });
    // None of them holds a seat.
    expect(await seats(c.sectionIds[0]!)).toBe(0);
  });

  it('the lifecycle: remove, re-request, advisor accept and reject with a note, withdraw, add/drop', async () => {
    const a = await simple('LCA', 1, '13:45', '15:15');
    const b = await simple('LCB', 1, '15:30', '17:00');
    const s = await student();
    const first = await put(s, 'request-offering', { offering_id: a.offeringId });
    // Remove frees the seat; a new request brings the same row back.
    let res = await put(s, 'remove-offering', { id: first.body.data.id });
    expect(res.body.data).toMatchObject({ status_code: 14, request_flag: 0 });
    expect(await seats(a.sectionIds[0]!)).toBe(0);
    res = await put(s, 'request-offering', { offering_id: a.offeringId });
    expect(res.body.data.id).toBe(first.body.data.id);
    await put(s, 'request-offering', { offering_id: b.offeringId });
    // The advisor accepts one and rejects the other with a note the student sees.
    const advisees = await get(w.advisor, `/api/sis/registrations/advisor-students?term_id=${w.termId}&pending=1`);
    const mine = advisees.body.data.find((x: any) => x.student.id === s.student_id);
    expect(mine.requests.map((r: any) => r.status_code)).toEqual([1, 1]);
    res = await put(w.advisor, 'accept-requested-offering', { id: first.body.data.id, note: 'Good choice' });
    expect(res.body.data[0]).toMatchObject({
      status_code: 2,
      flags: 262144 + 16,
      request_flag: 2,
      note: 'Good choice',
    });
    const bRow = (await rowsOf(s.student_id!)).find((r) => Number(r.offering_id) === b.offeringId)!;
    res = await put(w.advisor, 'reject-requested-offering', { id: bRow.id, note: 'Take it next year' });
    expect(res.body.data[0]).toMatchObject({ status_code: 13, request_flag: 4, note: 'Take it next year' });
    expect(await seats(b.sectionIds[0]!)).toBe(0);
    const list = await get(s, `${S}/requested-offerings?term_id=${w.termId}`);
    expect(list.body.data.find((r: any) => r.offering_id === b.offeringId).note).toBe('Take it next year');
    // Not allowed: rejecting a registered course, withdrawing outside the window, removing a registered one.
    expect((await put(w.advisor, 'reject-requested-offering', { id: first.body.data.id })).status).toBe(409);
    res = await put(s, 'withdraw-offering', { id: first.body.data.id });
    expect(res.body).toMatchObject({ code: 'reg_withdraw_closed', error: 'The withdrawal period is not open now' });
    expect((await put(s, 'remove-offering', { id: first.body.data.id })).body.code).toBe('reg_transition');
    // Add/drop window: drop a registered course (drop request, then the advisor's accept drops it).
    await setWindows(db, w.termId, { registration: [-30, -20], add_drop: [-1, 5] });
    try {
      res = await put(s, 'request-offering', { offering_id: b.offeringId });
      expect(res.body.code).toBe('reg_registration_closed');
      res = await put(s, 'addDrop-offering', { offering_id: a.offeringId, action: 'drop' });
      expect(res.body.data).toMatchObject({ status_code: 4, flags: 262144 + 4194304 + 16 });
      res = await put(w.advisor, 'accept-requested-offering', { id: first.body.data.id });
      expect(res.body.data[0]).toMatchObject({ status_code: 6, flags: 549755813888 + 16 });
      expect(await seats(a.sectionIds[0]!)).toBe(0);
      // Add: the rejected offering comes back as an add request.
      res = await put(s, 'addDrop-offering', { offering_id: b.offeringId });
      expect(res.body.data).toMatchObject({ status_code: 9, flags: 2097152 + 16, request_flag: 1 });
      await put(w.advisor, 'accept-requested-offering', { student_id: s.student_id, all: true, term_id: w.termId });
      // Withdrawal window: withdraw, the advisor accepts: withdrawn, seat freed.
      await setWindows(db, w.termId, { add_drop: [-30, -20], withdraw: [-1, 5] });
      res = await put(s, 'withdraw-offering', { offering_id: b.offeringId });
      expect(res.body.data).toMatchObject({ status_code: 3 });
      res = await put(w.advisor, 'accept-requested-offering', { ids: [res.body.data.id] });
      expect(res.body.data[0]).toMatchObject({ status_code: 5, flags: 1024 + 16 });
      expect(await seats(b.sectionIds[0]!)).toBe(0);
    } finally {
      await setWindows(db, w.termId, { registration: [-1, 7], add_drop: [10, 20], withdraw: [21, 100] });
    }
  });

  it("advising: only the student's advisor decides; accept all at once", async () => {
    const s = await student();
    const courses = [await simple('AD1', 2, '13:45', '15:15'), await simple('AD2', 2, '15:30', '17:00')];
    for (const c of courses) await put(s, 'request-offering', { offering_id: c.offeringId });
    const [stranger] = await makeUsers(db, 1, 4, ['advisor']);
    let res = await put(stranger!, 'accept-requested-offering', { student_id: s.student_id, all: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('This student is not one of your advisees');
    expect((await get(s, '/api/sis/registrations/advisor-students')).status).toBe(403);
    res = await put(w.advisor, 'accept-requested-offering', { student_id: s.student_id, all: true, note: 'Approved' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => [r.status_code, r.note])).toEqual([
      [2, 'Approved'],
      [2, 'Approved'],
    ]);
    res = await put(w.advisor, 'accept-requested-offering', { student_id: s.student_id, all: true });
    expect(res.body.code).toBe('reg_nothing_pending');
    // The registrar moves a registration outside the advisor's reach (ban for absence).
    const row = (await rowsOf(s.student_id!))[0]!;
    res = await call(app, 'PUT', '/api/sis/registrations/staff/transition', {
      token: w.registrar.token,
      body: { id: row.id, action: 'ban_absence' },
    });
    expect(res.body.data).toMatchObject({ status_code: 10, flags: 536870912 + 16 });
    res = await call(app, 'PUT', '/api/sis/registrations/staff/transition', {
      token: s.token,
      body: { id: row.id, action: 'restore' },
    });
    expect(res.status).toBe(403);
  });

  it('a term without advising registers at once', async () => {
    await db.updateTable('terms').set({ advising_required: false }).where('id', '=', w.termId).execute();
    try {
      const c = await simple('NOA', 6, '10:15', '11:45');
      const s = await student();
      const res = await put(s, 'request-offering', { offering_id: c.offeringId });
      expect(res.body.data).toMatchObject({ status_code: 2, flags: 262144 + 16, request_flag: 2 });
      expect(res.body.message).toBe('The course was registered');
      // Without advising a drop takes effect at once and frees the seat.
      await setWindows(db, w.termId, { registration: [-30, -20], add_drop: [-1, 5] });
      const drop = await put(s, 'addDrop-offering', { offering_id: c.offeringId });
      expect(drop.body.data).toMatchObject({ status_code: 6, flags: 549755813888 + 16 });
      expect(await seats(c.sectionIds[0]!)).toBe(0);
      // The registrar registers the dropped row again: the seat is taken back atomically, refused when full.
      await db.updateTable('sections').set({ capacity: 0 }).where('id', '=', c.sectionIds[0]!).execute();
      let back = await call(app, 'PUT', '/api/sis/registrations/staff/transition', {
        token: w.registrar.token,
        body: { id: res.body.data.id, action: 'register' },
      });
      expect(back.status).toBe(409); // dropped -> registered is not a registrar move; removed/rejected are
      const other = await student();
      await setWindows(db, w.termId, { registration: [-1, 7], add_drop: [10, 20] });
      await db.updateTable('sections').set({ capacity: 1 }).where('id', '=', c.sectionIds[0]!).execute();
      await db.updateTable('terms').set({ advising_required: true }).where('id', '=', w.termId).execute();
      const req = await put(other, 'request-offering', { offering_id: c.offeringId });
      expect((await put(other, 'remove-offering', { id: req.body.data.id })).body.data.status_code).toBe(14);
      const third = await student();
      expect((await put(third, 'request-offering', { offering_id: c.offeringId })).status).toBe(200);
      back = await call(app, 'PUT', '/api/sis/registrations/staff/transition', {
        token: w.registrar.token,
        body: { id: req.body.data.id, action: 'register' },
      });
      expect(back.body).toMatchObject({ code: 'no_capacity', error: 'There is no available capacity' });
      expect(await seats(c.sectionIds[0]!)).toBe(1);
    } finally {
      await setWindows(db, w.termId, { registration: [-1, 7], add_drop: [10, 20], withdraw: [21, 100] });
      await db.updateTable('terms').set({ advising_required: true }).where('id', '=', w.termId).execute();
    }
  });

  it('appointments: registration opens to each group at its own time', async () => {
    const c = await simple('APP', 6, '13:45', '15:15');
    const senior = await student({ earned_hours: 90 });
    const junior = await student({ earned_hours: 10 });
    const later = new Date(Date.now() + 3_600_000);
    await db
      .insertInto('registration_appointments')
      .values([
        { term_id: w.termId, name: 'Seniors', min_earned_hours: 60, opens_at: new Date(Date.now() - 60_000) },
        { term_id: w.termId, name: 'Juniors', max_earned_hours: 30, opens_at: later },
      ])
      .execute();
    const outsider = await student({ earned_hours: 45 });
    try {
      expect((await put(senior, 'request-offering', { offering_id: c.offeringId })).status).toBe(200);
      const res = await put(junior, 'request-offering', { offering_id: c.offeringId });
      expect(res.body.code).toBe('reg_appointment_not_open');
      expect(res.body.error).toBe(
        `Your registration appointment opens at ${later.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      );
      expect((await put(outsider, 'request-offering', { offering_id: c.offeringId })).body.code).toBe(
        'reg_no_appointment',
      );
      const stages = await get(junior, `${S}/available-termstages`);
      expect(stages.body.appointment).toMatchObject({ name: 'Juniors', open: false });
      expect(stages.body.data.map((x: any) => x.stage)).toContain('registration');

      // The plan: prepared before the appointment, checked as it is built, submitted in one step.
      const p1 = await simple('PL1', 3, '08:30', '10:00');
      const p2 = await simple('PL2', 3, '09:30', '11:00');
      const p3 = await makeCourse(db, w, { code: 'PL3', sections: [{ capacity: 0, slots: [[3, '12:00', '13:30']] }] });
      expect((await put(junior, 'plan/add', { offering_id: p1.offeringId, section_id: p1.sectionIds[0] })).status).toBe(
        200,
      );
      const clash = await put(junior, 'plan/add', { offering_id: p2.offeringId, section_id: p2.sectionIds[0] });
      expect(clash.body.code).toBe('reg_clash');
      expect(
        (await put(junior, 'plan/add', { offering_id: p1.offeringId, section_id: p1.sectionIds[0] })).body.code,
      ).toBe('reg_plan_duplicate');
      expect((await put(junior, 'plan/add', { offering_id: p3.offeringId, section_id: p3.sectionIds[0] })).status).toBe(
        200,
      );
      let submit = await put(junior, 'plan/submit', { term_id: w.termId });
      expect(submit.body.data.every((r: any) => r.code === 'reg_appointment_not_open')).toBe(true);
      expect(await rowsOf(junior.student_id!)).toHaveLength(0);
      await db
        .updateTable('registration_appointments')
        .set({ opens_at: new Date(Date.now() - 1000) })
        .where('name', '=', 'Juniors')
        .execute();
      submit = await put(junior, 'plan/submit', { term_id: w.termId }, { key: 'submit-1' });
      expect(submit.body.data).toEqual([
        expect.objectContaining({ offering_id: p1.offeringId, ok: true }),
        expect.objectContaining({ offering_id: p3.offeringId, ok: false, error: 'There is no available capacity' }),
      ]);
      const again = await put(junior, 'plan/submit', { term_id: w.termId }, { key: 'submit-1' });
      expect(again.body).toEqual(submit.body);
      const plan = await get(junior, `${S}/plan?term_id=${w.termId}`);
      expect(plan.body.data.map((i: any) => i.offering_id)).toEqual([p3.offeringId]);
      expect((await rowsOf(junior.student_id!)).map((r) => Number(r.offering_id))).toEqual([p1.offeringId]);
    } finally {
      await db.deleteFrom('registration_appointments').execute();
    }
  });

  it('idempotency: a retried or double-clicked request registers once', async () => {
    const c = await makeCourse(db, w, {
      code: 'IDM',
      sections: [
        { capacity: 5, slots: [[6, '08:30', '10:00']] },
        { capacity: 5, slots: [[6, '10:15', '11:45']] },
      ],
    });
    const s = await student();
    const first = await put(s, 'request-offering', { offering_id: c.offeringId }, { key: 'k-1' });
    const retry = await put(s, 'request-offering', { offering_id: c.offeringId }, { key: 'k-1' });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    // The answer remembered is the one of the section taken, here the second candidate (the first is full).
    const f = await makeCourse(db, w, {
      code: 'IDF',
      sections: [
        { capacity: 1, slots: [[5, '08:30', '10:00']] },
        { capacity: 5, slots: [[5, '10:15', '11:45']] },
      ],
    });
    expect(
      (await put(await student(), 'request-offering', { offering_id: f.offeringId, section_id: f.sectionIds[0] }))
        .status,
    ).toBe(200);
    const late = await student();
    const second = await put(late, 'request-offering', { offering_id: f.offeringId }, { key: 'k-2', lang: 'ar' });
    expect(second.status).toBe(200);
    expect(second.body.data.section_id).toBe(f.sectionIds[1]);
    const replay = await put(late, 'request-offering', { offering_id: f.offeringId }, { key: 'k-2', lang: 'ar' });
    expect(replay.body).toEqual(second.body);
    expect(replay.body.data.course.name_local).toBe('مقرر IDF');
    // The same request sent three times at once with one key: one row, one seat, the same answer.
    const t = await student();
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        put(t, 'request-offering', { offering_id: c.offeringId, section_id: c.sectionIds[1] }, { key: 'same' }),
      ),
    );
    expect(same.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(same[1]!.body).toEqual(same[0]!.body);
    expect(same[2]!.body).toEqual(same[0]!.body);
    expect(await rowsOf(t.student_id!)).toHaveLength(1);
    // A double click on two sections of the course at once: one holds a seat, the other is refused.
    const u = await student();
    const both = await Promise.all([
      put(u, 'request-offering', { offering_id: c.offeringId, section_id: c.sectionIds[0] }, { key: 'a' }),
      put(u, 'request-offering', { offering_id: c.offeringId, section_id: c.sectionIds[1] }, { key: 'b' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.status === 422)!.body.code).toBe('reg_already_requested');
    expect(await rowsOf(u.student_id!)).toHaveLength(1);
    expect((await seats(c.sectionIds[0]!)) + (await seats(c.sectionIds[1]!))).toBe(3);
    expect((await put(u, 'request-offering', { offering_id: c.offeringId }, { key: 'bad key!' })).status).toBe(422);
  });

  it('honours the finance gate: a student with an overdue installment is sent to payments', async () => {
    const c = await simple('PAY', 7, '10:15', '11:45');
    const s = await student();
    const payment = await db
      .insertInto('payments')
      .values({ student_id: s.student_id, billing_kind_id: 1, amount: 1000, currency_id: 1, status_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('installments')
      .values({
        payment_id: payment.id,
        student_id: s.student_id,
        installment_id: 1,
        amount: 1000,
        paid_amount: 0,
        due_date: '2020-01-01',
        status_id: 1,
      })
      .execute();
    const res = await put(s, 'request-offering', { offering_id: c.offeringId });
    expect(res.status).toBe(403);
    expect(res.body.redirect_to).toBe('payments');
    expect(await rowsOf(s.student_id!)).toHaveLength(0);
  });

  it('the session cache of request-offering still honours a sign-out, a disabled account and a new overdue installment at once', async () => {
    const [a, b, c, d] = [
      await simple('SC1', 6, '16:00', '17:00'),
      await simple('SC2', 6, '17:15', '18:15'),
      await simple('SC3', 6, '18:30', '19:30'),
      await simple('SC4', 6, '19:45', '20:45'),
    ];
    // Signed out after a first request (the caller is now in this process's session cache).
    const out = await student();
    expect((await put(out, 'request-offering', { offering_id: a.offeringId })).status).toBe(200);
    await db.updateTable('user_tokens').set({ revoked_at: new Date() }).where('user_id', '=', out.id).execute();
    expect((await put(out, 'request-offering', { offering_id: b.offeringId })).status).toBe(401);
    // A call that fails before its statement (a bad body) is still answered as the session gone.
    expect((await put(out, 'request-offering', { offering_id: 'abc' })).status).toBe(401);
    expect((await rowsOf(out.student_id!)).map((r) => Number(r.offering_id))).toEqual([a.offeringId]);
    // A disabled account.
    const off = await student();
    expect((await put(off, 'request-offering', { offering_id: a.offeringId })).status).toBe(200);
    await db.updateTable('users').set({ active: false }).where('id', '=', off.id).execute();
    expect((await put(off, 'request-offering', { offering_id: b.offeringId })).status).toBe(401);
    // An installment falling overdue between two requests closes the gate on the next one.
    const due = await student();
    expect((await put(due, 'request-offering', { offering_id: c.offeringId })).status).toBe(200);
    const payment = await db
      .insertInto('payments')
      .values({ student_id: due.student_id, billing_kind_id: 1, amount: 500, currency_id: 1, status_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('installments')
      .values({
        payment_id: payment.id,
        student_id: due.student_id,
        installment_id: 1,
        amount: 500,
        paid_amount: 0,
        due_date: '2020-01-01',
        status_id: 1,
      })
      .execute();
    const gated = await put(due, 'request-offering', { offering_id: d.offeringId });
    expect(gated.status).toBe(403);
    expect(gated.body.redirect_to).toBe('payments');
    // ... and a bad body from a gated student is sent to payments too, as the gate's preHandler did.
    expect((await put(due, 'request-offering', { offering_id: 'abc' })).body.redirect_to).toBe('payments');
    expect(await rowsOf(due.student_id!)).toHaveLength(1);
  });

  it('is for students; bad input is a clear 422', async () => {
    const c = await simple('GRD', 7);
    expect((await put(w.advisor, 'request-offering', { offering_id: c.offeringId })).status).toBe(403);
    expect((await call(app, 'PUT', `${S}/request-offering`, { body: { offering_id: c.offeringId } })).status).toBe(401);
    const s = await student();
    const res = await put(s, 'request-offering', { offering_id: 'abc' });
    expect(res.status).toBe(422);
    expect(res.body.errors.offering_id).toBeDefined();
    expect((await put(s, 'request-offering', { offering_id: 999999 })).body.code).toBe('reg_offering_not_available');
    expect((await put(s, 'request-offering', { offering_id: c.offeringId, section_id: 999999 })).body.code).toBe(
      'reg_section_invalid',
    );
    const slots = await get(s, `${S}/offering-slots/${c.offeringId}`);
    expect(slots.body.data).toEqual([
      expect.objectContaining({ section_id: c.sectionIds[0], day: 7, start_time: '08:30:00' }),
    ]);
  });
});
