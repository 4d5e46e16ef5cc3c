/**
 * Records' file fields (`type: file`, server/files): a file is uploaded into the store
 * (multipart), checked by content, then named in the record's field on save; it is read with the
 * access of its record and removed with it. Shown on the students' photo (accept: jpeg/png,
 * 5MB, one file). On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { academicDomain } from '../../server/domains/academic/plugin.ts';
import { ticketsDomain } from '../../server/domains/tickets/plugin.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { makeFaculty, realManifest } from './finance-helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
/** An (empty) ZIP archive: its end-of-central-directory record alone. */
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
const dataUrl = (bytes: Buffer, name: string) =>
  `data:application/octet-stream;name=${encodeURIComponent(name)};base64,${bytes.toString('base64')}`;
const MB = 1024 * 1024;

/** A multipart/form-data body with one file part. */
function multipart(name: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----rowaq${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The real manifest, with students deleted for good instead of trashed (the other half of "removed with the record"). */
function hardDeleting(manifest: Manifest): Manifest {
  const copy = structuredClone(manifest);
  copy.entities.students!.softDelete = false;
  return copy;
}

describe.skipIf(!realManifest).each(
  BACKENDS.flatMap((backend) => [
    { ...backend, label: `${backend.name}, students trashed`, hard: false },
    { ...backend, label: `${backend.name}, students deleted for good`, hard: true },
  ]),
)('record file fields on $label', (backend) => {
  const manifest = backend.hard ? hardDeleting(realManifest!) : realManifest!;
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let dataDir: string;
  let uploads: string;
  let registrar: TestUser; // edit_students
  let registrar2: TestUser;
  let ali: TestUser; // a student: reads his own record only
  let mona: TestUser;

  const upload = async (user: TestUser, name: string, bytes: Buffer, field = 'photo', lang = 'en') => {
    const { payload, headers } = multipart(name, bytes);
    const r = await app.inject({
      method: 'POST',
      url: `/api/sis/uploads/students/${field}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${user.token}`, 'accept-language': lang },
    });
    return { status: r.statusCode, body: r.json() };
  };
  const save = (user: TestUser, id: number, body: unknown, lang = 'en') =>
    call(app, 'PUT', `/api/sis/students/${id}`, { token: user.token, body, lang });
  const download = (user: TestUser, id: number) =>
    app.inject({ method: 'GET', url: `/api/sis/uploads/${id}`, headers: { authorization: `Bearer ${user.token}` } });
  const storedFiles = () => {
    const dir = path.join(uploads, 'records', 'students');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.startsWith('.')) : [];
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-files-'));
    uploads = path.join(dataDir, 'uploads');
    await syncSchema(db, manifest, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest,
      db,
      config: { ...loadConfig({ DATA_DIR: dataDir }), uploadsDir: uploads, outboxDir: path.join(dataDir, 'outbox') },
      domains: [
        { name: 'academic', plugin: academicDomain },
        { name: 'tickets', plugin: ticketsDomain },
      ],
      clientDir: null,
    });
    await app.ready();
    await db
      .insertInto('countries')
      .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const faculty = await makeFaculty(db);
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    registrar2 = await createUser(db, { type: 4, roles: ['registrar'] });
    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a photo, names it in the record, and serves it inline to those who may read the record', async () => {
    const up = await upload(registrar, 'ali.png', PNG);
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ name: 'ali.png', mime: 'image/png', size: PNG.length });
    const saved = await save(registrar, ali.student_id!, { photo: [up.body.data] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.photo).toEqual([
      { id: up.body.data.id, name: 'ali.png', mime: 'image/png', size: PNG.length },
    ]);
    const own = await download(ali, up.body.data.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(String(own.headers['content-disposition'])).toMatch(/^inline;/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(own.rawPayload, PNG)).toBe(0);
    // the photo route of the student pages serves the same file
    const photo = await app.inject({
      method: 'GET',
      url: `/api/sis/photo/${ali.student_id}`,
      headers: { authorization: `Bearer ${ali.token}` },
    });
    expect(photo.headers['content-type']).toBe('image/png');
    // another student cannot read it: the record is out of his scope, so the file does not exist
    expect((await download(mona, up.body.data.id)).statusCode).toBe(404);
  });

  it('refuses a file whose content is not what its name and the field say, in English and Arabic', async () => {
    const before = storedFiles().length;
    const exe = await upload(registrar, 'photo.png', EXE);
    expect(exe.status).toBe(422);
    expect(exe.body.errors.photo[0]).toBe('The file content does not match its type or name');
    const pdfAsPng = await upload(registrar, 'photo.png', PDF, 'photo', 'ar');
    expect(pdfAsPng.status).toBe(422);
    expect(pdfAsPng.body.errors.photo[0]).toBe('محتوى الملف لا يطابق نوعه أو اسمه');
    const pdf = await upload(registrar, 'cv.pdf', PDF);
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors.photo[0]).toBe('Only jpg, jpeg, jpe, png files are accepted');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a file over the field limit with 413 naming the real limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * MB)]);
    const r = await upload(registrar, 'big.png', big);
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('The file is larger than the limit of 5 MB');
    const ar = await upload(registrar, 'big.png', big, 'photo', 'ar');
    expect(ar.body.error).toBe('حجم الملف أكبر من الحد الأقصى 5 MB');
  });

  it('refuses more files than maxFiles, and a forged reference', async () => {
    const a = (await upload(registrar, 'a.png', PNG)).body.data;
    const b = (await upload(registrar, 'b.png', PNG)).body.data;
    const many = await save(registrar, mona.student_id!, { photo: [a, b] });
    expect(many.status).toBe(422);
    expect(many.body.errors.photo).toBeDefined();
    const forged = await save(registrar, mona.student_id!, { photo: [{ id: 999999, name: 'x.png' }] });
    expect(forged.status).toBe(422);
    expect(forged.body.errors.photo).toEqual(['A file here was not uploaded by you for this field']);
  });

  it("refuses another user's pending file and a file of another record", async () => {
    const mine = (await upload(registrar, 'mine.png', PNG)).body.data;
    // the other registrar cannot see nor use it before it is saved
    expect((await download(registrar2, mine.id)).statusCode).toBe(404);
    const stolen = await save(registrar2, mona.student_id!, { photo: [mine] });
    expect(stolen.status).toBe(422);
    // ali's saved photo cannot be copied onto mona's record
    const alisPhoto = (await call(app, 'GET', `/api/sis/students/${ali.student_id}`, { token: registrar.token })).body
      .data.photo;
    const copied = await save(registrar, mona.student_id!, { photo: alisPhoto });
    expect(copied.status).toBe(422);
    expect(copied.body.errors.photo).toEqual(['A file here was not uploaded by you for this field']);
  });

  it('removes a replaced file from the store', async () => {
    const first = (await upload(registrar, 'one.png', PNG)).body.data;
    expect((await save(registrar, mona.student_id!, { photo: [first] })).status).toBe(200);
    const stored = storedFiles().length;
    const second = (await upload(registrar, 'two.png', PNG)).body.data;
    expect((await save(registrar, mona.student_id!, { photo: [second] })).status).toBe(200);
    expect(storedFiles().length).toBe(stored);
    expect((await download(registrar, first.id)).statusCode).toBe(404);
    expect((await download(registrar, second.id)).statusCode).toBe(200);
    expect((await save(registrar, mona.student_id!, { photo: [] })).body.data.photo).toBeNull();
    expect((await download(registrar, second.id)).statusCode).toBe(404);
    expect(storedFiles().length).toBe(stored - 1);
  });

  it('keeps files with a trashed record out of reach, and removes them with a record deleted for good', async () => {
    const faculty = await makeFaculty(db, 'SCI');
    const sara = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    const file = (await upload(registrar, 'sara.png', PNG)).body.data;
    expect((await save(registrar, sara.student_id!, { photo: [file] })).status).toBe(200);
    const count = storedFiles().length;
    const admin = await createUser(db, { type: 4, roles: ['admin'] });
    const del = await call(app, 'DELETE', `/api/sis/students/${sara.student_id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect((await download(admin, file.id)).statusCode).toBe(404);
    const rows = await db.selectFrom('uploads').select('id').where('id', '=', file.id).execute();
    if (backend.hard) {
      expect(rows).toHaveLength(0);
      expect(storedFiles().length).toBe(count - 1);
    } else {
      expect(rows).toHaveLength(1);
      expect(storedFiles().length).toBe(count);
      await call(app, 'POST', `/api/sis/students/restore/${sara.student_id}`, { token: admin.token });
      expect((await download(admin, file.id)).statusCode).toBe(200);
    }
  });

  describe('hardening', () => {
    const openTicket = (attachment: string, lang = 'en') =>
      call(app, 'POST', '/api/sis/tickets/new', {
        token: ali.token,
        lang,
        body: { type_id: 1, subject: 'Scan', description: 'Attached.', attachment },
      });

    it('strips bidirectional controls from stored names, so a name reads as what it is', async () => {
      const up = await upload(registrar, 'evil\u202Egnp.exe\u202C.png', PNG);
      expect(up.status).toBe(201);
      expect(up.body.data.name).toBe('evilgnp.exe.png');
      const ticket = await openTicket(dataUrl(PDF, 'report\u202Efdp.exe\u2066.pdf'));
      expect(ticket.status).toBe(201);
      const row = await db
        .selectFrom('ticket_replies')
        .select('file_name')
        .where('ticket_id', '=', ticket.body.data.id)
        .where('file_name', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(row.file_name).toBe('reportfdp.exe.pdf');
    });

    it('refuses polyglots: a PDF or a PNG with a ZIP appended', async () => {
      const png = await upload(registrar, 'photo.png', Buffer.concat([PNG, ZIP]));
      expect(png.status).toBe(422);
      expect(png.body.errors.photo[0]).toMatch(/carries another file inside it/);
      const pdf = await openTicket(dataUrl(Buffer.concat([PDF, ZIP]), 'scan.pdf'), 'ar');
      expect(pdf.status).toBe(422);
      expect(pdf.body.errors.attachment[0]).toMatch(/يحمل الملف ملفًا آخر/);
      // trailing bytes after the PDF's end, whatever they are, make a second reader's file
      const tail = await openTicket(dataUrl(Buffer.concat([PDF, Buffer.from('MZ-payload')]), 'scan.pdf'));
      expect(tail.status).toBe(422);
      expect((await openTicket(dataUrl(PDF, 'scan.pdf'))).status).toBe(201);
    });

    it('answers 413 on the 5 MB attachment routes with the 5 MB limit, not the 1 MB one', async () => {
      const big = 'x'.repeat(7 * MB);
      const en = await openTicket(big);
      expect(en.status).toBe(413);
      expect(en.body.error).toBe('The file is larger than the limit of 5 MB');
      const ar = await openTicket(big, 'ar');
      expect(ar.body.error).toBe('حجم الملف أكبر من الحد الأقصى 5 MB');
    });
  });
});
