/**
 * The ids of the finance status tables (screens/finance/*.status.yaml) the code relies on, and
 * money helpers. Amounts are handled in whole piastres / cents inside the code, so that no sum
 * is ever off by a floating-point rounding; the database stores numeric(14,2).
 */
import type { Kysely } from 'kysely';

/** A connection or a transaction. Finance tables are read by name (they come from the YAML). */
export type Db = Kysely<any>;

export const PAYMENT_STATUS = { paid: 0, unpaid: 1, pending: 2, pending_review: 5 } as const;
export const PAYMENT_OPTION = { credit_card: 1, voucher: 2, wallet: 3, manual: 4, bank_transfer: 5 } as const;
export type PaymentMethod = keyof typeof PAYMENT_OPTION;
export const CURRENCY = { EGP: 1, USD: 2 } as const;
export type CurrencyCode = keyof typeof CURRENCY;
export const TRANSACTION_KIND = { payment: 1, refund: 2 } as const;
export const CREDIT_KIND = { charge: 1, payment: 2, refund: 3, adjustment: 4, overpayment: 5 } as const;
export const BILLING_KIND = {
  application_fees: 1,
  exam_fees: 2,
  training_fees: 3,
  insurance_fees: 4,
  tuition_fees: 5,
  certificate_fees: 6,
  service_fees: 7,
  grade_recheck_fees: 8,
} as const;
export type BillingKind = keyof typeof BILLING_KIND;

/** Egypt in the countries table (admission-and-grid section 3: nationality 64 means Egyptian). */
export const EGYPT_NATIONALITY_ID = 64;

export function currencyCode(id: number): CurrencyCode {
  return id === CURRENCY.USD ? 'USD' : 'EGP';
}

/** 12.5 -> 1250. */
export function toCents(value: unknown): number {
  return Math.round(Number(value) * 100);
}

/** 1250 -> 12.5. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** "1,250.00 EGP" for messages and the PDF. */
export function formatMoney(cents: number, currency: CurrencyCode = 'EGP'): string {
  return `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}
