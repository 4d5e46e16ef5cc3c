/**
 * The system domain (see routes.ts): everything under /api/sis, and the calls the admission
 * site makes under /api. Registered with prefix ''.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';
import { publicSystemRoutes, systemRoutes } from './routes.ts';

export const systemDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest }) => {
  await app.register(async (sis) => systemRoutes(sis, { db, manifest }), { prefix: '/api/sis' });
  await app.register(async (admission) => publicSystemRoutes(admission, { db, manifest }), { prefix: '/api' });
};
