/**
 * The admission domain: applying, the admission form's tabs, documents, status review and fees (issue 5).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';

export const admissionDomain: FastifyPluginAsync<DomainOptions> = async () => {};
