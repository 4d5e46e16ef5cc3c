/**
 * The error model: 422 {errors: {field: [message]}} in the caller's language (English and
 * Arabic, from Accept-Language or the language cookie), and a clear 4xx {error} for every
 * client mistake: malformed JSON, wrong content type, unknown resource or route, oversized
 * body, bad ids, filters, sorts and paging. Never a 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, createUser, useServer, type TestUser } from './harness.ts';

describe.each(BACKENDS)('errors on $name', (backend) => {
  const t = useServer(backend);
  let staff: TestUser;
  let faculty: number;

  beforeAll(async () => {
    staff = await createUser(t.db, { type: 4, roles: ['registrar'] });
    faculty = Number(
      (
        await t.db
          .insertInto('faculties')
          .values({ code: 'ERR', name: 'Errors' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });

  const put = (body: unknown, opts: { lang?: string; cookie?: string } = {}) =>
    call(t.app, 'PUT', '/api/sis/students', { token: staff.token, body, ...opts });

  describe('validation (422)', () => {
    const bad = {
      code: 'a b',
      name: '',
      national_id: '123',
      gpa: 7,
      email: 'x@y',
      birth_date: '2024-13-40',
      level: 'high',
    };

    it("names every failing field with its rule's message, in English by default", async () => {
      const { status, body } = await put(bad);
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        code: ['The code must not contain spaces or special characters'],
        name: ['Please fill this field'],
        faculty_id: ['Faculty is required'],
        national_id: ['The national id must be 14 digits'],
        gpa: ['Must be at most 4', 'The GPA must be between 0 and 4'],
        email: ['Email must be written correctly'],
        birth_date: ['Must be a valid date (YYYY-MM-DD)'],
        level: ['Must be a whole number'],
      });
      expect(body.message).toBe('Please Check Inputs Errors, And Try Again');
    });

    it('answers in Arabic for Accept-Language: ar', async () => {
      const { status, body } = await put(bad, { lang: 'ar-EG,ar;q=0.9,en;q=0.5' });
      expect(status).toBe(422);
      expect(body.errors.code).toEqual(['يجب ألا يحتوي الكود على مسافات أو رموز خاصة']);
      expect(body.errors.name).toEqual(['من فضلك املأ هذا الحقل']);
      expect(body.errors.faculty_id).toEqual(['الكلية مطلوبة']);
      expect(body.errors.national_id).toEqual(['الرقم القومي يجب أن يتكون من 14 رقمًا']);
      expect(body.errors.gpa).toEqual(['يجب ألا تزيد القيمة عن 4', 'المعدل التراكمي يجب أن يكون بين 0 و4']);
      expect(body.errors.level).toEqual(['يجب أن تكون القيمة عددًا صحيحًا']);
      expect(body.message).toBe('يرجى مراجعة أخطاء المدخلات والمحاولة مرة أخرى');
    });

    it('lets the language cookie win over Accept-Language, and falls back to English', async () => {
      const ar = await put({ name: 'x', faculty_id: faculty }, { lang: 'en', cookie: 'language=ar' });
      expect(ar.body.errors.code).toEqual(['من فضلك املأ هذا الحقل']);
      const fr = await put({ name: 'x', faculty_id: faculty }, { lang: 'fr' });
      expect(fr.body.errors.code).toEqual(['Please fill this field']);
    });

    it('translates database checks too: unique, missing reference', async () => {
      await put({ code: 'TAKEN', name: 'A', faculty_id: faculty });
      const { body } = await put({ code: 'TAKEN', name: 'B', faculty_id: 999999 }, { lang: 'ar' });
      expect(body.errors).toEqual({ code: ['هذه القيمة مستخدمة بالفعل'], faculty_id: ['العنصر المختار غير موجود'] });
    });

    it('checks cross-field rules and anyOf patterns', async () => {
      const student = Number((await t.db.selectFrom('students').select('id').executeTakeFirstOrThrow()).id);
      const mark = await call(t.app, 'PUT', '/api/sis/enrolments', {
        token: staff.token,
        body: { student_id: student, mark: 60, max_mark: 50 },
      });
      expect(mark.status).toBe(422);
      expect(mark.body.errors).toEqual({ mark: ['The mark may not exceed the maximum'] });
      const ok = await call(t.app, 'PUT', '/api/sis/enrolments', {
        token: staff.token,
        body: { student_id: student, mark: 40, max_mark: 50 },
      });
      expect(ok.status).toBe(201);
      const name = await call(t.app, 'PUT', `/api/sis/users/${staff.id}`, {
        token: staff.token,
        body: { name: 'Mixed اسم' },
      });
      expect(name.status).toBe(403); // manage_users is not the registrar's
    });

    it('stores an optional field left blank as null, without checking its pattern', async () => {
      const { status, body } = await put({
        code: 'BLANK1',
        name: 'Blank',
        faculty_id: faculty,
        email: '',
        national_id: '  ',
        gpa: '',
      });
      expect(status).toBe(201);
      expect(body.data).toMatchObject({ email: null, national_id: null, gpa: null });
      expect((await put({ code: 'BLANK2', name: 'Blank', faculty_id: faculty, email: '' })).status).toBe(201);
    });

    it('refuses emptying a required field on update', async () => {
      const created = await put({ code: 'EMPTY1', name: 'Full', faculty_id: faculty });
      const { status, body } = await call(t.app, 'PUT', `/api/sis/students/${created.body.data.id}`, {
        token: staff.token,
        body: { name: '   ' },
      });
      expect(status).toBe(422);
      expect(body.errors).toEqual({ name: ['Please fill this field'] });
    });
  });

  describe('client mistakes (4xx with a clear message)', () => {
    it('malformed JSON -> 400', async () => {
      const res = await call(t.app, 'PUT', '/api/sis/students', {
        token: staff.token,
        raw: '{"code": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The request body is not valid JSON' });
      const ar = await call(t.app, 'POST', '/api/sis/students', {
        token: staff.token,
        raw: '{oops}',
        headers: { 'content-type': 'application/json' },
        lang: 'ar',
      });
      expect(ar.body).toEqual({ error: 'محتوى الطلب ليس JSON صالحًا' });
    });

    it('a JSON body that is not an object -> 400', async () => {
      const res = await call(t.app, 'PUT', '/api/sis/students', { token: staff.token, body: [1, 2] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The request body must be a JSON object' });
      expect((await call(t.app, 'POST', '/api/sis/students', { token: staff.token, body: 'text' })).status).toBe(400);
    });

    it('wrong content type -> 415', async () => {
      const res = await call(t.app, 'PUT', '/api/sis/students', {
        token: staff.token,
        raw: 'code=X',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: 'Unsupported content type "application/x-www-form-urlencoded": send application/json',
      });
      const plain = await call(t.app, 'POST', '/api/sis/students', {
        token: staff.token,
        raw: '{}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(plain.status).toBe(415);
    });

    it('an empty body sent as JSON counts as no body', async () => {
      const res = await call(t.app, 'POST', '/api/sis/students', {
        token: staff.token,
        raw: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
    });

    it('oversized body -> 413 naming the limit', async () => {
      const res = await put({ code: 'BIG', name: 'x'.repeat(100 * 1024), faculty_id: faculty });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'The request body is too large: the limit is 64 KB' });
    });

    it('unknown resource -> 404 naming it; unknown API route -> 404', async () => {
      const res = await call(t.app, 'POST', '/api/sis/spaceships', { token: staff.token, body: {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Unknown resource "spaceships"' });
      const route = await call(t.app, 'GET', '/api/nothing/here', { token: staff.token });
      expect(route.status).toBe(404);
      expect(route.body).toEqual({ error: 'No such API address' });
      const ar = await call(t.app, 'PATCH', '/api/sis/students/1', { token: staff.token, lang: 'ar' });
      expect(ar.status).toBe(404);
      expect(ar.body.error).toBe('لا يوجد عنوان API بهذا الاسم');
    });

    it('bad ids -> 400', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        const res = await call(t.app, 'GET', `/api/sis/students/${id}`, { token: staff.token });
        expect(res.status, id).toBe(400);
        expect(res.body).toEqual({ error: 'The id must be a positive whole number' });
      }
    });

    it('bad filters, sorts and paging -> 400 naming the field', async () => {
      const cases: Array<[unknown, string]> = [
        [{ filters: { nope: 1 } }, 'Cannot filter by "nope"'],
        [{ filters: { faculty_id: 'abc' } }, 'Invalid filter value for "faculty_id"'],
        [{ filters: { faculty_id: { $gt: 1 } } }, 'Invalid filter value for "faculty_id"'],
        [{ filters: 'x' }, 'Cannot filter by "filters"'],
        [{ sort: { field: 'password_hash', order: 'asc' } }, 'Cannot sort by "password_hash"'],
        [{ sortBy: 'nope' }, 'Cannot sort by "nope"'],
        [{ page: 0 }, 'page and perPage must be positive whole numbers'],
        [{ perPage: 'many' }, 'page and perPage must be positive whole numbers'],
      ];
      for (const [body, error] of cases) {
        const res = await call(t.app, 'POST', '/api/sis/students', { token: staff.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ error });
      }
    });

    it('values the database would reject as malformed -> 4xx, not 500', async () => {
      const huge = await call(t.app, 'POST', '/api/sis/students', {
        token: staff.token,
        body: { filters: { level: 99999999999 } },
      });
      expect(huge.status).toBe(400);
      const word = await call(t.app, 'POST', '/api/sis/students', {
        token: staff.token,
        body: { filters: { birth_date: 'yesterday' } },
      });
      expect(word.body).toEqual({ error: 'Invalid filter value for "birth_date"' });
      const res = await call(t.app, 'POST', '/api/sis/students', {
        token: staff.token,
        body: { filters: { birth_date: '2024-13-45' } },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'A value in the request has the wrong form' });
    });

    it('a Guest is told to sign in, in their language', async () => {
      const res = await call(t.app, 'PUT', '/api/sis/faculties', { body: { code: 'G', name: 'G' }, lang: 'ar' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'يرجى تسجيل الدخول أولًا' });
    });
  });
});
