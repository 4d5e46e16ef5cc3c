/**
 * The certificates domain: students request certificates (one kind, quantity, language,
 * delivery), pay the fee through finance, follow the request; staff move it along the status
 * table, print it, and anyone checks a certificate's code. Calls in ./README.md; the lifecycle
 * in ./lifecycle.ts; the student's writes in ./request.ts; staff moves in ./transitions.ts.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate } from '../../http/messages.ts';
import { createMailer, mailConfigFrom, type Mailer } from '../../mail/mailer.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { getDetails } from '../../resources/operations.ts';
import { EntityValidator } from '../../resources/validation.ts';
import { renderCertificatePdf } from '../../documents/certificate-pdf.ts';
import { attemptLimiter, rateLimitFromEnv, type AttemptGuard } from '../auth/rate-limit.ts';
import { assertNotGated } from '../finance/gate.ts';
import { idempotent } from '../finance/idempotency.ts';
import { checkProviderPayment } from '../finance/provider-payments.ts';
import type { DomainOptions } from '../index.ts';
import { linkOrigin, type ServerConfig } from '../../config.ts';
import { certificateDocument } from './document.ts';
import { certificateMail } from './mail.ts';
import { exportRequests } from './export.ts';
import {
  allActions,
  allowedSteps,
  DELIVERED,
  ISSUED,
  KIND_TABLE,
  MAILED,
  statusKey,
  statusTable,
} from './lifecycle.ts';
import { cancelRequest, createRequest, readChoice, resubmitRequest } from './request.ts';
import { findRequest, historyOf, REQUESTS, studentFacts, tableOf } from './store.ts';
import { listenForPaidFees, moveRequest } from './transitions.ts';
import { bodyObject, recordId, requirePermission, requireSignedIn, requireStudent } from '../auth/guards.ts';

export const GATE = 'certificates.request';
const STAFF_EDIT = 'edit_certificate';

type Body = Record<string, unknown>;
interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  mailer: Mailer;
  publicUrl: string;
  validator: EntityValidator;
  config: ServerConfig;
}

const bodyOf = (request: FastifyRequest): Body => bodyObject(request);
const idOf = (request: FastifyRequest): number => recordId(request, 'certificate_not_found');
function signedIn(request: FastifyRequest): void {
  requireSignedIn(request);
}
function student(request: FastifyRequest): void {
  requireStudent(request, 'certificate_students_only');
}
function permission(request: FastifyRequest, name: string): void {
  requirePermission(request, name);
}

/** The request with its history and, for this user, the steps open to them (`can_<action>`, `can_print`). */
async function details(ctx: Ctx, request: FastifyRequest, id: number) {
  const lang = requestLanguage(request);
  const base = await getDetails(
    { db: ctx.db, manifest: ctx.manifest, validator: ctx.validator, user: request.user, ip: request.ip ?? null },
    ctx.manifest.entities[REQUESTS]!,
    id,
  );
  const row = base.data as Record<string, unknown>;
  const history = await historyOf(ctx.db, ctx.manifest, id, lang);
  const table = statusTable(ctx.manifest);
  const name = (sid: number | null) => {
    const s = table.statuses.find((x) => x.id === sid);
    return s ? (lang === 'ar' ? s.name_local : s.name) : '';
  };
  const steps = allowedSteps(ctx.manifest, request.user, row.status_id)
    // leaving `new` is the payment's move, never a button
    .filter((s) => s.from !== 'new');
  const flags = Object.fromEntries(
    allActions(ctx.manifest).map((a) => [`can_${a}`, steps.some((s) => s.action === a)]),
  );
  const key = statusKey(ctx.manifest, row.status_id) ?? '';
  return {
    ...base,
    data: {
      ...row,
      ...flags,
      can_print: ISSUED.has(key) && can(request.user, STAFF_EDIT),
      can_update: !DELIVERED.has(key) && key !== 'rejected' && can(request.user, STAFF_EDIT),
      // drawn by the show screens as a table (a detail column with table:)
      history: history.map((h) => ({
        ...h,
        from: h.from_status_id == null ? null : name(h.from_status_id),
        to: name(h.to_status_id),
      })),
    },
  };
}

function routes(app: FastifyInstance, ctx: Ctx, verifyGuard: AttemptGuard): void {
  const { db, manifest: m } = ctx;
  const ip = (request: FastifyRequest) => request.ip ?? null;

  // The generic API reads these rows; every write goes through the calls below.
  const refuse = async () => {
    throw new HttpError(405, 'method_not_allowed');
  };
  for (const resource of [REQUESTS]) {
    app.put(`/${resource}`, refuse);
    app.put(`/${resource}/:id`, refuse);
    app.delete(`/${resource}/:id`, refuse);
    app.post(`/${resource}/restore/:id`, refuse);
  }

  // The fee of each kind (the request form's note; 0 = free).
  app.get('/certificates/fees', async (request) => {
    signedIn(request);
    const lang = requestLanguage(request);
    const fees = await db
      .selectFrom(tableOf(m, 'certificate_fees'))
      .select(['kind_id', 'amount'])
      .where('deleted_at', 'is', null)
      .execute();
    return {
      data: m.statusTables[KIND_TABLE]!.statuses.map((k) => ({
        kind_id: k.id,
        kind: lang === 'ar' ? k.name_local : k.name,
        amount: Number(fees.find((f) => Number(f.kind_id) === k.id)?.amount ?? 0),
      })),
    };
  });

  // A student's request: gated, checked, written with its invoice in one transaction; an
  // Idempotency-Key replays the first answer.
  app.post('/certificates/request', async (request, reply) => {
    student(request);
    await assertNotGated(db, m, request.user, GATE);
    readChoice(m, bodyOf(request)); // field errors before anything is written or locked
    return idempotent(db, request, reply, 'certificates.request', async (trx) => {
      const created = await createRequest(trx, m, request.user, bodyOf(request), ip(request));
      return {
        status: 201,
        // where the student goes next is the form's submit.next (certificate-request.form.yaml)
        body: { data: created.request, payment_id: created.payment_id },
      };
    });
  });

  app.put('/certificates/request/:id', async (request) => {
    student(request);
    const row = await db
      .transaction()
      .execute((trx) => resubmitRequest(trx, m, request.user, idOf(request), bodyOf(request), ip(request)));
    return { data: row };
  });

  app.delete('/certificates/request/:id', async (request) => {
    student(request);
    const id = idOf(request);
    await db.transaction().execute((trx) => cancelRequest(trx, m, request.user, id, ip(request)));
    return { data: { id } };
  });

  // The request (own, or any with access_certificate), its history and the steps open to the caller.
  app.get('/certificates/details/:id', async (request) => {
    signedIn(request);
    return details(ctx, request, idOf(request));
  });

  // One step of the status table: {action, note}; or the action in the address (the screens' buttons).
  const move = async (request: FastifyRequest, action: unknown) => {
    signedIn(request);
    const id = idOf(request);
    const body = bodyOf(request);
    const moved = await db
      .transaction()
      .execute((trx) =>
        moveRequest(
          trx,
          m,
          request.user,
          id,
          action ?? body.action ?? (body.status_id !== undefined ? { status_id: body.status_id } : undefined),
          body.note,
          ip(request),
        ),
      );
    if (MAILED.has(moved.to))
      await mailStudent(ctx, moved.request, moved.to, moved.note).catch((error: unknown) =>
        request.log.warn({ error }, 'certificate mail not sent'),
      );
    return { data: moved.request };
  };
  app.post('/certificates/status/:id', async (request) => move(request, undefined));
  app.post('/certificates/status/:id/:action', async (request) =>
    move(request, (request.params as Record<string, string>).action),
  );

  // Staff correct quantity, language, delivery, addressed_to and mail address until delivered.
  app.put('/certificates/update/:id', async (request) => {
    permission(request, STAFF_EDIT);
    const id = idOf(request);
    const row = await db.transaction().execute(async (trx) => {
      const stored = await findRequest(trx, m, request.user, id, true);
      if (!stored) throw new HttpError(404, 'certificate_not_found');
      const key = statusKey(m, stored.status_id) ?? '';
      if (DELIVERED.has(key) || key === 'rejected') throw new HttpError(409, 'certificate_update_delivered');
      const body = bodyOf(request);
      const choice = readChoice(
        m,
        { ...body, kind_id: stored.kind_id },
        body.quantity === undefined ? { kind_id: stored.kind_id, quantity: stored.quantity } : undefined,
      );
      await trx
        .updateTable(tableOf(m, REQUESTS))
        .set({
          quantity: choice.quantity,
          language_id: choice.language_id,
          delivery_id: choice.delivery_id,
          addressed_to: choice.addressed_to,
          mail_address: choice.mail_address,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
      await recordAccess(trx, m, {
        user: request.user,
        action: 'update',
        resource: REQUESTS,
        recordId: id,
        ip: ip(request),
        details: choice as unknown as Record<string, unknown>,
      });
      return findRequest(trx, m, null, id);
    });
    return { data: row };
  });

  // The staff list as .xlsx: the list's own body (filters, search, sort), every matching row.
  app.post('/certificates/export', async (request, reply) => {
    permission(request, 'access_certificate');
    const lang = requestLanguage(request) === 'ar' ? 'ar' : 'en';
    const file = await exportRequests(
      { db, manifest: m, validator: ctx.validator, user: request.user, ip: ip(request) },
      request.body,
      lang,
    );
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="certificate-requests.xlsx"')
      .send(file);
  });

  // The certificate as a PDF in the request's language: copy ?copy=N of the quantity (default 1).
  app.get('/certificates/print/:id', async (request, reply) => {
    permission(request, STAFF_EDIT);
    const id = idOf(request);
    const copyRaw = Number((request.query as Record<string, unknown>)?.copy ?? 1);
    const { row, pdf } = await db.transaction().execute(async (trx) => {
      const stored = await findRequest(trx, m, request.user, id, true);
      if (!stored) throw new HttpError(404, 'certificate_not_found');
      if (!ISSUED.has(statusKey(m, stored.status_id) ?? '')) throw new HttpError(409, 'certificate_not_printable');
      const copy = Number.isInteger(copyRaw) && copyRaw >= 1 && copyRaw <= Number(stored.quantity) ? copyRaw : 1;
      const doc = await certificateDocument(trx, m, stored, copy, ctx.publicUrl);
      const file = await renderCertificatePdf(doc);
      await trx
        .updateTable(tableOf(m, REQUESTS))
        .set({ print_count: sql`print_count + 1` })
        .where('id', '=', id)
        .execute();
      await recordAccess(trx, m, {
        user: request.user,
        action: 'print',
        resource: REQUESTS,
        recordId: id,
        ip: ip(request),
        details: { copy },
      });
      return { row: stored, pdf: file };
    });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${row.code}.pdf"`)
      .send(pdf);
  });

  // Public: does a code belong to a certificate the university issued? Nothing else is told.
  app.get('/certificates/external/:code', async (request, reply) => {
    if (!(await verifyGuard(request, reply, ''))) return reply;
    const lang = requestLanguage(request);
    const code = String((request.params as Record<string, string>).code ?? '')
      .trim()
      .toUpperCase();
    const row = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/.test(code)
      ? await db
          .selectFrom(tableOf(m, REQUESTS))
          .selectAll()
          .where('verification_code', '=', code)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    const key = row ? (statusKey(m, row.status_id) ?? '') : '';
    if (!row || !ISSUED.has(key))
      return { data: { valid: false, result: translate({ key: 'certificate_not_verified' }, lang) } };
    const kind = m.statusTables[KIND_TABLE]!.statuses.find((k) => k.id === Number(row.kind_id));
    const status = statusTable(m).statuses.find((s) => s.id === Number(row.status_id));
    return {
      data: {
        valid: true,
        result: translate({ key: 'certificate_verified' }, lang),
        code,
        kind: kind ? (lang === 'ar' ? kind.name_local : kind.name) : null,
        student_name: lang === 'ar' && row.student_name_local ? row.student_name_local : row.student_name,
        issued_at: row.approved_at ? new Date(row.approved_at).toISOString().slice(0, 10) : null,
        status: status ? (lang === 'ar' ? status.name_local : status.name) : null,
      },
    };
  });

  // Where the fee's card or voucher payment stands at the provider (applies a payment it reports).
  app.post('/certificates/students/payment/check/:transaction', async (request) => {
    signedIn(request);
    const answer = await checkProviderPayment(
      db,
      ctx.config,
      (request.params as Record<string, string>).transaction,
      request.user,
    );
    if (answer.payment_id == null) throw new HttpError(404, 'certificate_payment_other');
    const row = await db
      .selectFrom(tableOf(m, REQUESTS))
      .select(['id', 'code', 'status_id', 'fee_paid'])
      .where('payment_id', '=', answer.payment_id)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'certificate_payment_other');
    return { data: { payment: answer, request: row } };
  });
}

async function mailStudent(ctx: Ctx, row: Record<string, any>, to: string, note: string | null): Promise<void> {
  const facts = await studentFacts(ctx.db, ctx.manifest, Number(row.student_id));
  const status = statusTable(ctx.manifest).statuses.find((s) => s.key === to);
  if (!facts?.email || !status) return;
  await ctx.mailer.send(certificateMail(facts.email, String(row.code), status, note));
}

export const certificatesDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  if (!manifest.entities[REQUESTS] || !manifest.statusTables.certificate_request_status) return;
  const mailer = createMailer(mailConfigFrom(config));
  app.addHook('onClose', async () => mailer.close());
  listenForPaidFees(manifest);
  const verifyGuard = (await attemptLimiter(db, rateLimitFromEnv()))('certificates.verify');
  const ctx = {
    db,
    manifest,
    mailer,
    // Read when a document is made: in development the listen address is known only then.
    get publicUrl() {
      return linkOrigin(config, app.server.address());
    },
    validator: new EntityValidator(manifest),
    config,
  };
  routes(app, ctx, verifyGuard);
};
