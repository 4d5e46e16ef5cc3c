/**
 * Test helpers for the core: a scripted axios adapter (no network, no axios-mock-adapter)
 * and a user factory.
 */
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { SessionUser } from '../../../engine/core/index.ts';

export interface Reply {
  status: number;
  data?: unknown;
}

export interface RecordedRequest {
  method: string;
  url: string;
  baseURL: string | undefined;
  headers: Record<string, unknown>;
  data: unknown;
  timeout: number | undefined;
}

/** An adapter answering from `handler`; non-2xx answers reject like axios' own adapters. */
export function scriptedAdapter(handler: (request: RecordedRequest) => Reply | Error) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: String(config.method),
      url: String(config.url),
      baseURL: config.baseURL,
      headers: AxiosHeaders.from(config.headers).toJSON(),
      data: config.data,
      timeout: config.timeout,
    };
    requests.push(request);
    const reply = handler(request);
    if (reply instanceof Error) throw new AxiosError(reply.message, 'ERR_NETWORK', config);
    const response: AxiosResponse = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data,
      headers: {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response);
  };
  return { adapter, requests };
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Mona Adel',
    type: { name: 'Student', type: 3 },
    permissions: ['access_student'],
    ...overrides,
  };
}

export function makeApplicant(): SessionUser {
  return {
    id: 90,
    name: 'Omar Applicant',
    type: { name: 'Applicant', type: 5 },
    applicant: { id: 1234, applicant_type_id: 4, secret: 's3cr3t' },
  };
}

export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
