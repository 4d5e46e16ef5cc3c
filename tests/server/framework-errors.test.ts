/**
 * Errors Fastify finds before routing (frameworkErrors), which never reach the error handler:
 * a malformed URL (a bad %-escape) and a path parameter over the length limit. Answered in the
 * project's shape, {error: text}, in the caller's language (Accept-Language or the language
 * cookie), never Fastify's English {error: 'Bad Request', code: 'FST_ERR_BAD_URL', ...}.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, call, useServer } from './harness.ts';

describe.each(BACKENDS)('framework errors on $name', (backend) => {
  const t = useServer(backend);

  it('a malformed URL: 400 with a translated message', async () => {
    const en = await call(t.app, 'GET', '/api/sis/students/%zz');
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ error: 'The address of the request is not valid' });
    const ar = await call(t.app, 'GET', '/api/sis/students/%zz', { lang: 'ar' });
    expect(ar.status).toBe(400);
    expect(ar.body).toEqual({ error: 'عنوان الطلب غير صالح' });
    // The language cookie wins, though no hook (not even the cookie parser) has run.
    const cookie = await call(t.app, 'DELETE', '/api/sis/students/%E0%A4%A', { lang: 'en', cookie: 'language=ar' });
    expect(cookie.status).toBe(400);
    expect(cookie.body).toEqual({ error: 'عنوان الطلب غير صالح' });
  });

  it('a path parameter over the length limit: 414 with a translated message', async () => {
    const res = await call(t.app, 'GET', `/api/sis/students/${'1'.repeat(150)}`, { lang: 'ar' });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ error: 'جزء من عنوان الطلب طويل جدًا' });
    const en = await call(t.app, 'GET', `/api/sis/${'x'.repeat(150)}/1`);
    expect(en.body).toEqual({ error: 'A part of the address of the request is too long' });
  });
});
