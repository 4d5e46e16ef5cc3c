/**
 * Card and voucher payments through the provider: start one (our row first, committed, then the
 * provider call), apply a provider event (a callback or a status check) exactly once, check a
 * payment's status. The money moves in applyEvent only, and only for the one event that flips
 * the row from not-paid to paid (a conditional UPDATE), so replays and races change nothing.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { ServerConfig } from '../../config.ts';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { RequestUser } from '../../auth/user.ts';
import { readSettings, flagValue } from '../system/university-data.ts';
import { CURRENCY, PAYMENT_OPTION, PAYMENT_STATUS, currencyCode, fromCents, toCents, type Db } from './codes.ts';
import { clearPending, lockInvoice, markPending, openInstallments, recordPayment, checkedCents } from './ledger.ts';
import { callbackSecret, type PaymentProvider, type ProviderEvent, type ProviderMethod } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { installationSecret } from '../../secrets.ts';
import { creditWallet } from './wallet.ts';

export const CALLBACK_PATH = '/api/sis/payments/provider/callback';
const MAX_CHARGE_CENTS = 1_000_000 * 100;

/** Gateways installed with useProvider, and the sandbox per database handle. */
const installed = new WeakMap<object, PaymentProvider>();
const sandboxes = new WeakMap<object, PaymentProvider>();

/** The sandbox takes no real money: in production only when PAYMENT_SANDBOX=true. */
export function sandboxAllowed(config: Pick<ServerConfig, 'nodeEnv' | 'paymentSandbox'>): boolean {
  return config.nodeEnv !== 'production' || config.paymentSandbox === true;
}

/** The installed gateway, else the sandbox where allowed; else card and voucher are not offered (422). */
export function providerFor(db: Db, config: ServerConfig): PaymentProvider {
  const gateway = installed.get(db);
  if (gateway) return gateway;
  if (!sandboxAllowed(config)) throw new HttpError(422, 'method_disabled');
  let sandbox = sandboxes.get(db);
  if (!sandbox)
    sandboxes.set(
      db,
      (sandbox = sandboxProvider(db, callbackSecret(config), installationSecret(config.dataDir, 'sandbox-page'))),
    );
  return sandbox;
}

/** Installs a real gateway for this database handle (its callbacks are verified with its own verifyCallback). */
export function useProvider(db: Db, provider: PaymentProvider): void {
  installed.set(db, provider);
}

/** Card needs pay_with_credit_card, voucher pay_with_fawry (or pay_with_voucher) set to "true". */
export async function assertMethodEnabled(db: Db, manifest: Manifest, method: ProviderMethod): Promise<void> {
  const settings = await readSettings(db, manifest, ['pay_with_credit_card', 'pay_with_fawry', 'pay_with_voucher']);
  const on = (name: string) => flagValue(settings.get(name)?.value) === 'true';
  const enabled =
    method === 'credit_card' ? on('pay_with_credit_card') : on('pay_with_fawry') || on('pay_with_voucher');
  if (!enabled) throw new HttpError(422, 'method_disabled');
}

export interface StartInput {
  purpose: 'invoice' | 'wallet';
  method: ProviderMethod;
  user: RequestUser;
  /** Invoice payments. */
  payment_id?: number;
  installment_id?: number | null;
  /** Wallet charges. */
  amount?: unknown;
  language: 'en' | 'ar';
  /** Where the payer returns after the hosted page (a portal path). */
  return_path?: string;
}

export interface StartedPayment {
  reference: string;
  redirect_url: string | null;
  voucher_reference: string | null;
  amount: number;
  currency: string;
  status: string;
}

/**
 * Step 1, inside the caller's transaction: our provider_payments row (pending) and the
 * installments marked pending. Returns the reference for step 2.
 */
export async function createProviderPayment(trx: Db, input: StartInput): Promise<string> {
  const reference = `PP-${crypto.randomBytes(9).toString('hex')}`;
  const base = {
    reference,
    provider: 'pending',
    purpose: input.purpose,
    payment_option_id: PAYMENT_OPTION[input.method],
    user_id: input.user.id,
    status: 'pending',
    return_path: safeReturnPath(input.return_path),
  };
  if (input.purpose === 'wallet') {
    if (!input.user.student_id) throw new HttpError(403, 'wallet_students_only');
    const cents = checkedCents('amount', input.amount);
    // The charge form's limit (screens/finance/forms/charge-credit.form.yaml).
    if (cents > MAX_CHARGE_CENTS)
      throw ValidationError.single('amount', { key: 'maximum', params: { limit: MAX_CHARGE_CENTS / 100 } });
    await trx
      .insertInto('provider_payments')
      .values({ ...base, student_id: input.user.student_id, amount: fromCents(cents), currency_id: CURRENCY.EGP })
      .execute();
    return reference;
  }
  const invoice = await lockInvoice(trx, input.payment_id!);
  assertOwner(invoice, input.user);
  const open = await openInstallments(trx, invoice, input.installment_id);
  const cents = open.reduce((s, i) => s + i.outstanding, 0);
  await trx
    .insertInto('provider_payments')
    .values({
      ...base,
      payment_id: invoice.id,
      installment_id: input.installment_id ?? null,
      student_id: invoice.student_id,
      applicant_id: invoice.applicant_id,
      amount: fromCents(cents),
      currency_id: invoice.currency_id,
    })
    .execute();
  await markPending(trx, invoice, open, PAYMENT_STATUS.pending);
  return reference;
}

/** Step 2, after the commit: the provider call; a failure there puts the installments back. */
export async function openAtProvider(
  db: Db,
  config: ServerConfig,
  reference: string,
  language: 'en' | 'ar',
): Promise<StartedPayment> {
  const row = await db
    .selectFrom('provider_payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  if (row.provider_reference) return started(row);
  const method: ProviderMethod = Number(row.payment_option_id) === PAYMENT_OPTION.voucher ? 'voucher' : 'credit_card';
  const description =
    language === 'ar'
      ? `${row.purpose === 'wallet' ? 'شحن الرصيد' : 'سداد فاتورة'} \u2066${reference}\u2069` // isolated: "PP-..." keeps its order
      : `${row.purpose === 'wallet' ? 'Wallet charge' : 'Invoice payment'} ${reference}`;
  try {
    const provider = providerFor(db, config);
    const created = await provider.createPayment({
      reference,
      amount: Number(row.amount),
      currency: currencyCode(Number(row.currency_id)),
      method,
      description,
      language,
      returnUrl: row.return_path ?? `/payment-info/${reference}`,
      callbackUrl: CALLBACK_PATH,
    });
    const updated = await db
      .updateTable('provider_payments')
      .set({
        provider: provider.name,
        provider_reference: created.providerReference,
        voucher_reference: created.voucherReference ?? null,
        redirect_url: created.redirectUrl,
        return_path: row.return_path,
        updated_at: sql`now()`,
      })
      .where('reference', '=', reference)
      .returningAll()
      .executeTakeFirstOrThrow();
    return started(updated);
  } catch (error) {
    await db.transaction().execute((trx) => settleFailed(trx, reference));
    throw error;
  }
}

/** Starts a payment for an applicant or a student in one call (the admission domain's entry). */
export async function startProviderPayment(
  db: Db,
  manifest: Manifest,
  config: ServerConfig,
  input: StartInput,
): Promise<StartedPayment> {
  await assertMethodEnabled(db, manifest, input.method);
  providerFor(db, config);
  const reference = await db.transaction().execute((trx) => createProviderPayment(trx, input));
  return openAtProvider(db, config, reference, input.language);
}

function started(row: Record<string, any>): StartedPayment {
  return {
    reference: row.reference,
    redirect_url: row.redirect_url ?? null,
    voucher_reference: row.voucher_reference ?? null,
    amount: Number(row.amount),
    currency: currencyCode(Number(row.currency_id)),
    status: row.status,
  };
}

export type EventOutcome = 'applied' | 'duplicate' | 'failed' | 'ignored' | 'unknown' | 'mismatch';

/** Applies a verified provider event in one transaction; money moves only on the first `paid`. */
export async function applyEvent(db: Db, event: ProviderEvent): Promise<EventOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('provider_payments')
      .selectAll()
      .where('reference', '=', event.reference)
      .executeTakeFirst();
    if (!row) return 'unknown';
    if (event.currency !== currencyCode(Number(row.currency_id)) || toCents(event.amount) !== toCents(row.amount))
      return 'mismatch';
    if (event.status === 'failed') {
      const failed = await settleFailed(trx, event.reference);
      return failed ? 'failed' : 'ignored';
    }
    const flipped = await trx
      .updateTable('provider_payments')
      .set({ status: 'paid', paid_at: sql`now()`, updated_at: sql`now()` })
      .where('reference', '=', event.reference)
      .where('status', '<>', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (!flipped) return 'duplicate';
    const method = Number(row.payment_option_id) === PAYMENT_OPTION.voucher ? 'voucher' : 'credit_card';
    if (row.purpose === 'wallet') {
      await creditWallet(trx, {
        student_id: Number(row.student_id),
        cents: toCents(row.amount),
        kind: 'charge',
        payment_option_id: Number(row.payment_option_id),
        reference: row.reference,
        user_id: row.user_id,
      });
    } else {
      await recordPayment(trx, {
        payment_id: Number(row.payment_id),
        installment_id: row.installment_id,
        amount: Number(row.amount),
        method,
        reference: row.reference,
        user_id: row.user_id,
      });
    }
    return 'applied';
  });
}

/** pending -> failed (only from pending: a failure never undoes a payment); installments back to unpaid. */
async function settleFailed(trx: Db, reference: string): Promise<boolean> {
  const row = await trx
    .updateTable('provider_payments')
    .set({ status: 'failed', updated_at: sql`now()` })
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (row?.payment_id) await clearPending(trx, await lockInvoice(trx, Number(row.payment_id)));
  return !!row;
}

/** Asks the provider where a pending payment stands and applies the answer; returns the row as now. */
export async function checkProviderPayment(
  db: Db,
  config: ServerConfig,
  reference: string,
  user?: RequestUser,
): Promise<StartedPayment & { purpose: string; payment_id: number | null }> {
  const read = () =>
    db.selectFrom('provider_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
  let row = await read();
  if (!row || (user && !ownsProviderPayment(row, user))) throw new HttpError(404, 'provider_payment_unknown');
  if (row.status === 'pending' && row.provider_reference) {
    const status = await providerFor(db, config).checkStatus(row.provider_reference);
    if (status !== 'pending') {
      await applyEvent(db, {
        event_id: `check-${reference}`,
        reference,
        status,
        amount: Number(row.amount),
        currency: currencyCode(Number(row.currency_id)),
        occurred_at: new Date().toISOString(),
      });
      row = (await read())!;
    }
  }
  return { ...started(row), purpose: row.purpose, payment_id: row.payment_id == null ? null : Number(row.payment_id) };
}

function ownsProviderPayment(row: Record<string, any>, user: RequestUser): boolean {
  if (user.permissions.includes('access_finance')) return true;
  if (user.id != null && Number(row.user_id) === user.id) return true;
  if (user.student_id != null && Number(row.student_id) === user.student_id) return true;
  return user.applicant_id != null && Number(row.applicant_id) === user.applicant_id;
}

/** Only the invoice's own student or applicant pays it (404 for anyone else: ids reveal nothing). */
export function assertOwner(
  invoice: { student_id: number | null; applicant_id: number | null },
  user: RequestUser,
): void {
  const mine =
    (invoice.student_id != null && invoice.student_id === user.student_id) ||
    (invoice.applicant_id != null && invoice.applicant_id === user.applicant_id);
  if (!mine) throw new HttpError(404, 'not_found');
}

/** Only portal paths (no other site) may be a return address. */
function safeReturnPath(path: string | undefined): string | null {
  if (!path || typeof path !== 'string') return null;
  return /^\/(?!\/)[^\s\\]*$/.test(path) && path.length <= 300 ? path : null;
}
