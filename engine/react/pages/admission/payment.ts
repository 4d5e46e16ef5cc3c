/**
 * The applicant's payment calls and rules, without React: which fees show 'not due yet' and can
 * be paid (their badges come from the server's status_ref, FeeStatusChip.tsx), whether a payment is due (engine/core/payment-due.ts unless
 * the server said), and the provider calls (server/domains/admission/README.md, "Fees").
 */
import type { ApiClient } from '../../../core/api/client.ts';
import { isPaymentDue } from '../../../core/payment-due.ts';
import { applicantConfig, type ApplicantDashboard, type ApplicantLink, type Fee } from './admission-api.ts';

/** An unpaid fee of a later stage (exam, final): shown as 'not due yet', not as a payment status. */
export function feeNotDue(fee: Pick<Fee, 'status' | 'due'>): boolean {
  return fee.status === 'unpaid' && fee.due === false;
}

/** The server's payment_due when it sent one, else the spec's rule on the status and flags. */
export function paymentDue(
  d: Pick<ApplicantDashboard, 'payment_due' | 'status' | 'require_payment' | 'early'>,
): boolean {
  if (typeof d.payment_due === 'boolean') return d.payment_due;
  return isPaymentDue({ status: d.status?.key, requirePayment: d.require_payment, incompleteFlag: d.early });
}

/** Fees that can be paid now: unpaid ones the server marks due (the invoice is made when paying starts). */
export function payableFees(fees: readonly Fee[]): Fee[] {
  return fees.filter((f) => f.status === 'unpaid' && f.due === true);
}

export interface StartedPayment {
  reference: string;
  redirect_url?: string;
  voucher_reference?: string;
}

/** The query parameter the provider's return address carries (the reference waits in session storage). */
export const RETURN_PARAM = 'transaction';

/**
 * The reference of a payment started at the provider, kept in the tab's session storage while
 * the browser is away (the provider sends it back to a fixed address without the reference).
 */
export function pendingPaymentStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined,
  applicantId: string,
) {
  const key = `rowaq:admission-payment:${applicantId}`;
  return {
    get: (): string | undefined => {
      try {
        return storage?.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set: (reference: string) => {
      try {
        storage?.setItem(key, reference);
      } catch {
        // without storage the applicant checks by reloading the dashboard
      }
    },
    clear: () => {
      try {
        storage?.removeItem(key);
      } catch {
        // nothing kept
      }
    },
  };
}

/** POST /api/admission/website/transaction/create/{id}: starts a card or voucher payment of a fee. */
export async function createTransaction(
  api: ApiClient,
  link: Pick<ApplicantLink, 'id' | 'secret'>,
  input: { fee: string; method: 'credit_card' | 'voucher'; return_path: string },
): Promise<StartedPayment> {
  const body = await api.post(
    `/admission/website/transaction/create/${encodeURIComponent(link.id)}`,
    input,
    applicantConfig(link.secret),
  );
  return ((body as { data?: StartedPayment }).data ?? body) as StartedPayment;
}

/** POST /api/admission/website/transaction/check/{transaction}/{id}: where a provider payment stands. */
export async function checkTransaction(
  api: ApiClient,
  link: Pick<ApplicantLink, 'id' | 'secret'>,
  reference: string,
): Promise<unknown> {
  return api.post(
    `/admission/website/transaction/check/${encodeURIComponent(reference)}/${encodeURIComponent(link.id)}`,
    {},
    applicantConfig(link.secret),
  );
}

/** GET /api/admission/website/print-pdf/{id}[/{installment_id}]: the payment instructions as a PDF blob. */
export async function paymentInstructions(
  api: ApiClient,
  link: Pick<ApplicantLink, 'id' | 'secret'>,
  installmentId?: number,
): Promise<Blob> {
  const path = `/admission/website/print-pdf/${encodeURIComponent(link.id)}${installmentId !== undefined ? `/${installmentId}` : ''}`;
  return api.get<Blob>(path, applicantConfig(link.secret, { responseType: 'blob' }));
}

/** The form's address to come back to after the provider. */
export function returnPath(location: { pathname: string }): string {
  return `${location.pathname}?${RETURN_PARAM}=1`;
}
