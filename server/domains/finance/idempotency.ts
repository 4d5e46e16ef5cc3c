/**
 * Idempotency-Key for paying calls. The key row is inserted in the same database transaction
 * as the money it guards: a concurrent call with the same key waits on the unique index
 * (PostgreSQL) or the single connection (PGlite) and then replays the stored answer; a call
 * that failed leaves no row, so its retry runs again. Keys are per user; a key used again for
 * another call or body is refused (422).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { jsonValue } from '../../db/json.ts';
import type { Db } from './codes.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 100) throw new HttpError(400, 'idempotency_key');
  return key;
}

/**
 * Runs `work` in one transaction, once per Idempotency-Key, and sends its answer (a replay
 * sends the first call's answer with the header idempotent-replayed). `after` runs after the
 * commit with the answer (a provider call that must not hold the transaction open).
 */
export async function idempotent(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  work: (trx: Db) => Promise<Answer>,
  after?: (answer: Answer) => Promise<Answer>,
): Promise<unknown> {
  const clientKey = idempotencyKey(request);
  let replayed = false;
  let answer = await db.transaction().execute(async (trx): Promise<Answer> => {
    if (!clientKey) return work(trx);
    const key = `${request.user.id ?? `a${request.user.applicant_id ?? 0}`}:${clientKey}`;
    const fingerprint = crypto
      .createHash('sha256')
      .update(`${scope}\n${request.method} ${request.url.split('?')[0]}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const inserted = await trx
      .insertInto('idempotency_keys')
      .values({ key, fingerprint })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const stored = await trx
        .selectFrom('idempotency_keys')
        .select(['status_code', 'response', 'fingerprint'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      // A key names one request: the same key with another call or body is a client mistake.
      if (stored.fingerprint !== fingerprint) throw new HttpError(422, 'idempotency_reused');
      replayed = true;
      return { status: Number(stored.status_code), body: stored.response };
    }
    const result = await work(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: result.status, response: jsonValue(result.body) })
      .where('id', '=', inserted.id)
      .execute();
    return result;
  });
  if (after) answer = await after(answer);
  if (replayed) reply.header('idempotent-replayed', 'true');
  reply.status(answer.status);
  return answer.body;
}
