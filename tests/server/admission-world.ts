/**
 * The world the admission tests (and nothing else) run in: the real manifest, a fresh database
 * with the reference data, one faculty with programs, the admission term and its rounds (type 3
 * closed), an admission officer, and the app with the system, finance and admission domains.
 * Helpers apply through the real API and read the emailed link from the outbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import { seedAdmissionReference } from '../../server/db/seed/admission-reference.ts';
import { seedCountries } from '../../server/db/seed/countries.ts';
import { SeedWriter } from '../../server/db/seed/writer.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { admissionDomain } from '../../server/domains/admission/plugin.ts';
import {
  multipartBody,
  sampleFile,
  SAMPLE_PERSON,
  sampleTabs,
  type SamplePerson,
} from '../../server/domains/admission/sample.ts';
import { SECRET_HEADER } from '../../server/domains/admission/secret.ts';
import { degreeLevelOfType } from '../../server/domains/admission/applicants.ts';
import { financeDomain } from '../../server/domains/finance/plugin.ts';
import { systemDomain } from '../../server/domains/system/plugin.ts';
import { readOutbox } from '../../server/mail/outbox.ts';
import { call, createUser, openTestDatabase, type Backend, type TestDatabase, type TestUser } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
export const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

export interface AdmissionWorld {
  app: FastifyInstance;
  db: Kysely<any>;
  config: ServerConfig;
  officer: TestUser;
  facultyId: number;
  programIds: number[];
  termId: number;
}

export function useAdmissionWorld(backend: Backend): AdmissionWorld {
  const world = {} as AdmissionWorld;
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-admission-'));
    database = await openTestDatabase(backend);
    const db = database.db;
    world.db = db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    await db.transaction().execute(async (trx) => {
      const writer = new SeedWriter(trx as never, manifest!);
      await seedCountries(writer, true);
      await seedAdmissionReference(writer);
      await writer.finish();
    });
    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    world.facultyId = await id('faculties', {
      code: 'ENG',
      name: 'Faculty of Engineering',
      name_local: 'كلية الهندسة',
    });
    world.programIds = [];
    for (let i = 0; i < 3; i++) {
      world.programIds.push(
        await id('programs', {
          faculty_id: world.facultyId,
          code: `BENG${i}`,
          name: `Engineering ${i}`,
          name_local: `الهندسة ${i}`,
          degree_level_id: 1,
          accepts_applications: true,
          needs_training: i === 0,
        }),
      );
    }
    await id('programs', {
      faculty_id: world.facultyId,
      code: 'MENG',
      name: 'Master of Engineering',
      name_local: 'ماجستير الهندسة',
      degree_level_id: 2,
      accepts_applications: true,
    });
    world.termId = await id('terms', {
      code: 'F2027',
      name: 'Fall 2027',
      name_local: 'خريف 2027',
      year: 2027,
      start_date: '2027-09-20',
      end_date: '2028-01-20',
      is_admission_ug: true,
      is_admission_pg: true,
    });
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    for (const type of [1, 2, 3, 4, 5, 6, 7]) {
      await id('admissions', {
        name: `Admission ${type}`,
        name_local: `القبول ${type}`,
        applicant_type_id: type,
        term_id: world.termId,
        degree_level_id: degreeLevelOfType(type),
        opens_on: day(-10),
        closes_on: type === 3 ? day(-1) : day(30),
        active: true,
        early_payment: true,
        application_fee: type === 7 ? 0 : 500,
        exam_fee: 300,
        final_fee: 5000,
        application_fee_usd: type === 7 ? 0 : 50,
        exam_fee_usd: 30,
        final_fee_usd: 500,
      });
    }
    for (const [name, value] of [
      ['pay_with_credit_card', 'true'],
      ['pay_with_voucher', 'true'],
      ['bank_name_usd', 'National Bank of Egypt (USD)'],
      ['bank_account_usd', '1234567890'],
    ]) {
      await db.insertInto('settings').values({ name, value, public: false }).execute();
    }
    world.officer = await createUser(db, { type: 4, roles: ['admission_officer'] });
    world.config = { ...loadConfig({ DATA_DIR: dataDir }), bodyLimit: 64 * 1024 };
    world.app = await buildApp({
      manifest: manifest!,
      db,
      config: world.config,
      clientDir: null,
      logger: process.env.ADMISSION_TEST_LOG ? { level: 'error' } : false,
      domains: [
        { name: 'system', plugin: systemDomain, prefix: '' },
        { name: 'admission', plugin: admissionDomain, prefix: '/api' },
        { name: 'finance', plugin: financeDomain },
      ],
    });
    await world.app.ready();
  }, 120_000);
  afterAll(async () => {
    await world.app?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return world;
}

export interface Applicant {
  id: number;
  secret: string;
  type: number;
  email: string;
  link: string;
}

let counter = 0;

/** PUT /api/admission/apply, then the link from the outbox. */
export async function applyFor(
  world: AdmissionWorld,
  type: number,
  email = `applicant${process.pid}-${++counter}@example.com`,
): Promise<Applicant> {
  const answer = await call(world.app, 'PUT', '/api/admission/apply', { body: { type, email } });
  if (answer.status !== 201) throw new Error(`apply answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const mail = (await readOutbox(world.config.outboxDir, email)).at(-1);
  const match = mail && /\/admissionForm\/(\d+)\/(\d+)\/([A-Za-z0-9_-]{43})\/nationality/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail to ${email}`);
  return { type: Number(match[1]), id: Number(match[2]), secret: match[3]!, email, link: match[0] };
}

export function as(applicant: Applicant, extra: Record<string, string> = {}) {
  return { ...extra, [SECRET_HEADER]: applicant.secret };
}

/** One file to a file field through the real multipart route. */
export async function upload(world: AdmissionWorld, applicant: Applicant, field: string, file = sampleFile(field)) {
  const { body, contentType } = multipartBody(file);
  const response = await world.app.inject({
    method: 'POST',
    url: `/api/admission/${applicant.id}/files/${field}`,
    headers: { ...as(applicant), 'content-type': contentType },
    payload: body,
  });
  let json: any;
  try {
    json = response.json();
  } catch {
    json = response.body;
  }
  return { status: response.statusCode, body: json };
}

export function personFor(applicant: Applicant, overrides: Partial<SamplePerson> = {}): SamplePerson {
  return { ...SAMPLE_PERSON, email: applicant.email, ...overrides };
}

/** Every tab of the applicant's set saved with valid values and every required file uploaded. */
export async function fillApplication(world: AdmissionWorld, applicant: Applicant, person = personFor(applicant)) {
  // Programs of the application's degree level: the bachelor's ones, or the master's (MENG).
  const master = Number(
    (await world.db.selectFrom('programs').select('id').where('code', '=', 'MENG').executeTakeFirstOrThrow()).id,
  );
  const programs = degreeLevelOfType(applicant.type) === 2 ? [master] : world.programIds.slice(0, 2);
  const tabs = sampleTabs(person, { preferences: programs.map((p) => [world.facultyId, p] as [number, number]) });
  const dash = await call(world.app, 'GET', `/api/admission/${applicant.id}/dashboard`, { headers: as(applicant) });
  if (dash.status !== 200) throw new Error(`dashboard ${dash.status}`);
  // Save the nationality first: the documents and ids the later tabs need follow from it.
  const saved: string[] = [];
  for (const { key } of dash.body.data.tabs as Array<{ key: string }>) {
    const form = manifest!.forms[manifest!.wizards.admission_form!.tabs[key]!.form]!;
    for (const field of form.fields) {
      const isFile = field.upload || field.widget === 'file';
      if (!isFile) continue;
      const required = field.required || !!field.requiredWhen;
      if (!required) continue;
      const answer = await upload(world, applicant, field.name);
      // A requiredWhen that does not hold for this applicant (passport copy of an Egyptian) may still upload fine.
      if (answer.status !== 201)
        throw new Error(`upload ${field.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const answer = await call(world.app, 'POST', `/api/admission/${applicant.id}/${key}`, {
      headers: as(applicant),
      body: tabs[key] ?? {},
    });
    if (answer.status !== 200) throw new Error(`tab ${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
    saved.push(key);
  }
  return saved;
}
