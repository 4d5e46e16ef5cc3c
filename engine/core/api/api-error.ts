/**
 * The one error every failed API call rejects with: status, body, the message in the current
 * language, field messages, and whether a response rule already handled it (redirect/dialog).
 */
import type { ResponseReason } from './rules.ts';

export interface ApiErrorInit {
  message: string;
  status?: number;
  data?: unknown;
  path: string;
  firstError?: string;
  fieldErrors?: Record<string, string>;
  reason?: ResponseReason;
  canceled?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; undefined when no response arrived (network failure, cancel). */
  readonly status: number | undefined;
  readonly data: unknown;
  readonly path: string;
  /** The first entry of data.errors (registration, transfer, emtyaz and study plan calls). */
  readonly firstError: string | undefined;
  readonly fieldErrors: Record<string, string>;
  /** The response rule that took this response over (redirect, dialog), if any. */
  readonly reason: ResponseReason | undefined;
  readonly canceled: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.data = init.data;
    this.path = init.path;
    this.firstError = init.firstError;
    this.fieldErrors = init.fieldErrors ?? {};
    this.reason = init.reason;
    this.canceled = init.canceled ?? false;
  }

  /** True when the user has already been told (redirect, dialog) or nothing should be said. */
  get handled(): boolean {
    return this.reason !== undefined || this.canceled;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
