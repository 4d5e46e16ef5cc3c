/** Refusals of the sign-in domain, translated into the caller's language like the core's errors. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../http/language.ts';
import { translate, type MessageParams } from '../../http/messages.ts';
import { ValidationError } from '../../http/errors.ts';
import { AUTH_TEXT, type AuthTextKey } from './messages.ts';

export function authText(request: FastifyRequest, key: AuthTextKey, params?: MessageParams): string {
  return translate({ text: AUTH_TEXT[key], params }, requestLanguage(request));
}

/** Answers `{error: text}` with the status (401 wrong credentials, 403 refused, 404, 429...). */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: AuthTextKey,
  params?: MessageParams,
) {
  return reply.status(status).send({ error: authText(request, key, params) });
}

/** A 422 `{errors: {field: [text]}}`, through the core's error handler. */
export function fieldError(field: string, key: AuthTextKey, params?: MessageParams): ValidationError {
  return ValidationError.single(field, { text: AUTH_TEXT[key], params });
}
