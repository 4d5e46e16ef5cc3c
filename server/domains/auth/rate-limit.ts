/**
 * Rate limits of the sign-in calls (login, forgot password, reset password), per client
 * address and email, with @fastify/rate-limit's store. Checked inside the handler, after the
 * body is parsed, so the email is part of the key and the refusal is a translated 429.
 * AUTH_RATE_LIMIT_MAX (default 10) attempts per AUTH_RATE_LIMIT_WINDOW_MS (default 60000).
 * The store is in memory: with several instances each counts its own attempts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { refuse } from './respond.ts';

export interface RateLimitSettings {
  max: number;
  windowMs: number;
}

export function rateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const max = Number(env.AUTH_RATE_LIMIT_MAX);
  const windowMs = Number(env.AUTH_RATE_LIMIT_WINDOW_MS);
  return {
    max: Number.isInteger(max) && max > 0 ? max : 10,
    windowMs: Number.isInteger(windowMs) && windowMs > 0 ? windowMs : 60_000,
  };
}

/** Returns true when the request may go on; otherwise it has answered 429. */
export type AttemptGuard = (request: FastifyRequest, reply: FastifyReply, email: string) => Promise<boolean>;

/**
 * Registers the store in `app` (an encapsulated domain plugin) and returns the guard of a call
 * name, one per name: the same call served under two prefixes shares one count.
 */
export async function attemptLimiter(app: FastifyInstance, settings: RateLimitSettings): Promise<(call: string) => AttemptGuard> {
  if (!app.hasDecorator('createRateLimit')) await app.register(rateLimit, { global: false });
  const guards = new Map<string, AttemptGuard>();
  return (call) => {
    const known = guards.get(call);
    if (known) return known;
    const check = app.createRateLimit({
      max: settings.max,
      timeWindow: settings.windowMs,
      keyGenerator: (request) => `${call}|${request.ip}|${(request as { attemptEmail?: string }).attemptEmail ?? ''}`,
    });
    const guard: AttemptGuard = async (request, reply, email) => {
      (request as { attemptEmail?: string }).attemptEmail = email.trim().toLowerCase();
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return true;
      reply.header('retry-after', result.ttlInSeconds);
      await refuse(request, reply, 429, 'too_many_attempts', { seconds: result.ttlInSeconds });
      return false;
    };
    guards.set(call, guard);
    return guard;
  };
}
