/**
 * The exports domain: server-side files (portal-core section 7; file names of section 9).
 *
 * - POST /registrations/export -> registrations.xlsx: every registration the list body's
 *   filters match (the body of POST /registrations). Staff with access_registrations see all;
 *   a student, by the entity's row scope, only their own; anyone else 403.
 * - POST /students/export -> Students.xlsx: every student the body of POST /students matches.
 *   Needs export_students (the permission of the list's export action) and the students
 *   entity's read access and row scope.
 * - GET /registrations/students/export-registration/{student_id}/{lang} -> student_registrations.pdf
 *   (lang ar or en): a student their own, staff with access_registrations any student.
 *
 * Spreadsheet headers and words follow the caller's language (language cookie, then
 * Accept-Language); an Arabic export is a right-to-left sheet.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../../engine/core/permissions.ts';
import { writeXlsx } from '../../documents/xlsx.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import type { DomainOptions } from '../index.ts';
import { exportEntity, text, type ExportRequest } from './entity-export.ts';
import { studentRegistrationsPdf, type PdfLanguage } from './registration-pdf.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The columns of each spreadsheet, in order; a field the entity does not declare is skipped. */
export const REGISTRATION_COLUMNS = [
  'id',
  'student_id',
  'course_id',
  'section_id',
  'term_id',
  'status_code',
  'flags',
  'request_flag',
  'credit_hours',
  'grade',
  'note',
  'decided_at',
  'created_at',
];
export const STUDENT_COLUMNS = [
  'code',
  'name',
  'name_local',
  'email',
  'national_id',
  'passport',
  'nationality_id',
  'gender_id',
  'birth_date',
  'phone',
  'faculty_id',
  'program_id',
  'degree_level_id',
  'level',
  'gpa',
  'earned_hours',
  'status_id',
  'advisor_id',
  'admission_term_id',
  'created_at',
];

const EXPORT_STUDENTS = 'export_students';
const ACCESS_REGISTRATIONS = 'access_registrations';

function signedIn(request: FastifyRequest): void {
  if (request.user.id === null || request.user.typeName === 'Guest') throw new HttpError(401, 'unauthenticated');
}

function attachment(reply: FastifyReply, type: string, fileName: string, body: Buffer) {
  return reply
    .header('Content-Type', type)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(body);
}

export const exportsDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest }) => {
  const context = (request: FastifyRequest): ExportRequest => ({
    db,
    manifest,
    user: request.user,
    language: requestLanguage(request),
  });

  app.post('/registrations/export', async (request, reply) => {
    signedIn(request);
    const entity = manifest.entities.registrations!;
    const ctx = context(request);
    const table = await exportEntity(ctx, entity, request.body, REGISTRATION_COLUMNS);
    const file = writeXlsx({
      rtl: ctx.language === 'ar',
      sheets: [{ name: text(entity.label, ctx.language), ...table }],
    });
    return attachment(reply, XLSX_TYPE, 'registrations.xlsx', file);
  });

  app.post('/students/export', async (request, reply) => {
    signedIn(request);
    if (!can(request.user, EXPORT_STUDENTS)) throw new HttpError(403, 'forbidden');
    const entity = manifest.entities.students!;
    const ctx = context(request);
    const table = await exportEntity(ctx, entity, request.body, STUDENT_COLUMNS);
    const file = writeXlsx({
      rtl: ctx.language === 'ar',
      sheets: [{ name: text(entity.label, ctx.language), ...table }],
    });
    return attachment(reply, XLSX_TYPE, 'Students.xlsx', file);
  });

  app.get('/registrations/students/export-registration/:student_id/:lang', async (request, reply) => {
    signedIn(request);
    const params = request.params as { student_id: string; lang: string };
    const studentId = /^\d{1,15}$/.test(params.student_id) ? Number(params.student_id) : NaN;
    if (!Number.isSafeInteger(studentId) || studentId < 1) throw new HttpError(400, 'invalid_id');
    const lang = params.lang.toLowerCase();
    if (lang !== 'ar' && lang !== 'en') throw new HttpError(400, 'export_language');
    if (studentId !== request.user.student_id && !can(request.user, ACCESS_REGISTRATIONS))
      throw new HttpError(403, 'forbidden');
    const pdf = await studentRegistrationsPdf(db, manifest, studentId, lang as PdfLanguage);
    return attachment(reply, 'application/pdf', 'student_registrations.pdf', pdf);
  });
};
