/**
 * The registration domain: course registration, advising, appointments and seats (issue 6).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';

export const registrationDomain: FastifyPluginAsync<DomainOptions> = async () => {};
