/**
 * The payer's calls: pay from the wallet, pay through the provider, the payments page's
 * dispatcher, charge the wallet, the balance, the cash instructions PDF. Every paying call
 * runs in one transaction under its Idempotency-Key.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { pathId, requireSignedIn } from '../auth/guards.ts';
import type { DomainOptions } from '../index.ts';
import { cashInstructionsPdf } from './cash-instructions.ts';
import { CURRENCY, EGYPT_NATIONALITY_ID, PAYMENT_OPTION, PAYMENT_STATUS, fromCents, type Db } from './codes.ts';
import { idempotent, type Answer } from './idempotency.ts';
import { lockInvoice, markPending, openInstallments, payFromWallet } from './ledger.ts';
import {
  assertMethodEnabled,
  assertOwner,
  createProviderPayment,
  openAtProvider,
  providerFor,
} from './provider-payments.ts';
import type { ProviderMethod } from './provider.ts';
import { walletBalance } from './wallet.ts';

type Body = Record<string, unknown>;
interface PayParams {
  id: string;
  installment?: string;
}

export function language(request: FastifyRequest): 'en' | 'ar' {
  return requestLanguage(request) === 'ar' ? 'ar' : 'en';
}

/** installment_id from the path or the body: 1, 2 or 3, or none (the whole invoice). */
function installmentOf(params: PayParams, body: Body): number | null {
  const raw = params.installment ?? body.installment_id;
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  if (![1, 2, 3].includes(n)) throw ValidationError.single('installment_id', { key: 'installment_unknown' });
  return n;
}

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'body_not_object');
  return body as Body;
}

function methodOf(value: unknown, allowed: ProviderMethod[] = ['credit_card', 'voucher']): ProviderMethod {
  const byId = { [PAYMENT_OPTION.credit_card]: 'credit_card', [PAYMENT_OPTION.voucher]: 'voucher' } as Record<
    number,
    ProviderMethod
  >;
  const method =
    typeof value === 'number' || /^\d+$/.test(String(value)) ? byId[Number(value)] : (value as ProviderMethod);
  if (!method || !allowed.includes(method)) throw ValidationError.single('payment_option_id', { key: 'enum' });
  return method;
}

export function payRoutes(app: FastifyInstance, { db, manifest, config }: DomainOptions): void {
  const walletPay = (
    trx: Db,
    request: FastifyRequest<{ Params: PayParams }>,
    installment: number | null,
  ): Promise<Answer> => {
    const user = requireSignedIn(request);
    if (user.student_id == null) throw new HttpError(403, 'wallet_students_only');
    return payFromWallet(trx, {
      student_id: user.student_id,
      payment_id: pathId(request.params.id),
      installment_id: installment,
      user_id: user.id,
    }).then((r) => ({ status: 200, body: { data: { payment: r.invoice, paid: r.paid, balance: r.balance } } }));
  };

  /** Starts a provider payment in the idempotent transaction, then opens it at the provider after the commit. */
  const providerPay = async (
    request: FastifyRequest<{ Params: PayParams }>,
    reply: FastifyReply,
    input: {
      purpose: 'invoice' | 'wallet';
      method: ProviderMethod;
      installment?: number | null;
      amount?: unknown;
      return_path?: unknown;
    },
    scope: string,
  ) => {
    const user = requireSignedIn(request);
    await assertMethodEnabled(db, manifest, input.method);
    providerFor(db, config); // 422 before anything is written when no provider may take the payment
    const lang = language(request);
    return idempotent(
      db,
      request,
      reply,
      scope,
      async (trx) => {
        const reference = await createProviderPayment(trx, {
          purpose: input.purpose,
          method: input.method,
          user,
          language: lang,
          payment_id: input.purpose === 'invoice' ? pathId(request.params.id) : undefined,
          installment_id: input.installment,
          amount: input.amount,
          return_path: typeof input.return_path === 'string' ? input.return_path : undefined,
        });
        return { status: 201, body: { data: { reference } } };
      },
      async (answer) => {
        const reference = (answer.body as { data?: { reference?: string } }).data?.reference;
        if (!reference) return answer;
        return { status: answer.status, body: { data: await openAtProvider(db, config, reference, lang) } };
      },
    );
  };

  // POST /payments/pay/{id}[/{installment_id}]: pay from the credit balance (portal-core section 7).
  for (const url of ['/payments/pay/:id', '/payments/pay/:id/:installment']) {
    app.post<{ Params: PayParams }>(url, (request, reply) =>
      idempotent(db, request, reply, `pay:${request.params.id}`, (trx) =>
        walletPay(trx, request, installmentOf(request.params, bodyOf(request))),
      ),
    );
  }

  // The card-provider pay call: POST /payments/pay-with-provider/{id}[/{installment_id}] {method, return_path}.
  for (const url of ['/payments/pay-with-provider/:id', '/payments/pay-with-provider/:id/:installment']) {
    app.post<{ Params: PayParams }>(url, (request, reply) => {
      const body = bodyOf(request);
      const installment = installmentOf(request.params, body);
      return providerPay(
        request,
        reply,
        {
          purpose: 'invoice',
          method: methodOf(body.method ?? body.payment_option_id ?? 'credit_card'),
          installment,
          return_path: body.return_path,
        },
        `provider:${request.params.id}`,
      );
    });
  }

  // POST /payments/{id} {installment_id, payment_option_id}: the payments page's choice.
  app.post<{ Params: PayParams }>('/payments/:id', async (request, reply) => {
    const body = bodyOf(request);
    const installment = installmentOf(request.params, body);
    const option = Number(body.payment_option_id ?? PAYMENT_OPTION.wallet);
    if (option === PAYMENT_OPTION.wallet) {
      return idempotent(db, request, reply, `pay:${request.params.id}`, (trx) => walletPay(trx, request, installment));
    }
    if (option === PAYMENT_OPTION.credit_card || option === PAYMENT_OPTION.voucher) {
      return providerPay(
        request,
        reply,
        { purpose: 'invoice', method: methodOf(option), installment, return_path: body.return_path },
        `provider:${request.params.id}`,
      );
    }
    if (option === PAYMENT_OPTION.bank_transfer) {
      return idempotent(db, request, reply, `bank:${request.params.id}`, (trx) =>
        bankTransfer(trx, request, installment),
      );
    }
    throw ValidationError.single('payment_option_id', { key: 'enum' });
  });

  /** A non-Egyptian student's bank transfer: the installments wait for the finance office (pending_review). */
  async function bankTransfer(
    trx: Db,
    request: FastifyRequest<{ Params: PayParams }>,
    installment: number | null,
  ): Promise<Answer> {
    const user = requireSignedIn(request);
    const invoice = await lockInvoice(trx, pathId(request.params.id));
    assertOwner(invoice, user);
    if (invoice.student_id != null) {
      const student = await trx
        .selectFrom('students')
        .select('nationality_id')
        .where('id', '=', invoice.student_id)
        .executeTakeFirst();
      if (Number(student?.nationality_id ?? EGYPT_NATIONALITY_ID) === EGYPT_NATIONALITY_ID)
        throw new HttpError(422, 'bank_transfer_egyptians');
    }
    const open = await openInstallments(trx, invoice, installment);
    await markPending(trx, invoice, open, PAYMENT_STATUS.pending_review);
    const due = open.reduce((s, i) => s + i.outstanding, 0);
    return {
      status: 200,
      body: {
        data: {
          reference: invoice.code,
          amount: fromCents(due),
          currency_id: invoice.currency_id,
          status_id: PAYMENT_STATUS.pending_review,
        },
      },
    };
  }

  // POST /credit-transactions/charge-my-credit {amount, payment_option_id: 1 card | 2 voucher}.
  app.post('/credit-transactions/charge-my-credit', (request, reply) => {
    const body = bodyOf(request);
    const user = requireSignedIn(request);
    if (user.student_id == null) throw new HttpError(403, 'wallet_students_only');
    const method = methodOf(body.payment_option_id ?? body.method);
    return providerPay(
      request as FastifyRequest<{ Params: PayParams }>,
      reply,
      { purpose: 'wallet', method, amount: body.amount, return_path: body.return_path },
      'charge',
    );
  });

  app.get('/credit-transactions/balance', async (request) => {
    const user = requireSignedIn(request);
    if (user.student_id == null) throw new HttpError(403, 'wallet_students_only');
    return { data: { balance: fromCents(await walletBalance(db, user.student_id)), currency_id: CURRENCY.EGP } };
  });

  // GET /payments/print-pdf[/{id}]: Cash_Instructions.pdf.
  for (const url of ['/payments/print-pdf', '/payments/print-pdf/:id']) {
    app.get<{ Params: { id?: string } }>(url, async (request, reply) => {
      const user = requireSignedIn(request);
      const id = request.params.id === undefined ? undefined : pathId(request.params.id);
      const pdf = await cashInstructionsPdf(db, manifest, user, language(request), id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'attachment; filename="Cash_Instructions.pdf"')
        .send(pdf);
    });
  }
}
