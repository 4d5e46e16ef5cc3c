/**
 * Refusals of the registration calls: a message key of messages.ts (or a core one: a malformed
 * id, a field left empty, not allowed) with parameters that may
 * themselves be English/Arabic pairs (a course name, a day), answered as
 * `{error, errors: {field: [error]}, code}` in the caller's language. The registration client
 * shows the first entry of `errors` (portal-core section 8); `code` lets programs tell them apart.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LocalText } from '../../../generator/manifest-types.ts';
import { requestLanguage } from '../../http/language.ts';
import { MESSAGES, type MessageKey } from '../../http/messages.ts';

export type Param = string | number | LocalText;
export type Params = Record<string, Param>;

export class Refusal extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: Params = {},
    readonly status = 422,
    readonly field = 'offering_id',
  ) {
    super(code);
    this.name = 'Refusal';
  }
}

export type Lang = 'en' | 'ar';

export function langOf(request: FastifyRequest): Lang {
  return requestLanguage(request) === 'ar' ? 'ar' : 'en';
}

export function say(code: MessageKey, params: Params, lang: Lang): string {
  const local = MESSAGES[code] as { en: string; ar?: string };
  const text = local[lang] ?? local.en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? (value[lang] ?? value.en) : String(value);
  });
}

/** The refusal as the caller reads it. */
export function refusalBody(refusal: Refusal, lang: Lang) {
  const error = say(refusal.code, refusal.params, lang);
  return { error, errors: { [refusal.field]: [error] }, code: refusal.code };
}

export function sendRefusal(reply: FastifyReply, refusal: Refusal, lang: Lang) {
  if (refusal.status === 503) reply.header('retry-after', '1');
  return reply.status(refusal.status).send(refusalBody(refusal, lang));
}

/** Both languages, for lists that show a problem beside an offering. */
export function problem(refusal: Refusal, lang: Lang) {
  return { code: refusal.code, message: say(refusal.code, refusal.params, lang) };
}
