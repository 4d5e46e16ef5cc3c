/**
 * Cancelling an invoice nobody has paid anything of (a certificate request cancelled before its
 * fee was paid). Nothing moved, so nothing is reversed: the invoice and its installments are
 * removed, and it can no longer be paid nor hold the payment gate closed once due. An invoice
 * with any ledger or wallet row, or any card/voucher payment started with the provider (even a
 * failed one: its record keeps pointing at the invoice), is refused: it is refunded instead.
 * Call it inside the caller's transaction; the caller first drops its own reference to the invoice.
 */
import { HttpError } from '../../http/errors.ts';
import { PAYMENT_STATUS, toCents, type Db } from './codes.ts';
import { lockInvoice } from './ledger.ts';

export async function cancelUnpaidInvoice(trx: Db, paymentId: number): Promise<void> {
  const invoice = await lockInvoice(trx, paymentId);
  if (Number(invoice.status_id) === PAYMENT_STATUS.paid || toCents(invoice.paid_amount) > 0)
    throw new HttpError(409, 'invoice_paid');
  if (Number(invoice.status_id) !== PAYMENT_STATUS.unpaid) throw new HttpError(409, 'invoice_not_cancellable');
  for (const table of ['transactions', 'credit_transactions', 'provider_payments']) {
    const moved = await trx
      .selectFrom(table)
      .select('id')
      .where('payment_id', '=', paymentId)
      .limit(1)
      .executeTakeFirst();
    if (moved) throw new HttpError(409, 'invoice_not_cancellable');
  }
  await trx.deleteFrom('installments').where('payment_id', '=', paymentId).execute();
  await trx.deleteFrom('payments').where('id', '=', paymentId).execute();
}
