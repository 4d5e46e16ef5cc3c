/**
 * The provider's side of the API: its signed callback, a status check, and the sandbox's hosted
 * page. The callback reads the raw body (the signature is over the exact bytes), so these
 * routes live in their own scope with their own body parsers.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { jsonDepthWithin, MAX_JSON_DEPTH } from '../../http/json-depth.ts';
import { requireSignedIn } from '../auth/guards.ts';
import type { DomainOptions } from '../index.ts';
import {
  applyEvent,
  checkProviderPayment,
  providerFor,
  sandboxAllowed,
  type EventOutcome,
} from './provider-payments.ts';
import { SIGNATURE_HEADER, callbackSecret } from './provider.ts';
import { sandboxRoutes } from './sandbox.ts';
import { installationSecret } from '../../secrets.ts';

export async function providerRoutes(app: FastifyInstance, { db, config }: DomainOptions): Promise<void> {
  // Keep the body as text: the signature is checked over it, then it is parsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    jsonDepthWithin(body as string)
      ? done(null, body)
      : done(new HttpError(400, 'json_too_deep', { limit: MAX_JSON_DEPTH })),
  );
  // The sandbox page's buttons post an empty HTML form.
  if (app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  // POST /payments/provider/callback: HMAC-SHA256 of the raw body in X-Signature.
  app.post('/payments/provider/callback', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers[SIGNATURE_HEADER];
    const provider = providerFor(db, config);
    const event = provider.verifyCallback(raw, Array.isArray(signature) ? signature[0] : signature);
    let outcome: EventOutcome | 'bad_signature' = 'bad_signature';
    if (event) outcome = await applyEvent(db, event);
    await db
      .insertInto('payment_callbacks')
      .values({
        provider: provider.name,
        reference: event?.reference ?? referenceOf(raw),
        event_id: event?.event_id ?? null,
        signature_valid: !!event,
        outcome,
        body: raw.slice(0, 4000),
        ip: request.ip ?? null,
      })
      .execute();
    if (!event) {
      request.log.warn({ ip: request.ip, reference: referenceOf(raw) }, 'payment callback refused: bad signature');
      return reply.status(401).send({ error: 'Bad signature' });
    }
    if (outcome === 'unknown' || outcome === 'mismatch') {
      request.log.warn({ reference: event.reference, outcome }, 'payment callback refused');
      return reply
        .status(422)
        .send({ error: outcome === 'unknown' ? 'Unknown payment' : 'Amount or currency differs', outcome });
    }
    return { data: { outcome } };
  });

  // GET /payments/provider/status/{reference}: asks the provider, applies what it reports.
  app.get<{ Params: { reference: string } }>('/payments/provider/status/:reference', async (request) => {
    const user = requireSignedIn(request);
    return { data: await checkProviderPayment(db, config, request.params.reference, user) };
  });

  if (sandboxAllowed(config))
    sandboxRoutes(app, db, callbackSecret(config), installationSecret(config.dataDir, 'sandbox-page'));
}

function referenceOf(raw: string): string | null {
  const match = /"reference"\s*:\s*"([^"]{1,120})"/.exec(raw);
  return match?.[1] ?? null;
}
