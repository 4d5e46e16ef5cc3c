/**
 * The academic domain: the student's academic records: courses, schedules, grades, study plan, profile photo (issue 6).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DomainOptions } from '../index.ts';

export const academicDomain: FastifyPluginAsync<DomainOptions> = async () => {};
