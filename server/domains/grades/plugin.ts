/**
 * The grades domain: instructors enter the marks of the sections they teach (portal-core
 * sections 5 and 7). The calls, their answers and the decisions behind them are in ./README.md;
 * who may grade what in ./access.ts; the checks of a mark in ./marks.ts; saving in ./save.ts; the
 * spreadsheet in ./sheet.ts and ./import.ts; the SQL in ./store.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate, type Language } from '../../http/messages.ts';
import type { DomainOptions } from '../index.ts';
import { admit, positiveId, requireTeaches } from './access.ts';
import { importRoute } from './import.ts';
import { saveMarks, type MarkInput } from './save.ts';
import { IMPORT_MAX_BYTES } from './sheet.ts';
import { controlOpen, findGradingSection, rosterOf, sectionsOfTerm, termOf, type GradingSection } from './store.ts';

/** The most marks one PUT may carry (a large lecture is a few hundred students). */
export const MAX_MARKS = 2000;

interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  /** SPREADSHEET_MAX_INFLATED_MB in bytes: what an imported spreadsheet may unpack to. */
  maxInflatedBytes: number;
}

const local = (en: string, ar: string | null, lang: Language) => (lang === 'ar' && ar ? ar : en);

function sectionView(s: GradingSection, m: Manifest, lang: Language) {
  return {
    id: s.id,
    code: s.code,
    offering_id: s.offering_id,
    term_id: s.term_id,
    course_code: s.course_code,
    course_name: local(s.course_name, s.course_name_local, lang),
    term: local(s.term_name, s.term_name_local, lang),
    students: s.students,
    graded: s.graded,
    max_mark: s.max_mark,
    control_status_id: s.control_status_id,
    editable: controlOpen(m, s.control_status_id),
  };
}

/** The query's and a list body's values (GET ?term_id=, or POST {filters: {term_id}} as a list screen sends). */
function askedTerm(request: FastifyRequest): number | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const filters = (body.filters && typeof body.filters === 'object' ? body.filters : {}) as Record<string, unknown>;
  const raw = query.term_id ?? filters.term_id;
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first === undefined || first === null || first === '') return undefined;
  const id = positiveId(first);
  if (id === undefined) throw new HttpError(422, 'invalid_id');
  return id;
}

/** A list body's page (POST, as the grid screen asks page after page); GET answers every row. */
function paged<T>(request: FastifyRequest, rows: T[]): T[] {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const page = positiveId(body.page);
  const perPage = positiveId(body.perPage);
  if (request.method !== 'POST' || page === undefined || perPage === undefined) return rows;
  return rows.slice((page - 1) * perPage, page * perPage);
}

async function ownSection(ctx: Ctx, request: FastifyRequest) {
  const scope = admit(request);
  const id = positiveId((request.params as Record<string, string>).id);
  const section = id === undefined ? undefined : await findGradingSection(ctx.db, ctx.manifest, id);
  if (!section) throw new HttpError(404, 'grades_section_not_found');
  requireTeaches(scope, section);
  return { scope, section };
}

/** `{marks: [{registration_id, grade}]}` as rows to save; a malformed body is 422 on `marks` or the row. */
function markInputs(body: unknown): MarkInput[] {
  const marks =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).marks : undefined;
  if (!Array.isArray(marks) || marks.length === 0)
    throw ValidationError.single('marks', { key: 'grades_marks_required' });
  if (marks.length > MAX_MARKS)
    throw ValidationError.single('marks', { key: 'grades_too_many', params: { max: MAX_MARKS } });
  const errors: FieldErrors = {};
  const inputs = marks.map((row, i): MarkInput => {
    const field = `marks.${i}.grade`;
    const keyField = `marks.${i}.registration_id`;
    if (!row || typeof row !== 'object' || Array.isArray(row) || !Object.hasOwn(row, 'registration_id')) {
      errors[`marks.${i}`] = [{ key: 'grades_row_invalid' }];
      return { registrationId: undefined, grade: null, field, keyField };
    }
    const r = row as Record<string, unknown>;
    return { registrationId: positiveId(r.registration_id), grade: r.grade ?? null, field, keyField };
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return inputs;
}

function routes(app: FastifyInstance, ctx: Ctx): void {
  const { db, manifest: m } = ctx;

  // The sections of a term (default: the current term) the caller grades, counted.
  const sections = async (request: FastifyRequest) => {
    const scope = admit(request);
    const lang = requestLanguage(request);
    const asked = askedTerm(request);
    const term = await termOf(db, m, asked);
    if (!term) {
      if (asked !== undefined) throw new HttpError(404, 'grades_term_not_found');
      return { data: [], meta: { count: 0, term: null } };
    }
    const search = String(
      ((request.body ?? {}) as Record<string, unknown>).search ??
        (request.query as Record<string, unknown>)?.search ??
        '',
    )
      .trim()
      .toLowerCase();
    // The list screen's search box: course code or name, or section code.
    const rows = (await sectionsOfTerm(db, m, term.id, scope.teacher))
      .map((s) => sectionView(s, m, lang))
      .filter((s) => !search || [s.course_code, s.course_name, s.code].some((v) => v.toLowerCase().includes(search)));
    return {
      data: paged(request, rows),
      meta: {
        count: rows.length,
        term: { id: term.id, code: term.code, name: local(term.name, term.name_local, lang) },
      },
    };
  };
  app.get('/grades/sections', sections);
  app.post('/grades/sections', sections);

  // A section's graded students with their marks and maxima.
  const roster = async (request: FastifyRequest) => {
    const { section } = await ownSection(ctx, request);
    const rows = (await rosterOf(db, m, [section.id])).map((r) => ({
      id: r.registration_id,
      registration_id: r.registration_id,
      student_id: r.student_id,
      code: r.code,
      name: r.name,
      name_local: r.name_local,
      grade: r.grade,
      max_mark: r.max_mark,
      status_code: r.status_code,
    }));
    return {
      data: paged(request, rows),
      meta: { count: rows.length, section: sectionView(section, m, requestLanguage(request)) },
    };
  };
  app.get('/grades/sections/:id/students', roster);
  app.post('/grades/sections/:id/students', roster);

  // The marks of a section, all or nothing.
  app.put('/grades/sections/:id', async (request) => {
    const { section } = await ownSection(ctx, request);
    if (!controlOpen(m, section.control_status_id)) throw new HttpError(409, 'grades_results_published');
    const marks = markInputs(request.body);
    const result = await saveMarks({
      db,
      manifest: m,
      user: request.user,
      ip: request.ip ?? null,
      sectionIds: [section.id],
      marks,
      action: 'grades.save',
      recordId: section.id,
    });
    return {
      message: translate({ key: 'grades_saved', params: { n: result.changed } }, requestLanguage(request)),
      data: result,
    };
  });

  importRoute(app, ctx);
}

export const gradesDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  if (!manifest.entities.registrations || !manifest.entities.sections || !manifest.entities.offerings) return;
  // Only this plugin's routes take multipart bodies (the spreadsheet import), with its own limit.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 } });
  routes(app, { db, manifest, maxInflatedBytes: config.spreadsheetMaxInflatedBytes });
};
