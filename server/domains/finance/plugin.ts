/**
 * The finance domain: invoices, installments, the ledger, payments, the wallet and the payment gates (issue 7).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';

export const financeDomain: FastifyPluginAsync<DomainOptions> = async () => {};
