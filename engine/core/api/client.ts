/**
 * The API client on axios (portal-core section 7, admission-and-grid section 7).
 *
 * Requests: base '/api/sis' ('/api' with `admission: true`), timeout 150000000 ms, headers
 * `page-url` (the current address), `Authorization: Bearer <token>` when a token is stored,
 * `Content-Type: application/json` unless the body is form data or a file.
 * Responses: the rules of ./rules.ts; a success returns the body; a failure, or a success
 * that a redirect rule took over, rejects with an ApiError.
 * The rules apply to calls made through the client's methods; `axios` is the bare instance.
 */
import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { RouteTarget } from '../routes.ts';
import type { SessionUser } from '../session.ts';
import { CORE_TEXTS, localize } from '../text.ts';
import { errorToast, type ToastDescriptor } from '../toasts.ts';
import { ApiError } from './api-error.ts';
import { errorMessage, fieldErrors, firstError } from './errors.ts';
import { decideResponse, normalizePath, surfacesFirstError, type DialogRequest } from './rules.ts';

export const API_BASE = '/api/sis';
export const ADMISSION_API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 150_000_000;

/** The only-payments flag the payments rule sets and every other response clears. */
export interface OnlyPaymentsFlag {
  get(): boolean;
  set(value: boolean): void;
}

export interface ApiClientOptions {
  getToken: () => string | undefined;
  getUser: () => SessionUser | null;
  getLocale: () => string;
  /** The current page address; default `location.href` in a browser, else ''. */
  getPageUrl?: () => string;
  onRedirect: (to: RouteTarget) => void;
  onDialog: (dialog: DialogRequest) => void;
  /** When given, failed calls not handled by a rule are toasted (opt out per call: `toast: false`). */
  onToast?: (toast: ToastDescriptor) => void;
  flags: { onlyPayments: OnlyPaymentsFlag };
  baseUrl?: string;
  admissionBaseUrl?: string;
  /** A custom axios adapter (tests, server-side rendering). */
  adapter?: AxiosAdapter;
}

export type ApiRequestConfig = Omit<AxiosRequestConfig, 'url' | 'method' | 'data' | 'baseURL'> & {
  /** Use the admission base '/api' instead of '/api/sis'. */
  admission?: boolean;
  /** false: never toast this call's error (forms showing field errors themselves). */
  toast?: boolean;
  /** Called with a successful answer's headers (a download reads the file name the server gives). */
  onHeaders?: (headers: Readonly<Record<string, unknown>>) => void;
};

export interface ApiClient {
  request<T = unknown>(method: string, path: string, data?: unknown, config?: ApiRequestConfig): Promise<T>;
  get<T = unknown>(path: string, config?: ApiRequestConfig): Promise<T>;
  delete<T = unknown>(path: string, config?: ApiRequestConfig): Promise<T>;
  post<T = unknown>(path: string, data?: unknown, config?: ApiRequestConfig): Promise<T>;
  put<T = unknown>(path: string, data?: unknown, config?: ApiRequestConfig): Promise<T>;
  readonly axios: AxiosInstance;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE;
  const admissionBaseUrl = options.admissionBaseUrl ?? ADMISSION_API_BASE;
  const getPageUrl = options.getPageUrl ?? defaultPageUrl;
  const instance = axios.create({
    baseURL: baseUrl,
    timeout: REQUEST_TIMEOUT_MS,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    config.headers.set('page-url', getPageUrl());
    const token = options.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (!isBinaryBody(config.data)) config.headers.set('Content-Type', 'application/json');
    return config;
  });

  async function request<T>(method: string, path: string, data?: unknown, config: ApiRequestConfig = {}): Promise<T> {
    const { admission, toast, onHeaders, ...axiosConfig } = config;
    const facts = () => ({
      method,
      path,
      user: options.getUser(),
      token: options.getToken(),
      locale: options.getLocale(),
    });
    let body: unknown;
    try {
      const response = await instance.request({
        ...axiosConfig,
        method,
        url: path,
        data,
        baseURL: admission ? admissionBaseUrl : baseUrl,
      });
      body = response.data;
      onHeaders?.(Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])));
      const decision = apply({ ...facts(), status: response.status, data: body });
      if (decision.reason) {
        throw new ApiError({
          message: decision.dialog?.text ?? '',
          status: response.status,
          data: body,
          path: normalizePath(path),
          reason: decision.reason,
        });
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const apiError = await toApiError(error, facts());
      if (options.onToast && toast !== false && !apiError.handled) {
        options.onToast(errorToast(apiError.message, { locale: options.getLocale() }));
      }
      throw apiError;
    }
    return body as T;
  }

  function apply(facts: Parameters<typeof decideResponse>[0]) {
    const decision = decideResponse(facts);
    if (decision.onlyPayments !== 'keep') options.flags.onlyPayments.set(decision.onlyPayments === 'set');
    if (decision.dialog) options.onDialog(decision.dialog);
    if (decision.redirect) options.onRedirect(decision.redirect);
    return decision;
  }

  async function toApiError(
    error: unknown,
    facts: Omit<Parameters<typeof decideResponse>[0], 'status' | 'data'>,
  ): Promise<ApiError> {
    const { locale } = facts;
    const path = normalizePath(facts.path);
    const fallback = localize(CORE_TEXTS.tryAgain, locale);
    if (axios.isCancel(error)) {
      return new ApiError({ message: fallback, path, canceled: true, cause: error });
    }
    const response = error instanceof AxiosError ? error.response : undefined;
    if (!response) return new ApiError({ message: fallback, path, cause: error });

    const data = await readErrorBody(response.data);
    const decision = apply({ ...facts, status: response.status, data });
    const first = surfacesFirstError(path) ? firstError(data, locale) : undefined;
    return new ApiError({
      message: first ?? errorMessage(data, locale) ?? decision.dialog?.text ?? fallback,
      status: response.status,
      data,
      path,
      firstError: first,
      fieldErrors: fieldErrors(data, locale),
      reason: decision.reason,
      cause: error,
    });
  }

  return {
    request,
    get: (path, config) => request('get', path, undefined, config),
    delete: (path, config) => request('delete', path, undefined, config),
    post: (path, data, config) => request('post', path, data, config),
    put: (path, data, config) => request('put', path, data, config),
    axios: instance,
  };
}

/** An in-memory only-payments flag with change listeners (for a React external store). */
export function createOnlyPaymentsFlag(
  initial = false,
): OnlyPaymentsFlag & { subscribe(listener: () => void): () => void } {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function defaultPageUrl(): string {
  return typeof location !== 'undefined' ? location.href : '';
}

/** A failed blob download (exports, PDFs) carries its JSON error body as a Blob: read it. */
async function readErrorBody(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob) || !/json/i.test(data.type)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return data;
  }
}

function isBinaryBody(data: unknown): boolean {
  return (
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}
