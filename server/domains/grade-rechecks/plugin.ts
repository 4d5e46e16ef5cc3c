/**
 * The grade rechecks domain: a student asks for a recheck of a course whose results are published
 * (current or last finished term), pays the fee through finance, may delete it while unpaid or ask
 * to cancel it once paid; the office reviews it and changes the mark (written to the registration)
 * or keeps it, or rejects it; the student is mailed the outcome. Calls in ./README.md; the
 * lifecycle in ./lifecycle.ts; the student's writes in ./request.ts; the steps in ./transitions.ts.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { createMailer, mailConfigFrom, type Mailer } from '../../mail/mailer.ts';
import { getDetails } from '../../resources/operations.ts';
import { actionsOf } from '../../resources/status-steps.ts';
import { EntityValidator } from '../../resources/validation.ts';
import { studentFacts } from '../certificates/store.ts';
import { assertNotGated } from '../finance/gate.ts';
import { idempotent } from '../finance/idempotency.ts';
import type { DomainOptions } from '../index.ts';
import { recheckMail } from './mail.ts';
import { MAILED, openSteps, PAYMENT_TABLE, statusTable, STATUS_TABLE } from './lifecycle.ts';
import { createRecheck, deleteRecheck } from './request.ts';
import { historyOf, recheckableCourses, recheckFee, RECHECKS, type RecheckableCourse } from './store.ts';
import { listenForPaidFees, moveRecheck, type Moved, type StepInput } from './transitions.ts';
import { bodyObject, recordId, requireSignedIn, requireStudent } from '../auth/guards.ts';

export const GATE = 'grades_recheck.request';
const STUDENT_PERMISSION = 'access_students_grades_recheck';

type Body = Record<string, unknown>;
interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  mailer: Mailer;
  validator: EntityValidator;
}

const bodyOf = (request: FastifyRequest): Body => bodyObject(request);
const idOf = (request: FastifyRequest): number => recordId(request, 'grade_recheck_not_found');
function signedIn(request: FastifyRequest): void {
  requireSignedIn(request);
}
function student(request: FastifyRequest): number {
  return requireStudent(request, 'grade_recheck_students_only', STUDENT_PERMISSION);
}

/** A course row for the screens: `id` is the registration (the request form's route parameter), names in the caller's language. */
function courseView(c: RecheckableCourse, lang: string, fee: number) {
  return {
    id: c.registration_id,
    ...c,
    fee,
    course: lang === 'ar' && c.course_name_local ? c.course_name_local : c.course_name,
    term: lang === 'ar' && c.term_name_local ? c.term_name_local : c.term_name,
  };
}

/** The request with its history and, for this user, the steps open now (`can_<action>`). */
async function details(ctx: Ctx, request: FastifyRequest, id: number) {
  const lang = requestLanguage(request);
  const base = await getDetails(
    { db: ctx.db, manifest: ctx.manifest, validator: ctx.validator, user: request.user, ip: request.ip ?? null },
    ctx.manifest.entities[RECHECKS]!,
    id,
  );
  const row = base.data as Record<string, unknown>;
  const table = statusTable(ctx.manifest);
  const steps = openSteps(
    ctx.manifest,
    request.user,
    row as { status_id: unknown; student_id: unknown; payment_status_id: unknown },
  );
  const flags = Object.fromEntries(actionsOf(table).map((a) => [`can_${a}`, steps.some((s) => s.action === a)]));
  const history = await historyOf(ctx.db, ctx.manifest, id, lang);
  return {
    ...base,
    data: {
      ...row,
      ...flags,
      // drawn by the detail screens as a table (a detail column with table:)
      history,
    },
  };
}

async function mailStudent(ctx: Ctx, moved: Moved): Promise<void> {
  const row = moved.request;
  const facts = await studentFacts(ctx.db, ctx.manifest, Number(row.student_id));
  const status = statusTable(ctx.manifest).statuses.find((s) => s.key === moved.to);
  if (!facts?.email || !status) return;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  await ctx.mailer.send(
    recheckMail(
      facts.email,
      {
        code: String(row.code),
        course_code: String(row.course_code),
        course_name: String(row.course_name),
        course_name_local: row.course_name_local ?? null,
        old_grade: num(row.old_grade),
        new_grade: num(row.new_grade),
        max_mark: num(row.max_mark),
      },
      status,
      moved.note,
    ),
  );
}

function routes(app: FastifyInstance, ctx: Ctx): void {
  const { db, manifest: m } = ctx;
  const ip = (request: FastifyRequest) => request.ip ?? null;

  // The generic API reads these rows; every write goes through the calls below.
  const refuse = async () => {
    throw new HttpError(405, 'method_not_allowed');
  };
  app.put(`/${RECHECKS}`, refuse);
  app.put(`/${RECHECKS}/:id`, refuse);
  app.delete(`/${RECHECKS}/:id`, refuse);
  app.post(`/${RECHECKS}/restore/:id`, refuse);

  const courses = async (request: FastifyRequest) => {
    const studentId = student(request);
    const lang = requestLanguage(request);
    const fee = await recheckFee(db, m);
    return { rows: (await recheckableCourses(db, m, studentId)).map((c) => courseView(c, lang, fee)), fee };
  };

  // What the request form needs: the courses that can be rechecked, the fee, the status lists.
  app.get('/grades-recheck/lookups', async (request) => {
    const { rows, fee } = await courses(request);
    const statuses = (name: string) =>
      m.statusTables[name]!.statuses.map(({ id, key, name: n, name_local, color }) => ({
        id,
        key,
        name: n,
        name_local,
        color,
      }));
    return {
      data: { courses: rows, fee, statuses: statuses(STATUS_TABLE), payment_statuses: statuses(PAYMENT_TABLE) },
    };
  });

  // The student's courses that can be rechecked now, with their published mark (a list answer).
  // The list body's `search` narrows by course code or name (the list screen's search box).
  app.post('/grades-recheck/get-course', async (request) => {
    const { rows, fee } = await courses(request);
    const search =
      typeof bodyOf(request).search === 'string' ? String(bodyOf(request).search).trim().toLowerCase() : '';
    const found = search
      ? rows.filter((r) =>
          [r.course_code, r.course_name, r.course_name_local ?? ''].some((v) => v.toLowerCase().includes(search)),
        )
      : rows;
    return { data: found, meta: { count: found.length, fee } };
  });

  // A request: gated, checked, written with its invoice in one transaction; an Idempotency-Key
  // replays the first answer. The registration comes in the body, or in the address (the form screen's).
  const submit = async (request: FastifyRequest, reply: Parameters<typeof idempotent>[2]) => {
    student(request);
    await assertNotGated(db, m, request.user, GATE);
    const params = request.params as Record<string, string>;
    const body = { ...bodyOf(request), ...(params.id !== undefined ? { registration_id: params.id } : {}) };
    return idempotent(db, request, reply, 'grades_recheck.request', async (trx) => {
      const created = await createRecheck(trx, m, request.user, body, ip(request));
      // where the student goes next is the form's submit.next (grade-recheck-request.form.yaml)
      return { status: 201, body: { data: created.request, payment_id: created.payment_id } };
    });
  };
  app.post('/grades-recheck/submit-grade-recheck', async (request, reply) => submit(request, reply));
  app.post('/grades-recheck/submit-grade-recheck/:id', async (request, reply) => submit(request, reply));

  // An unpaid request is cancelled by delete (portal-core section 4).
  app.delete('/grades-recheck/:id', async (request) => {
    student(request);
    const id = idOf(request);
    await db.transaction().execute((trx) => deleteRecheck(trx, m, request.user, id, ip(request)));
    return { data: { id } };
  });

  const move = async (request: FastifyRequest, input: StepInput) => {
    signedIn(request);
    const id = idOf(request);
    const moved = await db.transaction().execute((trx) => moveRecheck(trx, m, request.user, id, input, ip(request)));
    if (MAILED.has(moved.to))
      await mailStudent(ctx, moved).catch((error: unknown) =>
        request.log.warn({ error }, 'grade recheck mail not sent'),
      );
    return { data: moved.request };
  };

  // A paid request: the student asks the office to cancel it (portal-core section 4).
  app.post('/grades-recheck/cancel-grade-recheck-request/:id', async (request) => {
    student(request);
    return move(request, { action: 'cancel_request', note: bodyOf(request).note });
  });

  // The request (own, or any with manage_grades_recheck), its history and the steps open to the caller.
  app.get('/grades-recheck/details/:id', async (request) => {
    signedIn(request);
    return details(ctx, request, idOf(request));
  });

  // One step of the status table: {action, note?, new_grade?}; or the action in the address (the screens' buttons and forms).
  app.post('/grades-recheck/status/:id', async (request) => move(request, bodyOf(request) as StepInput));
  app.post('/grades-recheck/status/:id/:action', async (request) =>
    move(request, { ...(bodyOf(request) as StepInput), action: (request.params as Record<string, string>).action }),
  );
}

export const gradeRechecksDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  if (!manifest.entities[RECHECKS] || !manifest.statusTables[STATUS_TABLE] || !manifest.statusTables[PAYMENT_TABLE])
    return;
  const mailer = createMailer(mailConfigFrom(config));
  app.addHook('onClose', async () => mailer.close());
  listenForPaidFees(manifest);
  routes(app, { db, manifest, mailer, validator: new EntityValidator(manifest) });
};
