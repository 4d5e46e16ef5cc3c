/**
 * The exports domain: server-side spreadsheet and PDF exports (registrations.xlsx, Students.xlsx, ...).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';

export const exportsDomain: FastifyPluginAsync<DomainOptions> = async () => {};
