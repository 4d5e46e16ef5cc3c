/**
 * The workflow's one route, for every entity with a workflow: POST /{resource}/{id}/step/{action}
 * with the step's form as the body. Create, change, cancel and details are the generic resource
 * calls, which consult the workflow themselves (resources/operations.ts). Also starts the mailer
 * of the notices and the listener that marks a record paid when its fee's invoice is paid.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import type { ServerConfig } from '../config.ts';
import { onInvoicePaid } from '../domains/finance/ledger.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { createMailer, mailConfigFrom, type MailMessage } from '../mail/mailer.ts';
import { recordAccess } from '../resources/access-log.ts';
import { applyScope, rowScope } from '../resources/access.ts';
import { exposedEntity, visibleColumns } from '../resources/entity-info.ts';
import { parseId } from '../resources/routes.ts';
import { sendQueued, setNoticeMailer } from './mail.ts';
import { takeStep } from './operations.ts';
import { markPaid } from './paid.ts';

export interface WorkflowPluginOptions {
  db: Kysely<any>;
  manifest: Manifest;
  config: ServerConfig;
}

export async function workflowRoutes(app: FastifyInstance, { db, manifest, config }: WorkflowPluginOptions) {
  if (!Object.values(manifest.entities).some((e) => e.workflow)) return;
  const mailer = createMailer(mailConfigFrom(config));
  setNoticeMailer(manifest, mailer);
  const stop = onInvoicePaid((trx, invoice) => markPaid(trx as never, manifest, invoice));
  app.addHook('onClose', async () => {
    stop();
    mailer.close();
  });

  app.post<{ Params: { resource: string; id: string; action: string } }>(
    '/:resource/:id/step/:action',
    async (request) => {
      const entity = exposedEntity(manifest, request.params.resource);
      if (!entity?.workflow) throw new HttpError(404, 'unknown_resource', { resource: request.params.resource });
      if (request.user.id === null) throw new HttpError(401, 'unauthenticated');
      const id = parseId(request.params.id)!;
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'body_not_object');
      const mails: MailMessage[] = [];
      const data = await db.transaction().execute(async (trx) => {
        let query = trx.selectFrom(entity.table).selectAll().where('id', '=', id).forUpdate();
        if (entity.softDelete) query = query.where('deleted_at', 'is', null);
        const stored = await applyScope(query, rowScope(request.user, entity)).executeTakeFirst();
        if (!stored) throw notFound();
        const user = request.user;
        await takeStep({ trx, m: manifest, entity, user, mails }, stored, request.params.action, body);
        await recordAccess(trx, manifest, {
          user,
          action: request.params.action,
          resource: entity.name,
          recordId: id,
          ip: request.ip ?? null,
        });
        return trx
          .selectFrom(entity.table)
          .select(visibleColumns(entity, user))
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      });
      await sendQueued(manifest, mails);
      return { data };
    },
  );
}
