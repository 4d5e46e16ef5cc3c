/**
 * POST /offerings/import-student-grades/{id}/{lang} (portal-core section 7, multipart): the marks
 * of an offering from a spreadsheet. {id} is the course offering (the spec's path is under
 * /offerings); the file's students are matched by code among the graded students of the
 * offering's sections the caller grades (all of them for the registrar). Every row is checked
 * like PUT /grades/sections/{id}; any refused row refuses the file and nothing is saved. {lang}
 * is the language of the answer's messages (en, ar; others fall back to English).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LocalText, Manifest } from '../../../generator/manifest-types.ts';
import { GRID_MESSAGES } from '../../../engine/plugins/grid/model/messages.ts';
import { fillText } from '../../../engine/core/text.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { SUPPORTED_LANGUAGES, translate, type Language, type Message } from '../../http/messages.ts';
import { admit, positiveId } from './access.ts';
import { saveMarks, type MarkInput } from './save.ts';
import {
  cellValue,
  codeText,
  columnKeys,
  headerIndex,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MB,
  readSpreadsheet,
} from './sheet.ts';
import { controlOpen, findOffering, rosterOf, sectionsOfOffering } from './store.ts';

interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  maxInflatedBytes: number;
}

const LANGS: readonly Language[] = SUPPORTED_LANGUAGES;

function pathLanguage(request: FastifyRequest): Language {
  const lang = String((request.params as Record<string, string>).lang ?? '').toLowerCase();
  return (LANGS as readonly string[]).includes(lang) ? (lang as Language) : requestLanguage(request);
}

/** The grid's own words (admission-and-grid section 8) for a refused row: 'Row {n} has validation error for column {name}: {reason}'. */
function rowMessage(row: number, column: LocalText, reason: Message): Message {
  const text: Record<string, string> = {};
  for (const lang of LANGS) {
    const template = (GRID_MESSAGES.rowError as Record<string, string>)[lang] ?? GRID_MESSAGES.rowError.en;
    const name = (column as unknown as Record<string, string | undefined>)[lang] ?? column.en;
    text[lang] = fillText(template, { n: row, name, reason: translate(reason, lang) });
  }
  return { text: text as unknown as LocalText };
}

/** Our errors in the path's language (the error handler would use the cookie's or the browser's). */
function answerIn(reply: FastifyReply, error: unknown, lang: Language) {
  if (error instanceof ValidationError) {
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fields))
      errors[field] = [...new Set(messages.map((msg) => translate(msg, lang)))];
    return reply.status(422).send({ errors, message: translate({ key: 'grades_import_failed' }, lang) });
  }
  if (error instanceof HttpError)
    return reply
      .status(error.statusCode)
      .send({ error: translate({ key: error.messageKey, params: error.params }, lang) });
  if ((error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply
      .status(413)
      .send({ error: translate({ key: 'grades_file_too_large', params: { limit: IMPORT_MAX_MB } }, lang) });
  }
  throw error;
}

async function receive(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new HttpError(415, 'file_not_multipart');
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1 } });
  if (!part || !part.filename) throw new HttpError(422, 'file_missing');
  const bytes = await part.toBuffer();
  if (part.file.truncated || bytes.length > IMPORT_MAX_BYTES)
    throw new HttpError(413, 'grades_file_too_large', { limit: IMPORT_MAX_MB });
  if (bytes.length === 0) throw new HttpError(422, 'file_missing');
  return { name: part.filename, bytes };
}

async function importMarks(ctx: Ctx, request: FastifyRequest) {
  const { db, manifest: m } = ctx;
  const scope = admit(request);
  const offeringId = positiveId((request.params as Record<string, string>).id);
  const offering = offeringId === undefined ? undefined : await findOffering(db, m, offeringId);
  if (!offering) throw new HttpError(404, 'grades_offering_not_found');
  const sections = await sectionsOfOffering(db, m, offering.id, scope.teacher);
  if (!sections.length)
    throw new HttpError(
      scope.teacher === null ? 404 : 403,
      scope.teacher === null ? 'grades_section_not_found' : 'grades_not_your_offering',
    );
  if (!controlOpen(m, offering.control_status_id)) throw new HttpError(409, 'grades_results_published');

  const file = await receive(request);
  const table = await readSpreadsheet(file.name, file.bytes, ctx.maxInflatedBytes);
  const keys = columnKeys(m);
  const codeAt = headerIndex(table, keys.code);
  const gradeAt = headerIndex(table, keys.grade);
  // The grid's import messages, in the spec's words.
  if (codeAt < 0 && gradeAt < 0) throw ValidationError.single('file', { text: GRID_MESSAGES.noMatchedColumn });
  if (codeAt < 0) throw ValidationError.single('file', { text: GRID_MESSAGES.missingKeyColumn });
  if (gradeAt < 0) throw ValidationError.single('file', { text: GRID_MESSAGES.noMatchedColumn });
  if (!table.rows.length) throw ValidationError.single('file', { text: GRID_MESSAGES.noRecordRead });

  const codeLabel = (m.entities.students?.fields.code?.label as LocalText | undefined) ?? { en: 'Code', ar: 'الكود' };
  const gradeLabel = (m.entities.registrations?.fields.grade?.label as LocalText | undefined) ?? {
    en: 'Mark',
    ar: 'الدرجة',
  };
  const roster = await rosterOf(
    db,
    m,
    sections.map((s) => s.id),
  );
  const byCode = new Map(roster.map((r) => [r.code.toLowerCase(), r.registration_id]));
  // The spreadsheet's own row numbers (the header is row 1), as the instructor sees them in the file.
  const rowOf = new Map<MarkInput, number>();
  const unknown: { input: MarkInput; code: string }[] = [];
  const marks: MarkInput[] = [];
  table.rows.forEach((cells, i) => {
    const n = table.sheetRows[i]!;
    const raw = cellValue(cells[gradeAt]);
    // An empty mark in the file leaves the student's mark as it is (a partial sheet is common).
    if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return;
    const code = codeText(cells[codeAt]);
    const input: MarkInput = {
      registrationId: byCode.get(code.toLowerCase()),
      grade: raw,
      field: `rows.${n}.grade`,
      keyField: `rows.${n}.code`,
    };
    rowOf.set(input, n);
    if (input.registrationId === undefined) unknown.push({ input, code });
    marks.push(input);
  });
  if (!marks.length) throw ValidationError.single('file', { text: GRID_MESSAGES.noRecordRead });
  const codes = new Map(unknown.map((u) => [u.input, u.code]));

  const result = await saveMarks({
    db,
    manifest: m,
    user: request.user,
    ip: request.ip ?? null,
    sectionIds: sections.map((s) => s.id),
    marks,
    action: 'grades.import',
    recordId: offering.id,
    word: (input, on, message) => {
      // A code not found among the caller's students says which code; a repeated one says so.
      const reason: Message =
        on === 'key' && 'key' in message && message.key === 'grades_not_in_section'
          ? { key: 'grades_unknown_student', params: { code: codes.get(input) || '—' } }
          : on === 'key' && 'key' in message && message.key === 'grades_listed_twice'
            ? { key: 'grades_code_twice' }
            : message;
      return rowMessage(rowOf.get(input) ?? 0, on === 'key' ? codeLabel : gradeLabel, reason);
    },
  });
  return result;
}

export function importRoute(app: FastifyInstance, ctx: Ctx): void {
  app.post('/offerings/import-student-grades/:id/:lang', async (request, reply) => {
    const lang = pathLanguage(request);
    try {
      const result = await importMarks(ctx, request);
      return { message: translate({ key: 'grades_imported', params: { n: result.changed } }, lang), data: result };
    } catch (error) {
      return answerIn(reply, error, lang);
    }
  });
}
