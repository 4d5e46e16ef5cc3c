/**
 * The registration writes' busy rule (engine/react/pages/registration/retry.ts): one
 * Idempotency-Key for every attempt of a click, retries while the server answers 503 or 429
 * (Retry-After honoured), the busy attempt reported and cleared, other errors passed on at once.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../engine/core/api/api-error.ts';
import { isBusy, pauseMs, writeWithRetry } from '../../../engine/react/pages/registration/retry.ts';

function failing(status: number, retryAfter?: string) {
  return new ApiError({
    message: status === 422 ? 'There is no available capacity' : 'busy',
    status,
    path: '/registrations/students/request-offering',
    cause: { response: { headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } } },
  });
}

function fakeApi(answers: Array<ApiError | unknown>) {
  const calls: Array<{ method: string; path: string; body: unknown; key: string }> = [];
  return {
    calls,
    async request<T>(
      method: string,
      path: string,
      body?: unknown,
      config?: { headers?: Record<string, string> },
    ): Promise<T> {
      calls.push({ method, path, body, key: config?.headers?.['Idempotency-Key'] ?? '' });
      const answer = answers.shift();
      if (answer instanceof ApiError) throw answer;
      return answer as T;
    },
  };
}

describe('registration writes under load', () => {
  it('retries 503 and 429 with the same Idempotency-Key, reports the busy attempts, then returns the answer', async () => {
    const api = fakeApi([failing(503, '1'), failing(429), failing(503, '2'), { data: { id: 7 } }]);
    const busy: number[] = [];
    const pauses: number[] = [];
    const answer = await writeWithRetry(
      api,
      'put',
      '/registrations/students/request-offering',
      { offering_id: 3 },
      {
        onBusy: (n) => busy.push(n),
        sleep: async (ms) => void pauses.push(ms),
      },
    );
    expect(answer).toEqual({ data: { id: 7 } });
    expect(api.calls).toHaveLength(4);
    expect(new Set(api.calls.map((c) => c.key)).size).toBe(1);
    expect(api.calls[0]!.key).toMatch(/^[\w-]{8,}$/);
    expect(busy).toEqual([1, 2, 3, 0]);
    expect(pauses[0]).toBeGreaterThanOrEqual(1000); // Retry-After: 1
    expect(pauses[0]).toBeLessThan(1300);
    expect(pauses[2]).toBeGreaterThanOrEqual(2000); // Retry-After: 2
  });

  it('a refusal is not retried: the first answer is passed on, and the busy state cleared', async () => {
    const api = fakeApi([failing(422)]);
    const busy: number[] = [];
    await expect(
      writeWithRetry(api, 'put', '/x', {}, { onBusy: (n) => busy.push(n), sleep: async () => undefined }),
    ).rejects.toThrow('There is no available capacity');
    expect(api.calls).toHaveLength(1);
    expect(busy).toEqual([0]);
  });

  it('gives up after the attempt limit with the last busy error', async () => {
    const api = fakeApi(Array.from({ length: 5 }, () => failing(503)));
    const error = await writeWithRetry(api, 'put', '/x', {}, { maxAttempts: 3, sleep: async () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(isBusy(error)).toBe(true);
    expect(api.calls).toHaveLength(3);
  });

  it('two clicks are two requests with two keys (the page guards against the double click itself)', async () => {
    const api = fakeApi([{ ok: 1 }, { ok: 2 }]);
    await writeWithRetry(api, 'put', '/x', {});
    await writeWithRetry(api, 'put', '/x', {});
    expect(api.calls[0]!.key).not.toBe(api.calls[1]!.key);
  });

  it('pauses grow without Retry-After and stay under five seconds', () => {
    const mid = () => 0.5;
    expect(pauseMs(1, undefined, mid)).toBe(500);
    expect(pauseMs(2, undefined, mid)).toBe(1000);
    expect(pauseMs(10, undefined, mid)).toBe(5000);
    expect(pauseMs(1, '60', () => 0)).toBe(5000);
  });
});
