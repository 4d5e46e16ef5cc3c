/**
 * A domain's own fee (a certificate, an excuse, a grade recheck): when a student's invoice of the
 * domain's billing kind becomes fully paid, the domain's handler runs inside the paying
 * transaction (the wallet's, the provider callback's, the cashier's), so the request and the
 * money move together. One listener per domain and process: an app built again (tests build
 * many) replaces the manifest the handler gets, not the listener.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import { BILLING_KIND, type BillingKind, type Db } from './codes.ts';
import { onInvoicePaid, type InvoiceRow } from './ledger.ts';

type FeeHandler = (trx: Db, manifest: Manifest, invoice: InvoiceRow) => Promise<void>;

const domains = new Map<string, { billing: BillingKind; manifest: Manifest; handler: FeeHandler }>();

export function onStudentFeePaid(domain: string, billing: BillingKind, manifest: Manifest, handler: FeeHandler): void {
  const listening = domains.has(domain);
  domains.set(domain, { billing, manifest, handler });
  if (listening) return;
  onInvoicePaid(async (trx, invoice) => {
    const fee = domains.get(domain)!;
    if (Number(invoice.billing_kind_id) !== BILLING_KIND[fee.billing] || invoice.student_id == null) return;
    await fee.handler(trx, fee.manifest, invoice);
  });
}
