/**
 * The generic resource API (portal-core section 7) as a data table of routes. Each handler
 * resolves the resource and id, then calls one operation; nothing else happens here.
 * Registered under /api/sis. Domain plugins that need a more specific path (for example
 * GET /students/dashboard) win over these by Fastify's static-before-parametric routing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Kysely } from 'kysely';
import type { Entity, Manifest } from '../../generator/manifest-types.ts';
import { HttpError } from '../http/errors.ts';
import { exposedEntity } from './entity-info.ts';
import { deleteRow, getDetails, getRow, listRows, restoreRow, saveRow, type ResourceContext } from './operations.ts';
import { EntityValidator } from './validation.ts';

interface Params {
  resource: string;
  id?: string;
  type?: string;
}
interface Call {
  ctx: ResourceContext;
  entity: Entity;
  id: number | null;
  request: FastifyRequest<{ Params: Params }>;
  reply: FastifyReply;
}

interface RouteSpec {
  method: HTTPMethods;
  url: string;
  handler: (call: Call) => Promise<unknown>;
}

export const RESOURCE_ROUTES: RouteSpec[] = [
  { method: 'POST', url: '/:resource', handler: ({ ctx, entity, request }) => listRows(ctx, entity, request.body) },
  { method: 'GET', url: '/:resource/details/:id', handler: ({ ctx, entity, id }) => getDetails(ctx, entity, id!) },
  {
    method: 'GET',
    url: '/:resource/:id',
    handler: async ({ ctx, entity, id }) => ({ data: await getRow(ctx, entity, id!) }),
  },
  {
    // `type` names a view of the record in the original API; the generic answer is the row,
    // and a domain that gives a type meaning registers its own static route.
    method: 'GET',
    url: '/:resource/:id/:type',
    handler: async ({ ctx, entity, id, request }) => ({
      data: await getRow(ctx, entity, id!),
      meta: { type: request.params.type },
    }),
  },
  {
    method: 'PUT',
    url: '/:resource',
    handler: ({ ctx, entity, request, reply }) => save(ctx, entity, null, request.body, reply),
  },
  {
    method: 'PUT',
    url: '/:resource/:id',
    handler: ({ ctx, entity, id, request, reply }) => save(ctx, entity, id, request.body, reply),
  },
  {
    method: 'DELETE',
    url: '/:resource/:id',
    handler: async ({ ctx, entity, id }) => ({ data: await deleteRow(ctx, entity, id!) }),
  },
  {
    method: 'POST',
    url: '/:resource/restore/:id',
    handler: async ({ ctx, entity, id }) => ({ data: await restoreRow(ctx, entity, id!) }),
  },
];

async function save(ctx: ResourceContext, entity: Entity, id: number | null, body: unknown, reply: FastifyReply) {
  const { data, created } = await saveRow(ctx, entity, id, body ?? {});
  reply.status(created ? 201 : 200);
  return { data };
}

export function parseId(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^[1-9][0-9]{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new HttpError(400, 'invalid_id');
  return Number(raw);
}

export interface ResourcePluginOptions {
  db: Kysely<any>;
  manifest: Manifest;
  /** Root of the uploads store: a record deleted for good takes its files with it. */
  uploadsDir?: string;
}

export async function resourceRoutes(
  app: FastifyInstance,
  { db, manifest, uploadsDir }: ResourcePluginOptions,
): Promise<void> {
  const validator = new EntityValidator(manifest);
  validator.prepareAll();
  for (const spec of RESOURCE_ROUTES) {
    app.route<{ Params: Params }>({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        const entity = exposedEntity(manifest, request.params.resource);
        if (!entity) throw new HttpError(404, 'unknown_resource', { resource: request.params.resource });
        const id = parseId(request.params.id);
        const ctx: ResourceContext = {
          db,
          manifest,
          validator,
          user: request.user,
          ip: request.ip ?? null,
          uploadsDir,
        };
        return spec.handler({ ctx, entity, id, request, reply });
      },
    });
  }
}
