/**
 * Permission calls (portal-core sections 6 and 7):
 *   GET    /users/permissions        the caller's permissions
 *   POST   /roles/user/{id}          roles, direct_permissions, role_permissions, user_access_permissions
 *   GET    /users/access/{id}        the user's access grants and removals, and what can be granted
 *   POST   /users/access/{id}        add or change grants
 *   PUT    /users/set/access/{id}    replace all grants
 *   DELETE /users/access/{id}        reset (all, or ?permission=name / {permissions: [...]})
 * Anyone reads their own; reading another user needs a read permission, writing a manage one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../../engine/core/permissions.ts';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { pathId, requireAnyPermission, requireSignedIn } from '../auth/guards.ts';
import type { Db } from '../auth/tables.ts';
import { findUserById } from '../auth/users.ts';
import { checkGrantable, parseAccessBody } from './access-input.ts';
import { insertAccess, removeAccess } from './access-store.ts';
import { permissionBreakdown, readAccess, type AccessEntry } from './breakdown.ts';

/** Who may read another user's permissions and access. */
export const READ_ACCESS_PERMISSIONS = ['access_users', 'manage_user_access', 'manage_users', 'admin_system'] as const;
/** Who may change a user's access. */
export const MANAGE_ACCESS_PERMISSIONS = ['manage_user_access', 'manage_users', 'admin_system'] as const;

export interface PermissionsContext {
  db: Db;
  manifest: Manifest;
}

export function permissionRoutes(app: FastifyInstance, { db, manifest }: PermissionsContext): void {
  /** The target user id, after checking the caller may read it (themselves, or with a read permission). */
  async function readable(request: FastifyRequest): Promise<number> {
    const caller = requireSignedIn(request);
    const id = pathId((request.params as { id: string }).id);
    if (id !== caller.id && !READ_ACCESS_PERMISSIONS.some((p) => can(caller, p))) throw new HttpError(403, 'forbidden');
    if (!(await findUserById(db, manifest, id))) throw notFound();
    return id;
  }

  async function writable(
    request: FastifyRequest,
  ): Promise<{ id: number; caller: ReturnType<typeof requireSignedIn> }> {
    const caller = requireAnyPermission(request, MANAGE_ACCESS_PERMISSIONS);
    const id = pathId((request.params as { id: string }).id);
    if (!(await findUserById(db, manifest, id))) throw notFound();
    return { id, caller };
  }

  async function accessAnswer(id: number) {
    return {
      data: await readAccess(db, manifest, id),
      available: Object.values(manifest.permissions)
        .filter((p) => !p.special)
        .map((p) => ({ name: p.name, label: p.label })),
    };
  }

  /** Runs a change to a user's access with its log entry, in one transaction. */
  async function change(request: FastifyRequest, id: number, action: string, write: (trx: Db) => Promise<void>) {
    await db.transaction().execute(async (trx) => {
      await write(trx);
      await recordAccess(trx, manifest, {
        user: request.user,
        action,
        resource: 'user_access',
        recordId: id,
        ip: request.ip,
      });
    });
  }

  app.get('/users/permissions', async (request) => {
    const user = requireSignedIn(request);
    return { permissions: user.permissions, roles: user.roles };
  });

  app.post('/roles/user/:id', async (request) => permissionBreakdown(db, manifest, await readable(request)));

  app.get('/users/access/:id', async (request) => accessAnswer(await readable(request)));

  app.post('/users/access/:id', async (request, reply) => {
    const { id, caller } = await writable(request);
    const entries = parseAccessBody(request.body);
    checkGrantable(manifest, caller, entries);
    await change(request, id, 'update', async (trx) => {
      await removeAccess(
        trx,
        manifest,
        id,
        entries.map((e) => e.permission),
      );
      await insertAccess(trx, manifest, id, entries);
    });
    reply.status(201);
    return accessAnswer(id);
  });

  app.put('/users/set/access/:id', async (request) => {
    const { id, caller } = await writable(request);
    const entries = parseAccessBody(request.body);
    // Replacing also removes grants: the caller must be able to touch those as well.
    const current = await readAccess(db, manifest, id);
    checkGrantable(manifest, caller, [
      ...entries,
      ...current.filter((c) => !entries.some((e) => e.permission === c.permission)),
    ]);
    await change(request, id, 'update', async (trx) => {
      await removeAccess(trx, manifest, id);
      await insertAccess(trx, manifest, id, entries);
    });
    return accessAnswer(id);
  });

  app.delete('/users/access/:id', async (request) => {
    const { id, caller } = await writable(request);
    const named = namedPermissions(request);
    const targets: AccessEntry[] = named
      ? named.map((permission) => ({ permission, allowed: true }))
      : await readAccess(db, manifest, id);
    checkGrantable(
      manifest,
      caller,
      targets.filter((t) => Object.hasOwn(manifest.permissions, t.permission)),
    );
    await change(request, id, 'delete', async (trx) => {
      await removeAccess(trx, manifest, id, named);
    });
    return accessAnswer(id);
  });
}

/** DELETE's optional selection: ?permission=a or a body {permissions: [...]} / {permission}. */
function namedPermissions(request: FastifyRequest): string[] | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.permission === 'string' && query.permission) return [query.permission];
  const body = request.body;
  if (body && typeof body === 'object' && ('permissions' in body || 'permission' in body)) {
    return parseAccessBody(body).map((e) => e.permission);
  }
  return undefined;
}
