/**
 * The academic domain: the student's academic records (portal-core section 7).
 *
 *   GET  /students/academic/taken-courses   past courses with grades, cumulative GPA
 *   GET  /students/academic/terms-grades    past terms: courses, term and cumulative GPA
 *   GET  /students/academic/study-plan      the program's plan with the student's progress
 *   GET  /students/academic/schedule        weekly timetable of the held sections (/schedule)
 *   GET  /students/academic/standing        warnings and what remains before suspension
 *   POST /students/courses                  current courses (/myCourses), list shape {data, meta}
 *   GET  /students/courses/{course_id}      one current course with slots and exams
 *   POST /students/exam-schedules           exams of the current courses (/my-exam-schedules)
 *   GET  /photo/{student_id}?hash=          the student's photo, or a default avatar
 *
 * Whose records: a student reads their own; staff holding access_users read any student's by
 * adding `?student_id=` (the staff student page). Routes are a table of thin handlers.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import path from 'node:path';
import { storedFilesOf } from '../../../engine/core/file-types.ts';
import { storedPath, UPLOADS_TABLE, type UploadRow } from '../../files/record-files.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import type { Db } from '../auth/tables.ts';
import type { DomainOptions } from '../index.ts';
import { myCourse, myCourses, myExamSchedules, mySchedule } from './courses.ts';
import { defaultAvatar, readPhoto } from './photo.ts';
import { studyPlan, takenCourses, termsGrades } from './records.ts';
import { studentStanding } from './standing.ts';
import { alive, table } from './tables.ts';

/** Staff permission to read any student's records. */
export const STAFF_READ = 'access_users';

interface StudentRow {
  id: number;
  name: string;
  name_local: string | null;
  /** The photo field's stored files (server/files), or an earlier path kept as a string. */
  photo: unknown;
}

async function findStudent(db: Db, manifest: Manifest, id: number): Promise<StudentRow | undefined> {
  const { rows } = await sql<StudentRow>`
    select s.id, s.name, s.name_local, s.photo from ${table(manifest, 'students')} s
     where s.id = ${id} ${alive(manifest, 'students', 's')}`.execute(db);
  return rows[0];
}

/** The photo's file relative to the uploads folder: the first stored file of the field. */
async function photoPath(db: Db, uploadsDir: string, value: unknown): Promise<string | undefined> {
  if (typeof value === 'string') return value;
  const first = storedFilesOf(value)[0];
  if (!first) return undefined;
  const row = (await db.selectFrom(UPLOADS_TABLE).selectAll().where('id', '=', first.id).executeTakeFirst()) as
    UploadRow | undefined;
  return row && row.resource === 'students' ? path.relative(uploadsDir, storedPath(uploadsDir, row)) : undefined;
}

function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
}

function requireSignedIn(request: FastifyRequest): void {
  if (request.user.id === null || request.user.typeName === 'Guest') throw new HttpError(401, 'unauthenticated');
}

/** The student whose records the request reads (see the header). */
async function studentOf(request: FastifyRequest, db: Db, manifest: Manifest): Promise<number> {
  requireSignedIn(request);
  const user = request.user;
  const asked = (request.query as Record<string, unknown> | undefined)?.student_id;
  if (asked === undefined || asked === '') {
    if (typeof user.student_id === 'number') return user.student_id;
    throw new HttpError(422, 'academic_student_required');
  }
  const id = positiveInt(asked);
  if (id === undefined) throw new HttpError(422, 'academic_student_invalid');
  if (id === user.student_id) return id;
  if (!can(user, STAFF_READ)) throw new HttpError(403, 'forbidden');
  if (!(await findStudent(db, manifest, id))) throw new HttpError(404, 'academic_student_not_found');
  return id;
}

type Handler = (request: FastifyRequest, studentId: number) => Promise<unknown>;

function routes(app: FastifyInstance, db: Db, manifest: Manifest, uploadsDir: string): void {
  const handlers: Array<{ method: 'GET' | 'POST'; path: string; handler: Handler }> = [
    { method: 'GET', path: '/students/academic/taken-courses', handler: (_r, id) => takenCourses(db, manifest, id) },
    { method: 'GET', path: '/students/academic/terms-grades', handler: (_r, id) => termsGrades(db, manifest, id) },
    { method: 'GET', path: '/students/academic/study-plan', handler: (_r, id) => studyPlan(db, manifest, id) },
    { method: 'GET', path: '/students/academic/schedule', handler: (_r, id) => mySchedule(db, manifest, id) },
    { method: 'GET', path: '/students/academic/standing', handler: (_r, id) => studentStanding(db, manifest, id) },
    {
      method: 'POST',
      path: '/students/courses',
      handler: (r, id) => myCourses(db, manifest, id, requestLanguage(r), r.body),
    },
    {
      method: 'POST',
      path: '/students/exam-schedules',
      handler: (r, id) => myExamSchedules(db, manifest, id, requestLanguage(r), r.body),
    },
    {
      method: 'GET',
      path: '/students/courses/:course_id',
      handler: (r, id) => {
        const courseId = positiveInt((r.params as Record<string, string>).course_id);
        if (courseId === undefined) throw new HttpError(422, 'academic_course_invalid');
        return myCourse(db, manifest, id, courseId, requestLanguage(r));
      },
    },
  ];
  for (const route of handlers) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request) => route.handler(request, await studentOf(request, db, manifest)),
    });
  }

  app.get('/photo/:id', async (request, reply) => {
    requireSignedIn(request);
    const id = positiveInt((request.params as Record<string, string>).id);
    if (id === undefined) throw new HttpError(422, 'academic_student_invalid');
    if (id !== request.user.student_id && !can(request.user, STAFF_READ))
      throw new HttpError(403, 'academic_photo_forbidden');
    const student = await findStudent(db, manifest, id);
    if (!student) throw new HttpError(404, 'academic_student_not_found');
    const photo =
      (await readPhoto(uploadsDir, await photoPath(db, uploadsDir, student.photo))) ??
      defaultAvatar(student.id, student.name || student.name_local || '');
    return reply
      .header('Content-Type', photo.type)
      .header('Cache-Control', 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .send(photo.body);
  });
}

export const academicDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  routes(app, db as Db, manifest, config.uploadsDir);
};
