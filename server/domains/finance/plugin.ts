/**
 * The finance domain: invoices, installments, the ledger, payments, the wallet and the payment
 * gates. See ./README.md for the functions other domains call.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';
import { gateRoutes } from './routes-gates.ts';
import { payRoutes } from './routes-pay.ts';
import { providerRoutes } from './routes-provider.ts';
import { staffRoutes } from './routes-staff.ts';

export const financeDomain: FastifyPluginAsync<DomainOptions> = async (app, options) => {
  payRoutes(app, options);
  staffRoutes(app, options);
  // GET /users/gates: the gated actions closed for the caller, before they act.
  gateRoutes(app, options);
  // Its own scope: the callback's raw-body parser must not change the other routes' JSON parsing.
  await app.register(providerRoutes, { db: options.db, manifest: options.manifest, config: options.config });
};
