/**
 * Headers every answer carries: no framing by another site (clickjacking), no content sniffing,
 * a Content-Security-Policy on pages, and no caching of an answer given to a signed-in caller
 * (a shared or back-button cache must not keep one person's grades for the next).
 *
 * The policy fits what the built client needs: its own scripts and fonts only (the build has no
 * inline script), inline styles (Emotion and the splash screen write <style> elements), images
 * from data: and blob: URLs (QR codes, photo previews), blob: workers (the grid's import). The
 * sandbox payment page (inline <style>, a form posting to us) fits it too.
 *
 * 'unsafe-eval' is there because the forms check values in the browser with Ajv, which compiles
 * each form's JSON Schema into a function (new Function): without it every form refuses to
 * submit. Inline and foreign scripts stay refused, so an injected <script> still does not run;
 * the strings evaluated are code Ajv writes from our own schemas.
 */
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const CREDENTIAL_HEADERS = ['authorization', 'x-applicant-secret'];

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    const credentialed = CREDENTIAL_HEADERS.some((name) => request.headers[name] !== undefined);
    if (credentialed || (request.user && request.user.id !== null)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
