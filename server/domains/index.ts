/**
 * Domain plugins (sign-in, system, admission, registration, ...): a plain array, one entry
 * per domain. Add an entry; do not edit app.ts. Each plugin is registered encapsulated under
 * `prefix` (default /api/sis) and receives DomainOptions: the database, the manifest, the
 * configuration. `request.user` is already set when a domain's handlers run.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import type { ServerConfig } from '../config.ts';
import { authDomain } from './auth/plugin.ts';
import { dashboardDomain } from './dashboard/plugin.ts';
import { permissionsDomain } from './permissions/plugin.ts';
import { systemDomain } from './system/plugin.ts';
import { admissionDomain } from './admission/plugin.ts';
import { registrationDomain } from './registration/plugin.ts';
import { academicDomain } from './academic/plugin.ts';
import { financeDomain } from './finance/plugin.ts';
import { exportsDomain } from './exports/plugin.ts';
import { attendanceDomain } from './attendance/plugin.ts';
import { gradesDomain } from './grades/plugin.ts';
import { certificatesDomain } from './certificates/plugin.ts';
import { gradeRechecksDomain } from './grade-rechecks/plugin.ts';
import { ticketsDomain } from './tickets/plugin.ts';
import { excusesDomain } from './excuses/plugin.ts';
import { calendarDomain } from './calendar/plugin.ts';
import { chatDomain } from './chat/plugin.ts';

export interface DomainOptions {
  db: Kysely<any>;
  manifest: Manifest;
  config: ServerConfig;
}

export interface Domain {
  name: string;
  plugin: FastifyPluginAsync<DomainOptions>;
  /** Route prefix; /api/sis unless given (admission uses /api). */
  prefix?: string;
}

export const domains: Domain[] = [
  // Sign-in: /api/sis, and the password reset again under /api for the admission client.
  { name: 'auth', plugin: authDomain, prefix: '' },
  { name: 'permissions', plugin: permissionsDomain },
  // System calls: /api/sis, and the admission site's under /api.
  { name: 'system', plugin: systemDomain, prefix: '' },
  // GET /students/dashboard (the user's own figures) and the administrator's /dashboard/* calls.
  { name: 'dashboard', plugin: dashboardDomain },
  // The admission site's calls (/api/admission/..., /api/website/...).
  { name: 'admission', plugin: admissionDomain, prefix: '/api' },
  // /registrations/students/..., /registrations/advisor-students, appointments.
  { name: 'registration', plugin: registrationDomain },
  // /students/academic/..., /myCourses data, exam schedules, /photo/{id}.
  { name: 'academic', plugin: academicDomain },
  // /payments/..., /transactions/..., /credit-transactions/..., the sandbox provider.
  { name: 'finance', plugin: financeDomain },
  // POST /registrations/export, POST /students/export, ...
  { name: 'exports', plugin: exportsDomain },
  { name: 'attendance', plugin: attendanceDomain },
  // /grades/sections/... (instructors' marks) and POST /offerings/import-student-grades/{id}/{lang}.
  { name: 'grades', plugin: gradesDomain },
  // /certificates/...: requests, their fee, staff steps, printing, the public verification.
  { name: 'certificates', plugin: certificatesDomain },
  // /grades-recheck/...: grade recheck requests, their fee, the office's steps (the mark written to the registration).
  { name: 'grade-rechecks', plugin: gradeRechecksDomain },
  // /tickets/...: support tickets, their conversation, attachments and status steps.
  { name: 'tickets', plugin: ticketsDomain },
  // /excuses/...: absence excuses, their document and fee, the student's changes, staff decisions.
  { name: 'excuses', plugin: excusesDomain },
  // /calendar and /offering-schedules/...: events, timetable moves with the clash check, the .ics feed.
  { name: 'calendar', plugin: calendarDomain },
  // /chats/...: conversations, their live stream (server-sent events), read receipts, moderation.
  { name: 'chat', plugin: chatDomain },
];
