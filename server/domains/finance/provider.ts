/**
 * The payment provider interface: card and voucher payments go through one of these. A real
 * gateway (Fawry, a card acquirer) implements the same four members; the built-in sandbox
 * (./sandbox.ts) is the default. Callbacks are signed with HMAC-SHA256 over the raw body.
 */
import crypto from 'node:crypto';
import type { ServerConfig } from '../../config.ts';
import { installationSecret } from '../../secrets.ts';
import type { CurrencyCode } from './codes.ts';

export type ProviderMethod = 'credit_card' | 'voucher';
export type ProviderStatus = 'pending' | 'paid' | 'failed';

export interface CreatePaymentInput {
  /** Our reference (provider_payments.reference); the provider echoes it in callbacks. */
  reference: string;
  amount: number;
  currency: CurrencyCode;
  method: ProviderMethod;
  description: string;
  language: 'en' | 'ar';
  /** Where the hosted page sends the payer back. */
  returnUrl: string;
  /** Where the provider posts its signed callbacks. */
  callbackUrl: string;
}

export interface CreatedPayment {
  providerReference: string;
  /** The hosted page (card), or the page showing how to pay the voucher. */
  redirectUrl: string;
  /** Voucher payments: the number the payer quotes at an outlet. */
  voucherReference?: string;
}

/** What a verified callback says. */
export interface ProviderEvent {
  event_id: string;
  reference: string;
  status: 'paid' | 'failed';
  amount: number;
  currency: CurrencyCode;
  occurred_at: string;
}

export interface PaymentProvider {
  name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The event when the signature over `rawBody` is right, else null. */
  verifyCallback(rawBody: string, signature: string | undefined): ProviderEvent | null;
  checkStatus(providerReference: string): Promise<ProviderStatus>;
}

export const SIGNATURE_HEADER = 'x-signature';

/**
 * The callback secret: PAYMENT_CALLBACK_SECRET, else this installation's own random secret
 * (server/secrets.ts). The sandbox signs in-process, so it works either way; an outside
 * provider needs the configured secret it shares with us.
 */
export function callbackSecret(config: Pick<ServerConfig, 'paymentSecret' | 'dataDir'>): string {
  return config.paymentSecret || installationSecret(config.dataDir, 'payment-callback');
}

export function sign(secret: string, rawBody: string): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison of a hex signature. */
export function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return crypto.timingSafeEqual(Buffer.from(sign(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/** Parses a callback body into an event; null when it is not one. */
export function parseEvent(rawBody: string): ProviderEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const e = body as Record<string, unknown>;
  if (typeof e.event_id !== 'string' || typeof e.reference !== 'string') return null;
  if (e.status !== 'paid' && e.status !== 'failed') return null;
  if (typeof e.amount !== 'number' || (e.currency !== 'EGP' && e.currency !== 'USD')) return null;
  return {
    event_id: e.event_id,
    reference: e.reference,
    status: e.status,
    amount: e.amount,
    currency: e.currency,
    occurred_at: String(e.occurred_at ?? ''),
  };
}
