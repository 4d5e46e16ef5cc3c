/**
 * The excuses domain: a student asks to be excused for missed lectures or a missed exam of their
 * current courses, with a reason and a supporting document, pays the fee when the university
 * sets one, changes or withdraws the excuse while it is pending; staff approve or reject it.
 * Calls in ./README.md; the checks in ./rules.ts; the student's writes in ./request.ts; the
 * status steps in ./transitions.ts.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { createMailer, mailConfigFrom, type Mailer } from '../../mail/mailer.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { getDetails } from '../../resources/operations.ts';
import { actionsOf, stepsOpenTo } from '../../resources/status-steps.ts';
import { EntityValidator } from '../../resources/validation.ts';
import { studentFacts } from '../certificates/store.ts';
import { assertNotGated } from '../finance/gate.ts';
import type { DomainOptions } from '../index.ts';
import { BODY_LIMIT, documentPath, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_MB, removeDocument } from './document.ts';
import { DECISIONS, NOT_PAID, statusKey, statusTable, TYPE_TABLE } from './lifecycle.ts';
import { excuseMail } from './mail.ts';
import { createExcuse, deleteExcuse, updateExcuse, type Op } from './request.ts';
import { currentTerm, FUTURE_DAYS, heldCourses } from './rules.ts';
import { EXCUSES, excuseFee, historyOf, storedDocument, type ExcuseRow } from './store.ts';
import { feeDue, listenForPaidFees, moveExcuse } from './transitions.ts';
import { bodyObject, recordId, requireSignedIn, requireStudent } from '../auth/guards.ts';

export const GATE = 'excuses.request';

type Body = Record<string, unknown>;
interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  mailer: Mailer;
  uploadsDir: string;
  validator: EntityValidator;
}

const bodyOf = (request: FastifyRequest): Body => bodyObject(request);
const idOf = (request: FastifyRequest): number => recordId(request, 'excuse_not_found');
function signedIn(request: FastifyRequest): void {
  requireSignedIn(request);
}
function student(request: FastifyRequest): void {
  requireStudent(request, 'excuse_students_only');
}

/** One transaction; the documents it wrote are removed if it fails, those it replaced once it commits. */
async function write<T>(ctx: Ctx, request: FastifyRequest, run: (op: Op) => Promise<T>): Promise<T> {
  const written: Op['written'] = [];
  const replaced: Op['replaced'] = [];
  try {
    const result = await ctx.db.transaction().execute((trx) =>
      run({
        trx,
        m: ctx.manifest,
        user: request.user,
        ip: request.ip ?? null,
        uploadsDir: ctx.uploadsDir,
        written,
        replaced,
      }),
    );
    for (const f of replaced) await removeDocument(ctx.uploadsDir, f.id, f.stored).catch(() => undefined);
    return result;
  } catch (error) {
    for (const f of written) await removeDocument(ctx.uploadsDir, f.id, f.stored).catch(() => undefined);
    throw error;
  }
}

/** The excuse with its history and what the caller may do with it now (`can_<action>`, can_edit, can_delete, can_pay). */
async function details(ctx: Ctx, request: FastifyRequest, id: number) {
  const lang = requestLanguage(request);
  const m = ctx.manifest;
  const base = await getDetails(
    { db: ctx.db, manifest: m, validator: ctx.validator, user: request.user, ip: request.ip ?? null },
    m.entities[EXCUSES]!,
    id,
  );
  const row = base.data as ExcuseRow;
  const table = statusTable(m);
  const name = (sid: number | null) => {
    const s = table.statuses.find((x) => x.id === sid);
    return s ? (lang === 'ar' ? s.name_local : s.name) : '';
  };
  const own = row.student_id === request.user.student_id;
  const pending = statusKey(m, row.status_id) === 'pending';
  const nothingPaid = Number(row.payment_status_id) === NOT_PAID;
  const steps = stepsOpenTo(table, request.user, row.status_id).filter((s) => {
    if (DECISIONS.has(s.to)) return !feeDue(row);
    // cancel is the owner's, and only for a paid excuse: one with nothing paid is deleted instead
    if (s.to === 'cancelled') return own && !nothingPaid;
    return true;
  });
  const flags = Object.fromEntries(actionsOf(table).map((a) => [`can_${a}`, steps.some((s) => s.action === a)]));
  const history = await historyOf(ctx.db, m, id, lang);
  return {
    ...base,
    data: {
      ...row,
      ...flags,
      can_edit: own && pending,
      can_delete: own && pending && nothingPaid,
      can_pay: own && pending && nothingPaid && row.payment_id != null,
      can_download: !!row.document_name,
      fee_due: pending && feeDue(row),
      history: history.map((h) => ({
        ...h,
        from: h.from_status_id == null ? null : name(h.from_status_id),
        to: name(h.to_status_id),
      })),
    },
  };
}

async function mailStudent(ctx: Ctx, row: ExcuseRow, to: string, note: string | null): Promise<void> {
  const facts = await studentFacts(ctx.db, ctx.manifest, Number(row.student_id));
  const status = statusTable(ctx.manifest).statuses.find((s) => s.key === to);
  if (!facts?.email || !status) return;
  await ctx.mailer.send(excuseMail(facts.email, String(row.code), status, note));
}

function routes(app: FastifyInstance, ctx: Ctx): void {
  const { db, manifest: m } = ctx;

  // The generic API reads and lists these rows; every write goes through the calls below.
  const refuse = async () => {
    throw new HttpError(405, 'method_not_allowed');
  };
  app.put(`/${EXCUSES}`, refuse);
  app.put(`/${EXCUSES}/:id`, refuse);
  app.delete(`/${EXCUSES}/:id`, refuse);
  app.post(`/${EXCUSES}/restore/:id`, refuse);

  // What the excuse form offers: the student's courses this term, the types, the term's dates, the fee.
  app.get('/excuses/get_lookups', async (request) => {
    signedIn(request);
    const lang = requestLanguage(request);
    const label = (s: { name: string; name_local: string }) => (lang === 'ar' ? s.name_local : s.name);
    const term = await currentTerm(db, m).catch(() => null);
    const courses =
      term && typeof request.user.student_id === 'number'
        ? await heldCourses(db, m, request.user.student_id, term.id)
        : [];
    return {
      data: {
        courses: courses.map((c) => ({
          ...c,
          label: `${c.code} ${lang === 'ar' && c.name_local ? c.name_local : c.name}`,
        })),
        excuse_type: m.statusTables[TYPE_TABLE]!.statuses.map((s) => ({ id: s.id, key: s.key, name: label(s) })),
        excuse_status: statusTable(m).statuses.map((s) => ({ id: s.id, key: s.key, name: label(s), color: s.color })),
        term: term ? { id: term.id, start_date: term.start, end_date: term.end } : null,
        fee: await excuseFee(db, m),
        future_days: FUTURE_DAYS,
        max_document_mb: MAX_DOCUMENT_MB,
      },
    };
  });

  // A student's excuse: gated (finance), checked, written with its invoice in one transaction.
  app.post('/excuses', { bodyLimit: BODY_LIMIT, config: { fileLimit: MAX_DOCUMENT_BYTES } }, async (request, reply) => {
    student(request);
    await assertNotGated(db, m, request.user, GATE);
    const created = await write(ctx, request, (op) => createExcuse(op, bodyOf(request)));
    // where the student goes next is the form's submit.next (excuse-request.form.yaml)
    return reply
      .status(201)
      .send({ data: { ...created.excuse, payment_id: created.payment_id }, payment_id: created.payment_id });
  });

  app.post('/excuses/:id', { bodyLimit: BODY_LIMIT, config: { fileLimit: MAX_DOCUMENT_BYTES } }, async (request) => {
    student(request);
    const id = idOf(request);
    return { data: await write(ctx, request, (op) => updateExcuse(op, id, bodyOf(request))) };
  });

  app.delete('/excuses/:id', async (request) => {
    student(request);
    const id = idOf(request);
    await write(ctx, request, (op) => deleteExcuse(op, id));
    return { data: { id } };
  });

  app.get('/excuses/details/:id', async (request) => {
    signedIn(request);
    return details(ctx, request, idOf(request));
  });

  // One step of excuse_status: {action | status_id, note}, or the action in the address (the screens' buttons).
  const move = async (request: FastifyRequest, action: unknown) => {
    signedIn(request);
    const id = idOf(request);
    const body = bodyOf(request);
    const moved = await write(ctx, request, (op) =>
      moveExcuse(op, id, action ?? body.action, body.status_id, body.note),
    );
    if (DECISIONS.has(moved.step.to))
      await mailStudent(ctx, moved.excuse, moved.step.to, moved.note).catch((error: unknown) =>
        request.log.warn({ error }, 'excuse mail not sent'),
      );
    return { data: moved.excuse };
  };
  app.post('/excuses/update_status/:id', async (request) => move(request, undefined));
  app.post('/excuses/update_status/:id/:action', async (request) =>
    move(request, (request.params as Record<string, string>).action),
  );

  // The supporting document: for the excuse's owner and staff with access_excuses (the row scope).
  app.get('/excuses/document/:id', async (request, reply) => {
    signedIn(request);
    const id = idOf(request);
    const visible = await getDetails(
      { db, manifest: m, validator: ctx.validator, user: request.user, ip: null },
      m.entities[EXCUSES]!,
      id,
    ).catch(() => null);
    if (!visible) throw new HttpError(404, 'excuse_not_found');
    const doc = await storedDocument(db, m, id);
    const file = doc.stored ? documentPath(ctx.uploadsDir, id, doc.stored) : null;
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info) throw new HttpError(404, 'excuse_document_missing');
    await recordAccess(db, m, {
      user: request.user,
      action: 'download',
      resource: EXCUSES,
      recordId: id,
      ip: request.ip ?? null,
      details: { file: doc.name },
    });
    return reply
      .header('content-type', doc.mime ?? 'application/octet-stream')
      .header('content-length', String(info.size))
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(String(doc.name ?? 'document'))}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file));
  });
}

export const excusesDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  if (!manifest.entities[EXCUSES] || !manifest.entities.excuse_request_events || !manifest.statusTables.excuse_status)
    return;
  const mailer = createMailer(mailConfigFrom(config));
  app.addHook('onClose', async () => mailer.close());
  listenForPaidFees(manifest);
  routes(app, { db, manifest, mailer, uploadsDir: config.uploadsDir, validator: new EntityValidator(manifest) });
};
