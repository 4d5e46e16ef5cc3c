/** The permissions domain under /api/sis (see routes.ts). */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';
import { permissionRoutes } from './routes.ts';

export const permissionsDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest }) => {
  permissionRoutes(app, { db, manifest });
};
