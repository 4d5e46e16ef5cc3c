/**
 * Registration writes that survive registration day. Each logical request carries one
 * Idempotency-Key for all its attempts, so a double click or a retry never registers twice
 * (the server answers a repeated key with its first answer). While the server answers 503
 * (saturated) or 429 (too many requests) the call waits (Retry-After, else a growing pause
 * with jitter) and tries again, telling the page it is busy instead of showing an error.
 */
import type { ApiClient } from '../../../core/api/client.ts';
import { isApiError } from '../../../core/api/api-error.ts';

export const BUSY_STATUSES: ReadonlySet<number> = new Set([503, 429]);
/** Attempts before giving up (about two minutes of waiting at the longest pauses). */
export const MAX_ATTEMPTS = 30;
const MAX_PAUSE_MS = 5000;

export interface RetryOptions {
  /** Called with the attempt number when a busy answer came back (and 0 when the call ends). */
  onBusy?: (attempt: number) => void;
  /** Test hook: how to wait. */
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
}

/** A random key for one logical request. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The pause before attempt `attempt + 1`: Retry-After seconds when given, else 0.5 s doubling, capped, with jitter. */
export function pauseMs(attempt: number, retryAfter: string | undefined, random = Math.random): number {
  const seconds = Number(retryAfter);
  if (retryAfter !== undefined && Number.isFinite(seconds) && seconds >= 0)
    return Math.min(MAX_PAUSE_MS, seconds * 1000) + random() * 250;
  return Math.min(MAX_PAUSE_MS, 500 * 2 ** Math.min(attempt - 1, 4)) * (0.75 + random() * 0.5);
}

function retryAfterOf(error: unknown): string | undefined {
  const cause = (error as { cause?: { response?: { headers?: Record<string, unknown> } } }).cause;
  const value = cause?.response?.headers?.['retry-after'];
  return typeof value === 'string' ? value : undefined;
}

export function isBusy(error: unknown): boolean {
  return isApiError(error) && error.status !== undefined && BUSY_STATUSES.has(error.status);
}

/** PUT (or another method) with one idempotency key, retried while the server is busy. */
export async function writeWithRetry<T>(
  api: Pick<ApiClient, 'request'>,
  method: string,
  path: string,
  body: unknown,
  options: RetryOptions = {},
): Promise<T> {
  const key = newIdempotencyKey();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const max = options.maxAttempts ?? MAX_ATTEMPTS;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await api.request<T>(method, path, body, { toast: false, headers: { 'Idempotency-Key': key } });
      } catch (error) {
        if (!isBusy(error) || attempt >= max) throw error;
        options.onBusy?.(attempt);
        await sleep(pauseMs(attempt, retryAfterOf(error)));
      }
    }
  } finally {
    options.onBusy?.(0);
  }
}
