/**
 * The caller's language: the `language` cookie (the user's explicit choice in the portal)
 * wins over Accept-Language (the browser's default); English when neither names one we speak.
 */
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { SUPPORTED_LANGUAGES, type Language } from './messages.ts';

const SUPPORTED = new Set<string>(SUPPORTED_LANGUAGES);

export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.language?.toLowerCase().slice(0, 2);
  if (cookie && SUPPORTED.has(cookie)) return cookie as Language;
  return fromAcceptLanguage(request.headers['accept-language']) ?? 'en';
}

export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header.split(',').map((part, index) => {
    const [tag = '', ...attrs] = part.trim().split(';');
    const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
    return { lang: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) || 0 : 1, index };
  });
  ranked.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((r) => r.q > 0 && SUPPORTED.has(r.lang))?.lang as Language | undefined;
}
