/**
 * One place that turns every thrown thing into an answer:
 *  - our HttpError / ValidationError: their status, translated;
 *  - Fastify's own client errors (bad JSON, wrong content type, too large...): 4xx, translated;
 *  - database errors a client can cause (a malformed value, a unique or reference violation
 *    that slipped past the checks): 4xx;
 *  - anything else is a server fault: logged with the request id and answered 500.
 * A client mistake never becomes a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from './errors.ts';
import { requestLanguage } from './language.ts';
import { translate, type Language, type MessageKey, type MessageParams } from './messages.ts';

const FASTIFY_CODES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_VALIDATION: 'bad_request',
  FST_ERR_NOT_FOUND: 'unknown_route',
};

/** Postgres SQLSTATE classes a client's values can trigger (data exceptions, integrity). */
const PG_CLIENT_ERRORS: Array<[RegExp, number, MessageKey]> = [
  [/^22/, 400, 'invalid_value'],
  [/^23505$/, 422, 'unique'],
  [/^23503$/, 409, 'in_use'],
  [/^23502$/, 422, 'required'],
  [/^23514$/, 422, 'invalid_value'],
];

export function registerErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => handleError(error, request, reply, bodyLimit));
}

export function sendError(reply: FastifyReply, status: number, language: Language, key: MessageKey, params?: MessageParams, extra?: Record<string, unknown>) {
  return reply.status(status).send({ ...extra, error: translate({ key, params }, language) });
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, bodyLimit: number) {
  const language = requestLanguage(request);
  if (error instanceof ValidationError) {
    const errors: Record<string, string[]> = {};
    // Two checks may say the same thing (a type's format and a rule): say it once.
    for (const [field, messages] of Object.entries(error.fields)) errors[field] = [...new Set(messages.map((m) => translate(m, language)))];
    return reply.status(422).send({ errors, message: translate({ key: 'validation_failed' }, language) });
  }
  if (error instanceof HttpError) return sendError(reply, error.statusCode, language, error.messageKey, error.params, error.extra);

  const fastifyKey = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (fastifyKey) {
    const params: MessageParams = {
      type: String(request.headers['content-type'] ?? '').split(';')[0] || '-',
      limit: formatBytes(bodyLimit),
    };
    return sendError(reply, error.statusCode ?? 400, language, fastifyKey, params);
  }

  const sqlState = (error as { code?: string }).code;
  if (typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState)) {
    const match = PG_CLIENT_ERRORS.find(([pattern]) => pattern.test(sqlState));
    if (match) {
      request.log.info({ sqlState, detail: (error as { detail?: string }).detail }, 'database refused a client value');
      return sendError(reply, match[1], language, match[2]);
    }
  }

  // Other 4xx raised by plugins (rate limit, multipart, cookie): keep their status, say it plainly.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (status === 429) return sendError(reply, 429, language, 'too_many_requests');
    return reply.status(status).send({ error: error.message || translate({ key: 'bad_request' }, language) });
  }

  request.log.error({ err: error }, 'server fault');
  return sendError(reply, 500, language, 'server_error');
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
