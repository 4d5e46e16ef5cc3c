/**
 * The admission domain through its HTTP API on PGlite and, with TEST_DATABASE_URL, PostgreSQL:
 * applying (emailed link, closed rounds), the secret, each tab's server validation with the
 * spec's messages (nothing saved on error), uploads by content, the status machine and staff
 * review, fees paid through the sandbox provider (a duplicated callback pays once), the PDF.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { samplePdf, samplePng, SAMPLE_PERSON, sampleTabs } from '../../server/domains/admission/sample.ts';
import { callbackSecret, sign } from '../../server/domains/finance/provider.ts';
import { readOutbox } from '../../server/mail/outbox.ts';
import { linkOrigin } from '../../server/config.ts';
import {
  applyFor,
  as,
  fillApplication,
  manifest,
  personFor,
  upload,
  useAdmissionWorld,
  type Applicant,
} from './admission-world.ts';
import { BACKENDS, call, createUser } from './harness.ts';

describe.skipIf(!manifest).each(BACKENDS)('admission on $name', (backend) => {
  const world = useAdmissionWorld(backend);
  const tabs = () => sampleTabs(SAMPLE_PERSON, { preferences: [[world.facultyId, world.programIds[0]!]] });
  const stored = async (id: number) =>
    world.db.selectFrom('applicants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const save = (a: Applicant, tab: string, body: unknown, lang?: string) =>
    call(world.app, 'POST', `/api/admission/${a.id}/${tab}`, { headers: as(a), body, lang });

  describe('applying', () => {
    it('creates the applicant and emails the link; the answer never holds the secret', async () => {
      const email = `first${process.pid}@example.com`;
      const answer = await call(world.app, 'PUT', '/api/admission/apply', { body: { type: 1, email } });
      expect(answer.status).toBe(201);
      expect(answer.body.data.status.key).toBe('incomplete');
      expect(JSON.stringify(answer.body)).not.toMatch(/[A-Za-z0-9_-]{43}/);
      const [mail] = await readOutbox(world.config.outboxDir, email);
      expect(mail!.text).toContain(`/admissionForm/1/${answer.body.data.id}/`);
      const row = await stored(answer.body.data.id);
      // Only the hash is stored, never the key of the link.
      const key = /\/admissionForm\/1\/\d+\/([A-Za-z0-9_-]{43})\//.exec(mail!.text)![1]!;
      expect(row.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(row.secret).not.toContain(key);
      expect(row.form_version).toBe(manifest!.wizards.admission_form!.version);
    });

    it("builds the mailed link from the configuration, never from the request's Host", async () => {
      const email = `host${process.pid}@example.com`;
      const answer = await call(world.app, 'PUT', '/api/admission/apply', {
        body: { type: 1, email },
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(answer.status).toBe(201);
      const [mail] = await readOutbox(world.config.outboxDir, email);
      expect(mail!.text).not.toContain('evil.example');
      // No PUBLIC_URL in this world: the server's own address (development).
      expect(mail!.text).toContain(`${linkOrigin(world.config)}/admissionForm/1/${answer.body.data.id}/`);
    });

    it("refuses a closed round with 'Cannot apply to this program now' and creates nothing", async () => {
      const before = await world.db
        .selectFrom('applicants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const answer = await call(world.app, 'PUT', '/api/admission/apply', {
        body: { type: 3, email: 'closed@example.com' },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe('Cannot apply to this program now');
      const arabic = await call(world.app, 'PUT', '/api/admission/apply', {
        body: { type: 3, email: 'closed@example.com' },
        lang: 'ar',
      });
      expect(arabic.body.error).toBe('لا يمكن التقديم على هذا البرنامج الآن');
      const after = await world.db
        .selectFrom('applicants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('checks the kind and the email per field', async () => {
      const answer = await call(world.app, 'PUT', '/api/admission/apply', { body: { type: 9, email: 'not-an-email' } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.type).toBeDefined();
      expect(answer.body.errors.email).toEqual(['Email must be written correctly']);
      // A mistyped term or round is said, not ignored.
      const term = await call(world.app, 'PUT', '/api/admission/apply', {
        body: { type: 1, email: 'term@example.com', term_id: 'abc', admission_id: '1x' },
      });
      expect(term.status).toBe(422);
      expect(term.body.errors).toEqual({
        term_id: ['The selected item does not exist'],
        admission_id: ['The selected item does not exist'],
      });
    });

    it('an upload that is not multipart says how to send a file', async () => {
      const a = await applyFor(world, 1);
      const answer = await call(world.app, 'POST', `/api/admission/${a.id}/files/photo`, {
        headers: as(a),
        body: { file: 'x' },
      });
      expect(answer.status).toBe(415);
      expect(answer.body.error).toBe('Send the file as multipart/form-data, in one part');
    });
  });

  describe('hostile bodies', () => {
    it('a tab nested 10,000 deep answers 400 with a clear message, never 500', async () => {
      const a = await applyFor(world, 1);
      const deep = '['.repeat(10_000) + ']'.repeat(10_000);
      for (const lang of ['en', 'ar']) {
        const answer = await call(world.app, 'POST', `/api/admission/${a.id}/personal`, {
          headers: { ...as(a), 'content-type': 'application/json' },
          raw: `{"personal":{"name":${deep}}}`,
          lang,
        });
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe(
          lang === 'en'
            ? 'The request body is nested more than 32 levels deep'
            : 'محتوى الطلب متداخل لأكثر من 32 مستوى',
        );
      }
      // Brackets inside strings are text, not nesting.
      const text = await save(a, 'personal', { name: '['.repeat(100) });
      expect(text.status).not.toBe(400);
    });
  });

  describe('the secret of the link', () => {
    it('a missing secret answers 401, a wrong one 403; nothing is read or written', async () => {
      const a = await applyFor(world, 1);
      const none = await call(world.app, 'GET', `/api/admission/${a.id}/nationality`);
      expect(none.status).toBe(401);
      expect(none.body.error).toMatch(/secret key is missing/);
      const wrong = { ...a, secret: a.secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
      const read = await call(world.app, 'GET', `/api/admission/${a.id}/dashboard`, { headers: as(wrong) });
      expect(read.status).toBe(403);
      expect(read.body.data).toBeUndefined();
      const write = await save(wrong, 'nationality', tabs().nationality);
      expect(write.status).toBe(403);
      const noHeader = await call(world.app, 'POST', `/api/admission/${a.id}/nationality`, {
        body: tabs().nationality,
      });
      expect(noHeader.status).toBe(401);
      const upload403 = await upload(world, wrong, 'birth_certificate');
      expect(upload403.status).toBe(403);
      // Another applicant's id with my secret: the same 403 as a wrong secret.
      const other = await applyFor(world, 1);
      expect((await call(world.app, 'GET', `/api/admission/${other.id}/dashboard`, { headers: as(a) })).status).toBe(
        403,
      );
      const row = await stored(a.id);
      expect(row.data).toBeNull();
      expect(row.nationality_id).toBeNull();
      expect(
        await world.db.selectFrom('applicant_documents').selectAll().where('applicant_id', '=', a.id).execute(),
      ).toHaveLength(0);
    });

    it('staff with access_admission read without a secret, but cannot save', async () => {
      const a = await applyFor(world, 1);
      expect((await save(a, 'nationality', tabs().nationality)).status).toBe(200);
      const read = await call(world.app, 'GET', `/api/admission/${a.id}/nationality/dashboard`, {
        token: world.officer.token,
      });
      expect(read.status).toBe(200);
      expect(read.body.data.national_id).toBe(SAMPLE_PERSON.national_id);
      // The form of the version the tab was saved with.
      expect(read.body.form_version).toBe(manifest!.wizards.admission_form!.version);
      expect(read.body.form.name).toBe('admission_nationality');
      const write = await call(world.app, 'POST', `/api/admission/${a.id}/nationality`, {
        token: world.officer.token,
        body: tabs().nationality,
      });
      expect(write.status).toBe(401);
    });

    it('staff see a tab with the form of the version it was saved with, after the YAML changed', async () => {
      const versions = fs.readdirSync('versions/forms/admission_form').map((f) => f.replace('.json', ''));
      const old = versions.find((v) => v !== manifest!.wizards.admission_form!.version);
      if (!old) return; // only one version archived so far: nothing older to show
      const archived = JSON.parse(fs.readFileSync(`versions/forms/admission_form/${old}.json`, 'utf8'));
      const a = await applyFor(world, 1);
      expect((await save(a, 'contact_info', tabs().contact_info)).status).toBe(200);
      // As if this tab had been saved before the forms changed.
      await world.db
        .updateTable('applicants')
        .set({ tab_versions: JSON.stringify({ contact_info: old }) })
        .where('id', '=', a.id)
        .execute();
      const read = await call(world.app, 'GET', `/api/admission/${a.id}/contact_info/dashboard`, {
        token: world.officer.token,
      });
      expect(read.body.form_version).toBe(old);
      expect(read.body.form).toEqual(archived.forms.admission_contact_info);
    });
  });

  describe('tab validation (the spec messages, nothing saved)', () => {
    const refused = async (
      a: Applicant,
      tab: string,
      body: Record<string, unknown>,
      field: string,
      message: string,
      ar?: string,
    ) => {
      const before = await stored(a.id);
      const answer = await save(a, tab, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors[field]?.[0]).toBe(message);
      if (ar) expect((await save(a, tab, body, 'ar')).body.errors[field]?.[0]).toBe(ar);
      const after = await stored(a.id);
      expect(after.data).toEqual(before.data);
      expect(after.completed_tabs).toEqual(before.completed_tabs);
    };

    it('a short national id (Egyptian nationality 64)', async () => {
      const a = await applyFor(world, 1);
      await refused(
        a,
        'nationality',
        { ...tabs().nationality, national_id: '3070101123' },
        'national_id',
        'The national id must be 14 digits',
        'الرقم القومي يجب أن يتكون من 14 رقمًا',
      );
    });

    it('others need a passport instead', async () => {
      const a = await applyFor(world, 1);
      await refused(a, 'nationality', { nationality_id: 20 }, 'passport', 'Please fill this field');
      await refused(
        a,
        'nationality',
        { nationality_id: 20, passport: 'A12' },
        'passport',
        'The passport number must be written correctly',
      );
      // The passport's keystroke filter (no Arabic) holds on the server too.
      await refused(a, 'nationality', { nationality_id: 20, passport: 'A1234567٨' }, 'passport', 'Invalid input value');
      expect((await save(a, 'nationality', { nationality_id: 20, passport: 'A12345678' })).status).toBe(200);
    });

    it('a wrong phone', async () => {
      const a = await applyFor(world, 1);
      expect((await save(a, 'nationality', tabs().nationality)).status).toBe(200);
      await refused(
        a,
        'contact_info',
        { ...tabs().contact_info, phone: '12ab' },
        'phone',
        'The phone number must start with the country code followed by 4 to 14 digits',
      );
      await refused(
        a,
        'contact_info',
        { ...tabs().contact_info, mobile_egypt: '0100123' },
        'mobile_egypt',
        'The phone number must be 11 digits',
      );
    });

    it('16 preferences', async () => {
      const a = await applyFor(world, 1);
      const preferences = Array.from({ length: 16 }, (_, i) => ({
        faculty_id: world.facultyId,
        program_id: world.programIds[i % 3]!,
        order: i + 1,
      }));
      await refused(
        a,
        'personal_preference',
        { preferences },
        'preferences',
        'No more than 15 may be chosen',
        'لا يمكن اختيار أكثر من 15',
      );
    });

    it('preferences must be sorted and belong to their faculty', async () => {
      const a = await applyFor(world, 1);
      await refused(
        a,
        'personal_preference',
        { preferences: [{ faculty_id: world.facultyId, program_id: world.programIds[0], order: 2 }] },
        'preferences',
        'All preferences must be sorted',
      );
      await refused(
        a,
        'personal_preference',
        { preferences: [{ faculty_id: world.facultyId, program_id: 999_999, order: 1 }] },
        'preferences.0.program_id',
        'The selected item does not exist',
      );
    });

    it("a program of another degree level than the application's", async () => {
      const master = Number(
        (await world.db.selectFrom('programs').select('id').where('code', '=', 'MENG').executeTakeFirstOrThrow()).id,
      );
      const undergraduate = await applyFor(world, 1);
      await refused(
        undergraduate,
        'personal_preference',
        { preferences: [{ faculty_id: world.facultyId, program_id: master, order: 1 }] },
        'preferences.0.program_id',
        'This program is not offered to this kind of application',
        'هذا البرنامج غير متاح لهذا النوع من الطلبات',
      );
      const postgraduate = await applyFor(world, 4);
      await refused(
        postgraduate,
        'personal_preference',
        { preferences: [{ faculty_id: world.facultyId, program_id: world.programIds[0], order: 1 }] },
        'preferences.0.program_id',
        'This program is not offered to this kind of application',
      );
      expect(
        (
          await save(postgraduate, 'personal_preference', {
            preferences: [{ faculty_id: world.facultyId, program_id: master, order: 1 }],
          })
        ).status,
      ).toBe(200);
    });

    it('a hidden copy of the nationality on a later tab is never written from that tab', async () => {
      const a = await applyFor(world, 1);
      expect((await save(a, 'nationality', tabs().nationality)).status).toBe(200);
      const before = (await stored(a.id)).nationality_id;
      expect((await save(a, 'contact_info', { ...tabs().contact_info, nationality_id: 10 })).status).toBe(200);
      expect((await stored(a.id)).nationality_id).toBe(before);
      const read = await call(world.app, 'GET', `/api/admission/${a.id}/contact_info`, { headers: as(a) });
      expect(read.body.data.nationality_id).toBe(before);
    });

    it('6 scholarships', async () => {
      const a = await applyFor(world, 1);
      const scholarships = Array.from({ length: 6 }, (_, i) => ({ scholarship_id: (i % 6) + 1 }));
      await refused(a, 'scholarships', { scholarships }, 'scholarships', 'No more than 5 may be chosen');
    });

    it('a mark above the maximum', async () => {
      const a = await applyFor(world, 1);
      const body = { ...tabs().academic_data, subject_degrees: [{ subject: 'Mathematics', mark: 61, max_mark: 60 }] };
      await refused(
        a,
        'academic_data',
        body,
        'subject_degrees.0.mark',
        'The mark may not exceed the maximum',
        'لا يجوز أن تتجاوز الدرجة الدرجة العظمى',
      );
      await refused(
        a,
        'academic_data',
        { ...tabs().academic_data, total_marks: 420 },
        'total_marks',
        'The total marks may not exceed the maximum',
      );
    });

    it('a gpa of 5', async () => {
      const a = await applyFor(world, 4);
      await refused(
        a,
        'bachelor_degree',
        { ...tabs().bachelor_degree, bachelor_gpa: 5 },
        'bachelor_gpa',
        'The GPA must be between 0 and 4',
        'المعدل التراكمي يجب أن يكون بين 0 و4',
      );
    });

    it('a name mixing Arabic and English letters', async () => {
      const a = await applyFor(world, 1);
      await refused(
        a,
        'parent_info',
        { ...tabs().parent_info, guardian_name: 'Mohamed محمد Hassan' },
        'guardian_name',
        'The name must contain only Arabic or only English characters',
        'يجب أن يحتوي الاسم على حروف عربية فقط أو حروف إنجليزية فقط',
      );
      await refused(
        a,
        'personal_info',
        { ...tabs().personal_info, first_name_en: 'Ahmed أحمد' },
        'first_name_en',
        'Only English letters are allowed',
      );
    });

    it("the same email in two email fields, the applicant's own or another parent's", async () => {
      const a = await applyFor(world, 1);
      const parents = tabs().parent_info as Record<string, unknown>;
      const message = [
        'The same email may not be used in two fields',
        'لا يجوز استخدام البريد الإلكتروني نفسه في حقلين',
      ] as const;
      // The father's email repeats the guardian's (case and spaces do not make it another email).
      const guardian = 'guardian.one@example.com';
      await refused(
        a,
        'parent_info',
        { ...parents, guardian_email: guardian, father_email: ' Guardian.One@example.com' },
        'father_email',
        ...message,
      );
      // The mother's email repeats the applicant's own.
      const own = String(
        (await world.db.selectFrom('applicants').select('email').where('id', '=', a.id).executeTakeFirstOrThrow())
          .email,
      );
      await refused(a, 'parent_info', { ...parents, mother_email: own }, 'mother_email', ...message);
    });

    it('required files and declarations', async () => {
      const a = await applyFor(world, 1);
      expect((await save(a, 'nationality', tabs().nationality)).status).toBe(200);
      await refused(a, 'documents', {}, 'national_id_copy', 'All required files must be uploaded');
      await refused(
        a,
        'Declaration',
        { ...tabs().Declaration, declaration_3: false },
        'declaration_3',
        'All declaration conditions must be ticked',
      );
    });

    it('an unknown field, or a tab outside the set', async () => {
      const a = await applyFor(world, 4);
      await refused(
        a,
        'nationality',
        { ...tabs().nationality, status_id: 12 },
        'status_id',
        'This field is not accepted here',
      );
      expect((await save(a, 'scholarships', { scholarships: [] })).status).toBe(404);
    });
  });

  describe('saving tabs', () => {
    it('counts the saved tab complete (not the earlier ones skipped), writes the entity columns, records the version', async () => {
      const a = await applyFor(world, 1);
      const answer = await save(a, 'contact_info', tabs().contact_info);
      // contact_info alone: nationality not saved yet, so the Egyptian-only fields are not asked for.
      expect(answer.status).toBe(200);
      expect(answer.body.completed_tabs).toEqual(['contact_info']);
      expect(answer.body.next_tab).toBe('parent_info');
      expect((await save(a, 'personal_info', { ...tabs().personal_info })).status).toBe(422); // the photo is required
      expect((await upload(world, a, 'photo')).status).toBe(201);
      expect((await save(a, 'personal_info', tabs().personal_info)).status).toBe(200);
      const row = await stored(a.id);
      expect(row.name).toBe('Ahmed Mohamed Ali Hassan');
      expect(row.name_local).toBe('أحمد محمد علي حسن');
      expect(row.gender_id).toBe(1);
      expect((row.tab_versions as Record<string, string>).personal_info).toBe(
        manifest!.wizards.admission_form!.version,
      );
      const back = await call(world.app, 'GET', `/api/admission/${a.id}/personal_info`, { headers: as(a) });
      expect(back.body.data.first_name_ar).toBe('أحمد');
      expect(back.body.data.photo).toBe('files/photo/photo.png');
    });
  });

  describe('uploads', () => {
    it('refuses 31 MB, an .exe renamed .pdf, a mismatched extension and a type the field does not take', async () => {
      const a = await applyFor(world, 1);
      const big = await upload(world, a, 'birth_certificate', {
        name: 'big.pdf',
        type: 'application/pdf',
        content: Buffer.concat([samplePdf(), Buffer.alloc(31 * 1024 * 1024)]),
      });
      expect(big.status).toBe(413);
      expect(big.body.error).toBe('The file is larger than 30 MB');
      const exe = Buffer.concat([
        Buffer.from('MZ'),
        Buffer.alloc(58),
        Buffer.from([0x80, 0, 0, 0]),
        Buffer.alloc(64),
        Buffer.from('PE\0\0'),
        Buffer.alloc(200),
      ]);
      const renamed = await upload(world, a, 'birth_certificate', {
        name: 'certificate.pdf',
        type: 'application/pdf',
        content: exe,
      });
      expect(renamed.status).toBe(422);
      expect(renamed.body.errors.birth_certificate).toEqual(["The file's content does not match its extension"]);
      const mismatch = await upload(world, a, 'birth_certificate', {
        name: 'certificate.pdf',
        type: 'application/pdf',
        content: samplePng(),
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors.birth_certificate).toEqual(["The file's content does not match its extension"]);
      const zip = await upload(world, a, 'birth_certificate', {
        name: 'files.zip',
        type: 'application/zip',
        content: Buffer.from('PK\x03\x04' + '\0'.repeat(60), 'latin1'),
      });
      expect(zip.status).toBe(422);
      expect(zip.body.errors.birth_certificate).toEqual(['Only pdf, jpg, png files are accepted']);
      expect(
        await world.db.selectFrom('applicant_documents').selectAll().where('applicant_id', '=', a.id).execute(),
      ).toHaveLength(0);
      // Nothing left behind in the uploads folder either.
      const dir = path.join(world.config.uploadsDir, 'applicants', String(a.id));
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    });

    it('stores outside the web root, downloads, replaces and deletes while incomplete', async () => {
      const a = await applyFor(world, 1);
      const first = await upload(world, a, 'birth_certificate');
      expect(first.status).toBe(201);
      expect(first.body.data.value).toBe('files/birth_certificate/birth_certificate.pdf');
      const download = await world.app.inject({ method: 'GET', url: first.body.data.document.url, headers: as(a) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(samplePdf('birth_certificate'))).toBe(true);
      expect((await world.app.inject({ method: 'GET', url: first.body.data.document.url })).statusCode).toBe(401);
      const png = await upload(world, a, 'birth_certificate', {
        name: 'scan.png',
        type: 'image/png',
        content: samplePng(),
      });
      expect(png.status).toBe(201);
      const docs = await world.db
        .selectFrom('applicant_documents')
        .selectAll()
        .where('applicant_id', '=', a.id)
        .execute();
      expect(docs).toHaveLength(1);
      expect(docs[0]!.short_name).toBe('scan.png');
      expect(fs.readdirSync(path.join(world.config.uploadsDir, 'applicants', String(a.id)))).toHaveLength(1);
      const removed = await call(world.app, 'DELETE', `/api/admission/${a.id}/files/birth_certificate`, {
        headers: as(a),
      });
      expect(removed.status).toBe(200);
      expect(
        await world.db.selectFrom('applicant_documents').selectAll().where('applicant_id', '=', a.id).execute(),
      ).toHaveLength(0);
      expect((await upload(world, a, 'not_a_field')).status).toBe(404);
    });
  });

  describe('lookups', () => {
    it('serves the seeded tables and the status tables the forms name', async () => {
      const all = await call(world.app, 'GET', '/api/admission/website/applicant/lookups');
      expect(all.status).toBe(200);
      expect(all.body.data.governorates).toHaveLength(27);
      expect(all.body.data.certificate_types.length).toBeGreaterThan(5);
      expect(all.body.data.countries.find((c: { id: number }) => c.id === 64).name_local).toBe('مصر');
      expect(all.body.data.religion.length).toBe(3);
      const one = await call(world.app, 'GET', '/api/admission/website/applicant/lookups/governorates');
      expect(one.body.data[0]).toHaveProperty('name_local');
      expect((await call(world.app, 'GET', '/api/admission/website/applicant/lookups/users')).status).toBe(404);
      const training = await call(world.app, 'GET', `/api/admission/faculty/needTraining/1/${world.facultyId}`);
      expect(training.body.data.need_training).toBe(true);
      expect(training.body.data.programs).toHaveLength(3);
      const data = await call(world.app, 'GET', '/api/website/admissionData');
      expect(data.body.admissions.length).toBeGreaterThanOrEqual(7);
      // Each round says whether it takes applications today: the transfer round (type 3) closed yesterday.
      const openNow = (type: number) =>
        data.body.admissions
          .filter((r: { applicant_type_id: number }) => r.applicant_type_id === type)
          .map((r: { open_now: boolean }) => r.open_now);
      expect(openNow(3)).toEqual([false]);
      expect(openNow(1)).toEqual([true]);
    });
  });

  describe('the whole application, fees and review', () => {
    it('fill, pay the application fee (a duplicated callback pays once), submit, feedback, update', async () => {
      const a = await applyFor(world, 1);
      await fillApplication(world, a, personFor(a));
      let dash = await call(world.app, 'GET', `/api/admission/${a.id}/dashboard`, { headers: as(a) });
      expect(dash.body.data.tabs.every((t: { done: boolean }) => t.done)).toBe(true);
      expect(dash.body.data.next_step.key).toBe('pay');
      const fee = dash.body.data.fees.find((f: { key: string }) => f.key === 'application_fees');
      expect(fee).toMatchObject({ amount: 500, currency: 'EGP', due: true, status: 'unpaid' });
      // The badge's names and colour come from the YAML's payment_status table, sent with the fee.
      expect(fee.status_ref).toEqual(manifest!.statusTables.payment_status!.statuses.find((s) => s.key === 'unpaid'));

      const early = await call(world.app, 'POST', `/api/admission/${a.id}/submit`, { headers: as(a) });
      expect(early.status).toBe(409);
      expect(early.body.error).toBe('You have to pay your due invoices.');

      const bank = await call(world.app, 'POST', `/api/admission/website/transaction/create/${a.id}`, {
        headers: as(a),
        body: { method: 'bank_transfer' },
      });
      expect(bank.status).toBe(422); // Egyptians pay in EGP, not by bank transfer

      const started = await call(world.app, 'POST', `/api/admission/website/transaction/create/${a.id}`, {
        headers: as(a),
        body: { method: 'credit_card', return_path: '/dashboard' },
      });
      expect(started.status).toBe(200);
      expect(started.body.data.redirect_url).toMatch(/^\/api\/sis\/payments\/sandbox\//);
      const reference = started.body.data.transaction as string;
      // A return path holding the link's key is never stored (only the key's hash is).
      const again = await call(world.app, 'POST', `/api/admission/website/transaction/create/${a.id}`, {
        headers: as(a),
        body: { return_path: `/admissionForm/1/${a.id}/${a.secret}/payment` },
      });
      expect(again.status).toBe(200);
      const kept = await world.db
        .selectFrom('provider_payments')
        .select('return_path')
        .where('applicant_id', '=', a.id)
        .execute();
      expect(kept.map((r) => r.return_path)).toEqual(
        expect.arrayContaining(['/dashboard', '/applyForm/success/1/payment']),
      );
      const event = JSON.stringify({
        event_id: `evt-${reference}`,
        reference,
        status: 'paid',
        amount: 500,
        currency: 'EGP',
        occurred_at: new Date().toISOString(),
      });
      const headers = { 'content-type': 'application/json', 'x-signature': sign(callbackSecret(world.config), event) };
      const one = await world.app.inject({
        method: 'POST',
        url: '/api/sis/payments/provider/callback',
        headers,
        payload: event,
      });
      const two = await world.app.inject({
        method: 'POST',
        url: '/api/sis/payments/provider/callback',
        headers,
        payload: event,
      });
      expect(one.json().data.outcome).toBe('applied');
      expect(two.json().data.outcome).toBe('duplicate');
      const invoice = await world.db
        .selectFrom('payments')
        .selectAll()
        .where('applicant_id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(Number(invoice.paid_amount)).toBe(500);
      expect(
        await world.db.selectFrom('transactions').selectAll().where('payment_id', '=', invoice.id).execute(),
      ).toHaveLength(1);
      const check = await call(world.app, 'POST', `/api/admission/website/transaction/check/${reference}/${a.id}`, {
        headers: as(a),
      });
      expect(check.body.data.paid).toBe(true);
      dash = await call(world.app, 'GET', `/api/admission/${a.id}/dashboard`, { headers: as(a) });
      expect(dash.body.data.fees.find((f: { key: string }) => f.key === 'application_fees').status_ref).toMatchObject({
        key: 'paid',
        name: 'Paid',
        name_local: 'مدفوع',
        color: 'success',
      });

      const submitted = await call(world.app, 'POST', `/api/admission/${a.id}/submit`, { headers: as(a) });
      expect(submitted.status).toBe(200);
      expect(submitted.body.data.status.key).toBe('submitted');
      expect((await save(a, 'FinancialAid', { apply_financial_aid: false })).status).toBe(409);
      expect((await upload(world, a, 'extra_files')).status).toBe(409);

      // Staff: a change the state machine does not allow changes nothing.
      const actions = await call(world.app, 'GET', `/api/admission/review/${a.id}/actions`, {
        token: world.officer.token,
      });
      expect(actions.body.data.map((x: { action: string }) => x.action).sort()).toEqual([
        'reject',
        'request_changes',
        'review',
      ]);
      const jump = await call(world.app, 'POST', `/api/admission/review/${a.id}/status`, {
        token: world.officer.token,
        body: { status: 'approved' },
      });
      expect(jump.status).toBe(422);
      expect(jump.body.errors.status).toEqual(['This status change is not allowed']);
      expect((await stored(a.id)).status_id).toBe(2);
      const byApplicant = await call(world.app, 'POST', `/api/admission/review/${a.id}/status`, {
        headers: as(a),
        body: { status: 'reviewed' },
      });
      expect(byApplicant.status).toBe(401);
      const noComment = await call(world.app, 'POST', `/api/admission/review/${a.id}/status`, {
        token: world.officer.token,
        body: { status: 'feedback' },
      });
      expect(noComment.status).toBe(422);
      const feedback = await call(world.app, 'POST', `/api/admission/review/${a.id}/status`, {
        token: world.officer.token,
        body: { status: 'feedback', comment: 'Upload a clearer copy of the birth certificate.' },
      });
      expect(feedback.status).toBe(200);

      dash = await call(world.app, 'GET', `/api/admission/${a.id}/dashboard`, { headers: as(a), lang: 'ar' });
      expect(dash.body.data.status.key).toBe('feedback');
      expect(dash.body.data.feedback).toBe('Upload a clearer copy of the birth certificate.');
      expect(dash.body.data.editable).toBe(true);
      expect(dash.body.data.next_step.key).toBe('fix_feedback');
      expect((await upload(world, a, 'birth_certificate')).status).toBe(201);
      const resubmitted = await call(world.app, 'POST', `/api/admission/${a.id}/submit`, { headers: as(a) });
      expect(resubmitted.body.data.status.key).toBe('updated');
    });

    it('staff take an application through review, distribution (with a program) and approval', async () => {
      const a = await applyFor(world, 1);
      await world.db
        .updateTable('applicants')
        .set({ status_id: 2, nationality_id: 64 })
        .where('id', '=', a.id)
        .execute();
      const step = (body: Record<string, unknown>) =>
        call(world.app, 'POST', `/api/admission/review/${a.id}/status`, { token: world.officer.token, body });
      expect((await step({ action: 'review' })).body.data.status.key).toBe('reviewed');
      expect((await step({ action: 'assign' })).body.data.status.key).toBe('distribution_required');
      const noProgram = await step({ action: 'distribute' });
      expect(noProgram.status).toBe(422);
      expect(noProgram.body.errors.program_id).toEqual(['Please fill this field']);
      // The distribution offers the programs of the applicant's level, the applicant's preferences first.
      await world.db
        .updateTable('applicants')
        .set({
          data: JSON.stringify({
            personal_preference: {
              preferences: [{ faculty_id: world.facultyId, program_id: world.programIds[2], order: 1 }],
            },
          }),
        })
        .where('id', '=', a.id)
        .execute();
      const actions = await call(world.app, 'GET', `/api/admission/review/${a.id}/actions`, {
        token: world.officer.token,
      });
      const distribute = actions.body.data.find((x: { action: string }) => x.action === 'distribute');
      expect(distribute.programs.map((p: { id: number }) => p.id)).toEqual([
        world.programIds[2],
        world.programIds[0],
        world.programIds[1],
      ]);
      expect(distribute.programs[0].preference).toBe(1);
      const master = Number(
        (await world.db.selectFrom('programs').select('id').where('code', '=', 'MENG').executeTakeFirstOrThrow()).id,
      );
      const wrongLevel = await step({ action: 'distribute', program_id: master });
      expect(wrongLevel.status).toBe(422);
      expect(wrongLevel.body.errors.program_id).toEqual(['This program is not offered to this kind of application']);
      expect((await step({ action: 'distribute', program_id: world.programIds[1] })).body.data.status.key).toBe(
        'accepted',
      );
      // Each change was mailed to the applicant (the success page promises it), in both languages.
      const mails = (await readOutbox(world.config.outboxDir, a.email)).filter((m) =>
        m.subject.startsWith('Your application:'),
      );
      expect(mails.map((m) => m.subject)).toEqual([
        'Your application: Reviewed | طلبك: تمت المراجعة',
        expect.stringContaining('Your application: '),
        expect.stringContaining('Your application: '),
      ]);
      expect(mails[2]!.text).toMatch(/Accepted/);
      const row = await stored(a.id);
      expect([row.program_id, row.faculty_id]).toEqual([world.programIds[1], world.facultyId]);
      expect((await step({ status: 'final_fees_required' })).status).toBe(200);
      const dash = await call(world.app, 'GET', `/api/admission/${a.id}/dashboard`, { headers: as(a) });
      expect(dash.body.data.next_step.key).toBe('pay_final');
      expect(dash.body.data.fees.find((f: { key: string }) => f.key === 'final_fees')).toMatchObject({
        due: true,
        amount: 5000,
        currency: 'EGP',
      });
      // Only a payment (manage_payments) moves final_fees_required on: the officer cannot.
      expect((await step({ status: 'approved' })).status).toBe(422);
      // A staff member without access_admission cannot change anything.
      const outsider = await createUser(world.db, { type: 4, roles: ['employee'] });
      expect(
        (
          await call(world.app, 'POST', `/api/admission/review/${a.id}/status`, {
            token: outsider.token,
            body: { status: 'rejected', comment: 'x' },
          })
        ).status,
      ).toBe(403);
    });

    it('a master applicant fills its own set; a staff applicant (type 7) submits without fees', async () => {
      const master = await applyFor(world, 5);
      const saved = await fillApplication(world, master);
      expect(saved).toEqual([
        'nationality',
        'personal_info',
        'contact_info',
        'documents',
        'personal_preference',
        'bachelor_degree',
        'diploma_degree',
        'payment',
      ]);
      const staff = await applyFor(world, 7);
      expect(await fillApplication(world, staff)).toEqual(manifest!.wizards.admission_form!.tabSets.sets['7']);
      const dash = await call(world.app, 'GET', `/api/admission/${staff.id}/dashboard`, { headers: as(staff) });
      expect(dash.body.data.fees.filter((f: { due: boolean }) => f.due)).toEqual([]);
      expect(dash.body.data.payment_due).toBe(false);
      expect(dash.body.data.next_step.key).toBe('submit');
      const submitted = await call(world.app, 'POST', `/api/admission/${staff.id}/submit`, { headers: as(staff) });
      expect(submitted.body.data.status.key).toBe('submitted');
    });

    it('two tabs saved at once by the same applicant both stay', async () => {
      const a = await applyFor(world, 1);
      const [one, two, three] = await Promise.all([
        save(a, 'nationality', tabs().nationality),
        save(a, 'englishExam', tabs().englishExam),
        save(a, 'FinancialAid', tabs().FinancialAid),
      ]);
      expect([one.status, two.status, three.status]).toEqual([200, 200, 200]);
      const data = (await stored(a.id)).data as Record<string, unknown>;
      expect(Object.keys(data).sort()).toEqual(['FinancialAid', 'englishExam', 'nationality']);
    });

    it('submitting with tabs left answers per tab', async () => {
      const a = await applyFor(world, 1);
      expect((await save(a, 'FinancialAid', tabs().FinancialAid)).status).toBe(200); // marks every earlier tab done
      const answer = await call(world.app, 'POST', `/api/admission/${a.id}/submit`, { headers: as(a) });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.nationality).toEqual(['Please complete this section first']);
      expect(answer.body.errors.Declaration).toEqual(['Please complete this section first']);
      expect((await stored(a.id)).status_id).toBe(1);
    });

    it('exam fees paid move the applicant to exam_required; final fees to approved', async () => {
      const a = await applyFor(world, 1);
      // An applicant the office already took this far (status set by staff transitions in real life).
      await world.db
        .updateTable('applicants')
        .set({ status_id: 6, nationality_id: 64 })
        .where('id', '=', a.id)
        .execute();
      const started = await call(world.app, 'POST', `/api/admission/website/transaction/create/${a.id}`, {
        headers: as(a),
        body: { fee: 'exam_fees' },
      });
      expect(started.status).toBe(200);
      const reference = started.body.data.transaction as string;
      const event = JSON.stringify({
        event_id: `evt-${reference}`,
        reference,
        status: 'paid',
        amount: 300,
        currency: 'EGP',
        occurred_at: new Date().toISOString(),
      });
      await world.app.inject({
        method: 'POST',
        url: '/api/sis/payments/provider/callback',
        headers: { 'content-type': 'application/json', 'x-signature': sign(callbackSecret(world.config), event) },
        payload: event,
      });
      expect((await stored(a.id)).status_id).toBe(7);
      const notDue = await call(world.app, 'POST', `/api/admission/website/transaction/create/${a.id}`, {
        headers: as(a),
        body: { fee: 'final_fees' },
      });
      expect(notDue.status).toBe(409);
    });

    /** The finance staff's banks: a dollar account (USD in its name) and a pound account. */
    const banks = async (): Promise<{ usd: number; egp: number }> => {
      const find = (name: string) =>
        world.db.selectFrom('banks').select('id').where('name', '=', name).executeTakeFirst();
      for (const [name, account_number] of [
        ['Demo Bank - USD', '111'],
        ['Demo Bank', '222'],
      ])
        if (!(await find(name!))) await world.db.insertInto('banks').values({ name, account_number }).execute();
      return { usd: Number((await find('Demo Bank - USD'))!.id), egp: Number((await find('Demo Bank'))!.id) };
    };

    it('non-Egyptians may pay by bank transfer in USD', async () => {
      const ids = await banks();
      const a = await applyFor(world, 2);
      expect((await save(a, 'nationality', { nationality_id: 20, passport: 'A12345678' })).status).toBe(200);
      const bank = await call(world.app, 'POST', `/api/admission/website/transaction/create/${a.id}`, {
        headers: as(a),
        body: { method: 'bank_transfer' },
      });
      expect(bank.status).toBe(200);
      expect(bank.body.data).toMatchObject({ currency: 'USD', amount: 50, status: 'pending_review' });
      expect(bank.body.data.bank.bank_name_usd).toContain('USD');
      // the finance staff's banks, each with the currency its name implies
      expect(bank.body.data.banks).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: ids.usd, name: 'Demo Bank - USD', currency: 'USD', account_number: '111' }),
          expect.objectContaining({ id: ids.egp, name: 'Demo Bank', currency: 'EGP' }),
        ]),
      );
      // and the payment tab offers them (the admission lookups)
      const lookups = await call(world.app, 'GET', '/api/admission/website/applicant/lookups/banks');
      expect(lookups.body.data.map((b: { name: string }) => b.name)).toEqual(['Demo Bank', 'Demo Bank - USD']);
    });

    it('the payment tab: bank transfer refused for Egyptians; a receipt puts the due fee in review', async () => {
      const egyptian = await applyFor(world, 1);
      expect((await save(egyptian, 'nationality', tabs().nationality)).status).toBe(200);
      expect((await stored(egyptian.id)).nationality_id).toBe(64);
      // The form's options (only: [1, 2, 4, 5], when: {5: nationality_id notEquals 64}) decide, generically.
      const refusedTab = await save(egyptian, 'payment', {
        payment_option_id: 5,
        payment_reference: 'TR-1',
        payment_date: '2026-11-01',
      });
      expect(refusedTab.status).toBe(422);
      expect(refusedTab.body.errors.payment_option_id).toEqual(['Must be one of the allowed values']);
      expect(((await stored(egyptian.id)).data as Record<string, unknown> | null)?.payment).toBeUndefined();
      const foreign = await applyFor(world, 2);
      expect((await save(foreign, 'nationality', { nationality_id: 20, passport: 'A12345678' })).status).toBe(200);
      // Applicants have no wallet: option 3 is refused for everyone; a text id is read as the number.
      for (const applicant of [egyptian, foreign]) {
        const wallet = await save(applicant, 'payment', { payment_option_id: '3' });
        expect(wallet.status).toBe(422);
        expect(wallet.body.errors.payment_option_id).toEqual(['Must be one of the allowed values']);
      }
      expect((await save(egyptian, 'payment', { payment_option_id: 1 })).status).toBe(200);
      expect(
        ((await stored(egyptian.id)).data as Record<string, Record<string, unknown>>).payment?.payment_option_id,
      ).toBe(1);
      const noReceipt = await save(foreign, 'payment', {
        payment_option_id: 5,
        payment_reference: 'TR-1',
        payment_date: '2026-11-01',
      });
      expect(noReceipt.body.errors.payment_receipt).toBeDefined();
      // bank transfer names the bank transferred to, one of the finance staff's banks
      expect(noReceipt.body.errors.bank_id).toBeDefined();
      expect((await upload(world, foreign, 'payment_receipt')).status).toBe(201);
      const { usd } = await banks();
      const unknownBank = await save(foreign, 'payment', {
        payment_option_id: 5,
        bank_id: 999999,
        payment_reference: 'TR-1',
        payment_date: '2026-11-01',
      });
      expect(unknownBank.status).toBe(422);
      expect(unknownBank.body.errors.bank_id).toBeDefined();
      expect(
        (
          await save(foreign, 'payment', {
            payment_option_id: 5,
            bank_id: usd,
            payment_reference: 'TR-1',
            payment_date: '2026-11-01',
          })
        ).status,
      ).toBe(200);
      const invoice = await world.db
        .selectFrom('payments')
        .selectAll()
        .where('applicant_id', '=', foreign.id)
        .executeTakeFirstOrThrow();
      expect(Number(invoice.status_id)).toBe(5);
      expect(Number(invoice.currency_id)).toBe(2);
    });

    it('a file the saved tab no longer asks for is dropped with the save (a receipt, then card payment)', async () => {
      const a = await applyFor(world, 1);
      expect((await save(a, 'nationality', tabs().nationality)).status).toBe(200);
      expect((await upload(world, a, 'payment_receipt')).status).toBe(201);
      const files = async () =>
        (await call(world.app, 'GET', `/api/admission/${a.id}/files`, { headers: as(a) })).body.data.map(
          (d: { field: string }) => d.field,
        );
      expect(await files()).toEqual(['payment_receipt']);
      const onDisk = () => fs.readdirSync(path.join(world.config.uploadsDir, 'applicants', String(a.id)));
      expect(onDisk()).toHaveLength(1);
      const saved = await save(a, 'payment', { payment_option_id: 1 });
      expect(saved.status).toBe(200);
      expect(saved.body.data.payment_receipt ?? null).toBeNull();
      expect(await files()).toEqual([]);
      expect(onDisk()).toEqual([]);
    });

    it('the payment instructions PDF holds the Arabic name in reading order', async () => {
      const a = await applyFor(world, 1);
      expect((await upload(world, a, 'photo')).status).toBe(201);
      expect((await save(a, 'personal_info', tabs().personal_info)).status).toBe(200);
      const pdf = await world.app.inject({
        method: 'GET',
        url: `/api/admission/website/print-pdf/${a.id}`,
        headers: { ...as(a), 'accept-language': 'ar' },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const file = path.join(os.tmpdir(), `admission-${process.pid}-${a.id}.pdf`);
      fs.writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
        .replace(/[\u200e\u200f\u202a-\u202e]/g, ' ')
        .replace(/[ \t]+/g, ' ');
      fs.rmSync(file);
      expect(text).toContain('أحمد محمد علي حسن');
      expect(text).toContain('تعليمات الدفع');
      // each fee's amount in words
      expect(text).toContain('المبلغ بالحروف');
      expect(text).toContain('فقط خمسون دولار أمريكي لا غير');
    });
  });
});
