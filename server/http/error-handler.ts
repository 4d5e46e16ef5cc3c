/**
 * One place that turns every thrown thing into an answer:
 *  - our HttpError / ValidationError: their status, translated;
 *  - Fastify's own client errors (bad JSON, wrong content type, too large...): 4xx, translated;
 *  - database errors a client can cause (a malformed value, a unique or reference violation
 *    that slipped past the checks): 4xx; a reference to a row that does not exist is a field
 *    error (422), a delete of a row others still refer to is 409;
 *  - Fastify's errors raised before any route or hook (a malformed URL): the same, through
 *    `frameworkErrorHandler` (Fastify's `frameworkErrors` option);
 *  - anything else is a server fault: logged with the request id and answered 500.
 * A client mistake never becomes a 500.
 */
import { formatByteSize } from '../../engine/core/file-types.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, TextError, ValidationError } from './errors.ts';
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
  // Raised before routing (frameworkErrors): a bad %-escape, a path parameter over maxParamLength.
  FST_ERR_BAD_URL: 'bad_url',
  FST_ERR_INVALID_URL: 'bad_url',
  FST_ERR_MAX_PARAM_LENGTH: 'url_too_long',
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: 'bad_request',
  FST_ERR_ROUTE_MISSING_CONTENT: 'bad_request',
};

/** Postgres SQLSTATE classes a client's values can trigger (data exceptions, integrity). */
const PG_CLIENT_ERRORS: Array<[RegExp, number, MessageKey]> = [
  [/^22/, 400, 'invalid_value'],
  [/^23505$/, 422, 'unique'],
  // 23503 is told apart first (foreignKeyError): a missing referenced row is a field error.
  [/^23503$/, 409, 'in_use'],
  [/^23502$/, 422, 'required'],
  [/^23514$/, 422, 'invalid_value'],
];

export function registerErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => handleError(error, request, reply, bodyLimit));
}

/**
 * Fastify's `frameworkErrors` option: errors found before routing (a malformed URL), which
 * the error handler never sees. No hook has run, not even the cookie parser: the language
 * cookie is read here.
 */
export function frameworkErrorHandler(bodyLimit: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!request.cookies && request.headers.cookie && typeof request.server.parseCookie === 'function') {
      try {
        request.cookies = request.server.parseCookie(request.headers.cookie);
      } catch {
        /* no cookie: Accept-Language */
      }
    }
    return handleError(error, request, reply, bodyLimit);
  };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  language: Language,
  key: MessageKey,
  params?: MessageParams,
  extra?: Record<string, unknown>,
) {
  return reply.status(status).send({ ...extra, error: translate({ key, params }, language) });
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, bodyLimit: number) {
  const language = requestLanguage(request);
  if (error instanceof ValidationError) {
    const errors: Record<string, string[]> = {};
    // Two checks may say the same thing (a type's format and a rule): say it once.
    for (const [field, messages] of Object.entries(error.fields))
      errors[field] = [...new Set(messages.map((m) => translate(m, language)))];
    return reply.status(422).send({ errors, message: translate({ key: 'validation_failed' }, language) });
  }
  if (error instanceof TextError)
    return reply.status(error.statusCode).send({ error: translate({ text: error.text }, language) });
  if (error instanceof HttpError)
    return sendError(reply, error.statusCode, language, error.messageKey, error.params, error.extra);

  const fastifyKey = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (fastifyKey) {
    // A route with a limit of its own says it (a 5 MB attachment route is not a 1 MB route);
    // one that carries a file inside its JSON names the file's limit, which is what its user chose.
    const routeLimit = request.routeOptions?.bodyLimit ?? bodyLimit;
    const fileLimit = (request.routeOptions?.config as { fileLimit?: number } | undefined)?.fileLimit;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && fileLimit)
      return sendError(reply, 413, language, 'upload_too_large', { limit: formatByteSize(fileLimit) });
    const params: MessageParams = {
      type: String(request.headers['content-type'] ?? '').split(';')[0] || '-',
      limit: formatByteSize(routeLimit),
    };
    return sendError(reply, error.statusCode ?? 400, language, fastifyKey, params);
  }

  const sqlState = (error as { code?: string }).code;
  if (sqlState === '23503') {
    const missing = foreignKeyError(error);
    if (missing) {
      request.log.info(
        { sqlState, detail: (error as { detail?: string }).detail },
        'database refused a missing reference',
      );
      if (!missing.field) return sendError(reply, 422, language, 'ref_missing');
      return reply.status(422).send({
        errors: { [missing.field]: [translate({ key: 'ref_missing' }, language)] },
        message: translate({ key: 'validation_failed' }, language),
      });
    }
  }
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

/**
 * A foreign key violation by an INSERT or UPDATE of the referencing row: the row it names does
 * not exist ('Key (student_id)=(9) is not present in table "students".'). Answers the column,
 * when the detail names exactly one. Null for the other kind (a DELETE, or an UPDATE of the
 * key, of a row others still refer to: 'is still referenced from table'), which stays 409 in_use.
 */
export function foreignKeyError(error: unknown): { field: string | null } | null {
  const { detail, message } = error as { detail?: unknown; message?: unknown };
  const text = typeof detail === 'string' ? detail : '';
  const insertOrUpdate =
    /is not present in table/.test(text) ||
    (!text && typeof message === 'string' && /^insert or update on table/.test(message));
  if (!insertOrUpdate) return null;
  const columns = /^Key \((.+?)\)=\(/.exec(text)?.[1];
  if (!columns || columns.includes(',')) return { field: null };
  return { field: columns.trim().replace(/^"(.*)"$/, '$1') };
}
