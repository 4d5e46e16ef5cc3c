/**
 * Paying the applicant's fees, built on the finance domain (server/domains/finance/README.md):
 * the invoice comes from the ledger (fees.ts), card and voucher payments go through the
 * configured payment provider (the sandbox unless another is installed), whose signed callback
 * the finance domain applies exactly once. Bank transfer is for non-Egyptians, in USD: the
 * invoice waits as pending_review until finance staff record the transfer.
 *
 *   POST /admission/website/transaction/create[/{id}]           start paying a fee
 *   POST /admission/website/transaction/check/{transaction}[/{id}]  where a card payment stands
 *   GET  /admission/website/print-pdf/{id}[/{installment_id}]      payment instructions (PDF)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { PAYMENT_STATUS } from '../finance/codes.ts';
import { lockInvoice, markPending, openInstallments } from '../finance/ledger.ts';
import { checkProviderPayment, startProviderPayment } from '../finance/provider-payments.ts';
import { readSettings } from '../system/university-data.ts';
import { EGYPT, authorize, findApplicant, statusOf } from './applicants.ts';
import type { AdmissionContext } from './application.ts';
import { FEE_KINDS, applicantFees, feeKind, invoiceFor } from './fees.ts';
import { transferBanks } from '../finance/banks.ts';
import { paymentInstructionsPdf } from './payment-pdf.ts';
import { SECRET_HEADER } from './secret.ts';

type Row = Record<string, unknown>;
type Params = Record<string, string | undefined>;

/** The settings that describe the university's USD account for bank transfers. */
export const BANK_SETTINGS = ['bank_name_usd', 'bank_account_usd', 'bank_iban_usd', 'bank_swift'] as const;

function input(request: FastifyRequest): Row {
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Row) : {};
  return { ...(request.query as Row), ...body };
}

const METHODS: Record<string, 'credit_card' | 'voucher' | 'bank_transfer'> = {
  credit_card: 'credit_card',
  card: 'credit_card',
  1: 'credit_card',
  voucher: 'voucher',
  fawry: 'voucher',
  2: 'voucher',
  bank_transfer: 'bank_transfer',
  5: 'bank_transfer',
};

export async function bankDetails(ctx: AdmissionContext): Promise<Record<string, string | null>> {
  const settings = await readSettings(ctx.db, ctx.manifest, BANK_SETTINGS);
  return Object.fromEntries(BANK_SETTINGS.map((name) => [name, settings.get(name)?.value ?? null]));
}

async function createTransaction(ctx: AdmissionContext, config: ServerConfig, request: FastifyRequest, rawId: unknown) {
  const given = input(request);
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId ?? given.id ?? given.applicant_id);
  const method = METHODS[String(given.method ?? given.payment_option_id ?? 'credit_card')];
  if (!method) throw ValidationError.single('method', { key: 'payment_option_not_offered' });
  // Without a named fee: the one due now.
  const due = (await applicantFees(ctx.db, ctx.manifest, applicant)).find((f) => f.due && f.status !== 'paid');
  const fee = given.fee !== undefined ? feeKind(given.fee) : feeKind(due?.key ?? 'application_fees');
  if (!fee) throw ValidationError.single('fee', { key: 'status_invalid' });
  if (method === 'bank_transfer' && Number(applicant.nationality_id) === EGYPT)
    throw ValidationError.single('method', { key: 'bank_transfer_egyptians' });

  const invoice = await ctx.db.transaction().execute(async (trx) => {
    const locked = await findApplicant(trx, applicant.id, true);
    const row = await invoiceFor(trx, ctx.manifest, locked!, fee);
    if (method === 'bank_transfer') {
      const locked = await lockInvoice(trx, row.id);
      await markPending(trx, locked, await openInstallments(trx, locked), PAYMENT_STATUS.pending_review);
    }
    return row;
  });
  const language = requestLanguage(request) === 'ar' ? 'ar' : 'en';
  if (method === 'bank_transfer') {
    return {
      data: {
        method,
        transaction: null,
        payment_id: Number(invoice.id),
        reference: invoice.reference,
        fee: fee.key,
        amount: Number(invoice.amount),
        currency: 'USD',
        status: 'pending_review',
        bank: await bankDetails(ctx),
        // The finance staff's banks, each with the currency its name implies.
        banks: await transferBanks(ctx.db),
        print_url: `/api/admission/website/print-pdf/${applicant.id}`,
      },
    };
  }
  const returnPath = safeReturn(given.return_path, applicant.applicant_type_id, request);
  const started = await startProviderPayment(ctx.db, ctx.manifest, config, {
    purpose: 'invoice',
    method,
    user: request.user,
    payment_id: Number(invoice.id),
    language,
    return_path: returnPath,
  });
  return { data: { method, transaction: started.reference, payment_id: Number(invoice.id), fee: fee.key, ...started } };
}

/**
 * Where the provider sends the payer back. The payment row keeps this path, so it may not carry
 * the link's secret (only its hash is ever stored): such a path becomes the success page.
 */
function safeReturn(raw: unknown, type: number, request: FastifyRequest): string | undefined {
  if (typeof raw !== 'string' || !raw) return undefined;
  const header = request.headers[SECRET_HEADER];
  const secret = Array.isArray(header) ? header[0] : header;
  return secret && raw.includes(secret) ? `/applyForm/success/${type}/payment` : raw;
}

async function checkTransaction(
  ctx: AdmissionContext,
  config: ServerConfig,
  request: FastifyRequest,
  transaction: string,
  rawId: unknown,
) {
  const given = input(request);
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId ?? given.id ?? given.applicant_id);
  const result = await checkProviderPayment(ctx.db, config, transaction, request.user).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, 'transaction_unknown');
    throw error;
  });
  const now = await findApplicant(ctx.db, applicant.id);
  return {
    data: {
      ...result,
      transaction: result.reference,
      paid: result.status === 'paid',
      applicant_status: statusOf(ctx.manifest, Number(now!.status_id)),
      fees: await applicantFees(ctx.db, ctx.manifest, now!),
    },
  };
}

async function printPdf(
  ctx: AdmissionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  rawId: unknown,
  rawInstallment: unknown,
) {
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId, { staffMayRead: true });
  const installment = rawInstallment === undefined ? null : Number(rawInstallment);
  if (installment !== null && ![1, 2, 3].includes(installment)) throw new HttpError(404, 'not_found');
  const language = requestLanguage(request) === 'ar' ? 'ar' : 'en';
  const pdf = await paymentInstructionsPdf(
    ctx,
    applicant,
    language,
    installment,
    await bankDetails(ctx),
    await transferBanks(ctx.db),
  );
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="Payment_Instructions_${applicant.id}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export async function paymentRoutes(app: FastifyInstance, ctx: AdmissionContext, config: ServerConfig): Promise<void> {
  app.post<{ Params: Params }>('/admission/website/transaction/create', async (request) =>
    createTransaction(ctx, config, request, undefined),
  );
  app.post<{ Params: Params }>('/admission/website/transaction/create/:id', async (request) =>
    createTransaction(ctx, config, request, request.params.id),
  );
  app.post<{ Params: Params }>('/admission/website/transaction/check/:transaction', async (request) =>
    checkTransaction(ctx, config, request, request.params.transaction!, undefined),
  );
  app.post<{ Params: Params }>('/admission/website/transaction/check/:transaction/:id', async (request) =>
    checkTransaction(ctx, config, request, request.params.transaction!, request.params.id),
  );
  app.get<{ Params: Params }>('/admission/website/print-pdf/:id', async (request, reply) =>
    printPdf(ctx, request, reply, request.params.id, undefined),
  );
  app.get<{ Params: Params }>('/admission/website/print-pdf/:id/:installment_id', async (request, reply) =>
    printPdf(ctx, request, reply, request.params.id, request.params.installment_id),
  );
  app.get<{ Params: Params }>('/admission/:id/fees', async (request) => {
    const { applicant } = await authorize(ctx.db, ctx.manifest, request, request.params.id, { staffMayRead: true });
    return {
      data: await applicantFees(ctx.db, ctx.manifest, applicant),
      kinds: FEE_KINDS.map((f) => ({ key: f.key, label: f.label })),
    };
  });
}
