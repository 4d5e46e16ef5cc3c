/**
 * The registration domain: course registration, advising, appointments, plans and seats
 * The calls are listed in ./README.md; the rules in rules.ts, the state machine in
 * lifecycle.ts, the atomic seat writes in seats.ts, the shared write path in service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';
import { advisorRoutes } from './advisor-routes.ts';
import { ensureFunctions } from './context.ts';
import { genericWriteRoutes } from './generic-writes.ts';
import { OLD_TAKE_SEAT, TAKE_SEAT_DDL } from './seats.ts';
import { planRoutes } from './plan-routes.ts';
import { createDomain } from './service.ts';
import { staffRoutes } from './staff-routes.ts';
import { studentRoutes } from './student-routes.ts';

export const registrationDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest }) => {
  await ensureFunctions(db, manifest, ...OLD_TAKE_SEAT, TAKE_SEAT_DDL);
  const domain = createDomain(db, manifest);
  studentRoutes(app, domain);
  advisorRoutes(app, domain);
  planRoutes(app, domain);
  staffRoutes(app, domain);
  // The generic resource API may edit a registration's mark only (generic-writes.ts).
  genericWriteRoutes(app, domain);
};
