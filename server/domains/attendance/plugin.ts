/**
 * The attendance domain: QR attendance (portal-core sections 2 and 8). The calls are listed in
 * ./README.md; the code's format, signature and time limits in ./qr-code.ts; when a section
 * meets in ./occurrences.ts; the SQL in ./store.ts.
 *
 * Every call needs the university setting attendance_with_qr_code to be "true" (else 403
 * attendance_disabled). Instructors (take_attendance) open sessions of the sections they teach
 * and read their rotating code and records; students (access_attendance) scan.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate } from '../../http/messages.ts';
import type { Db } from '../auth/tables.ts';
import type { DomainOptions } from '../index.ts';
import { flagValue, readSettings } from '../system/university-data.ts';
import { nextOccurrences, parseDate, slotsOn } from './occurrences.ts';
import {
  attendanceSecret,
  judgeTimestamp,
  makeCode,
  newSessionSecret,
  parseCode,
  QR_MAX_AGE_MS,
  QR_ROTATE_MS,
  sessionKey,
  signatureValid,
} from './qr-code.ts';
import {
  attendingCount,
  attendingRegistration,
  attendsAnotherLecture,
  closeSession,
  findSection,
  findSession,
  openSession,
  recordAttendance,
  recordsOf,
  sectionsTaughtBy,
  slotsOf,
  type SectionInfo,
  type SessionRow,
} from './store.ts';

export const SETTING = 'attendance_with_qr_code';
export const TAKE = 'take_attendance';
export const SCAN = 'access_attendance';

interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  secret: string;
  now: () => number;
}

function positiveId(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return /^[1-9][0-9]{0,14}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Signed in, the setting on, the permission held: in that order, so a visitor learns nothing of the setting. */
async function admit(ctx: Ctx, request: FastifyRequest, permission: string): Promise<number> {
  const user = request.user;
  if (user.id === null || user.typeName === 'Guest') throw new HttpError(401, 'unauthenticated');
  const settings = await readSettings(ctx.db as Db, ctx.manifest, [SETTING]);
  if (flagValue(settings.get(SETTING)?.value) !== 'true') throw new HttpError(403, 'attendance_disabled');
  if (!can(user, permission)) throw new HttpError(403, 'forbidden');
  return user.id;
}

const local = (en: string, ar: string | null, lang: string) => (lang === 'ar' && ar ? ar : en);

function sectionView(s: SectionInfo, lang: string) {
  return {
    id: s.id,
    code: s.code,
    term_id: s.term_id,
    start_date: s.start_date,
    end_date: s.end_date,
    course: { code: s.course_code, name: local(s.course_name, s.course_name_local, lang) },
    term: local(s.term_name, s.term_name_local, lang),
  };
}

/** The session, when the caller teaches its section (404 for a session that does not exist, 403 for another's). */
async function ownSession(
  ctx: Ctx,
  request: FastifyRequest,
  userId: number,
): Promise<{ session: SessionRow; section: SectionInfo }> {
  const id = positiveId((request.params as Record<string, string>).id);
  const session = id === undefined ? undefined : await findSession(ctx.db, ctx.manifest, id);
  if (!session) throw new HttpError(404, 'attendance_session_not_found');
  const section = await findSection(ctx.db, ctx.manifest, session.section_id);
  if (!section) throw new HttpError(404, 'attendance_section_not_found');
  if (section.teacher_user_id !== userId) throw new HttpError(403, 'attendance_not_your_section');
  return { session, section };
}

function sessionView(session: SessionRow) {
  return {
    id: session.id,
    section_id: session.section_id,
    slot_id: session.slot_id,
    lecture_date: session.lecture_date,
    closed: session.closed_at != null,
  };
}

function currentCode(ctx: Ctx, session: SessionRow) {
  const issuedAt = ctx.now();
  return {
    code: makeCode(sessionKey(ctx.secret, session.id, session.secret), session.id, issuedAt),
    issued_at: new Date(issuedAt).toISOString(),
    refresh_ms: QR_ROTATE_MS,
    max_age_ms: QR_MAX_AGE_MS,
  };
}

function routes(app: FastifyInstance, ctx: Ctx): void {
  const { db, manifest: m } = ctx;

  // The instructor's sections of the current term, each with its weekly slots and next meeting dates.
  app.get('/attendance/sections', async (request) => {
    const userId = await admit(ctx, request, TAKE);
    const lang = requestLanguage(request);
    const from =
      parseDate((request.query as Record<string, unknown>)?.from) ?? new Date(ctx.now()).toISOString().slice(0, 10);
    const sections = await sectionsTaughtBy(db, m, userId);
    const slots = await slotsOf(
      db,
      m,
      sections.map((s) => s.id),
    );
    return {
      data: sections.map((s) => ({
        ...sectionView(s, lang),
        slots: slots.get(s.id) ?? [],
        next_dates: nextOccurrences(from, slots.get(s.id) ?? [], s),
      })),
    };
  });

  // Opens (or reopens) the session of a section on a date with an occurrence.
  app.post('/attendance/sessions', async (request, reply) => {
    const userId = await admit(ctx, request, TAKE);
    const body = bodyOf(request);
    const sectionId = positiveId(body.section_id);
    if (sectionId === undefined) throw new HttpError(422, 'attendance_section_invalid');
    const date = parseDate(body.date);
    if (!date) throw new HttpError(422, 'attendance_date_invalid');
    const section = await findSection(db, m, sectionId);
    if (!section) throw new HttpError(404, 'attendance_section_not_found');
    if (section.teacher_user_id !== userId) throw new HttpError(403, 'attendance_not_your_section');
    const slots = slotsOn(date, (await slotsOf(db, m, [sectionId])).get(sectionId) ?? [], section);
    if (!slots.length) throw new HttpError(422, 'attendance_no_occurrences');
    let slot = slots[0]!;
    if (body.slot_id !== undefined && body.slot_id !== null && body.slot_id !== '') {
      const chosen = slots.find((s) => s.id === positiveId(body.slot_id));
      if (!chosen) throw new HttpError(422, 'attendance_slot_invalid');
      slot = chosen;
    }
    const session = await openSession(db, m, { sectionId, slotId: slot.id, date, userId, secret: newSessionSecret() });
    return reply.status(201).send({
      data: { ...sessionView(session), slot, section: sectionView(section, requestLanguage(request)) },
      ...currentCode(ctx, session),
    });
  });

  // The session with the students recorded so far (the instructor's screen polls it).
  app.get('/attendance/sessions/:id', async (request) => {
    const userId = await admit(ctx, request, TAKE);
    const { session, section } = await ownSession(ctx, request, userId);
    const records = await recordsOf(db, m, session.id);
    return {
      data: {
        ...sessionView(session),
        section: sectionView(section, requestLanguage(request)),
        count: records.length,
        attending: await attendingCount(db, m, section.id),
        records,
      },
    };
  });

  // The code to show now; the screen asks again every refresh_ms.
  app.get('/attendance/sessions/:id/code', async (request) => {
    const userId = await admit(ctx, request, TAKE);
    const { session } = await ownSession(ctx, request, userId);
    if (session.closed_at != null) throw new HttpError(409, 'attendance_session_closed');
    return currentCode(ctx, session);
  });

  app.post('/attendance/sessions/:id/close', async (request) => {
    const userId = await admit(ctx, request, TAKE);
    const { session } = await ownSession(ctx, request, userId);
    await closeSession(db, m, session.id);
    return { data: { ...sessionView(session), closed: true } };
  });

  // A student's scan: {code}. See qr-code.ts for the order of the checks.
  app.post('/attendance/scan', async (request) => {
    await admit(ctx, request, SCAN);
    const now = ctx.now();
    const code = parseCode(bodyOf(request).code);
    if (!code) throw new HttpError(422, 'attendance_invalid_qr');
    const session = await findSession(db, m, code.sessionId);
    if (!session || !signatureValid(sessionKey(ctx.secret, session.id, session.secret), code))
      throw new HttpError(422, 'attendance_invalid_qr');
    const verdict = judgeTimestamp(code, now);
    if (verdict === 'invalid_timestamp') throw new HttpError(422, 'attendance_invalid_timestamp');
    // A closed session's codes are stale whatever their age.
    if (verdict === 'expired' || session.closed_at != null) throw new HttpError(422, 'attendance_expired');
    const studentId = request.user.student_id;
    const registrationId =
      typeof studentId === 'number' ? await attendingRegistration(db, m, studentId, session.section_id) : undefined;
    if (
      typeof studentId === 'number' &&
      registrationId === undefined &&
      (await attendsAnotherLecture(db, m, studentId, session))
    )
      throw new HttpError(422, 'attendance_other_lecture');
    if (studentId === undefined || registrationId === undefined) throw new HttpError(403, 'attendance_not_registered');
    if (!(await recordAttendance(db, m, { sessionId: session.id, studentId, registrationId })))
      throw new HttpError(409, 'attendance_already_registered');
    const section = await findSection(db, m, session.section_id);
    const lang = requestLanguage(request);
    return {
      message: translate({ key: 'attendance_recorded' }, lang),
      data: {
        session_id: session.id,
        lecture_date: session.lecture_date,
        section: section ? sectionView(section, lang) : null,
      },
    };
  });
}

export interface AttendanceOptions {
  secret?: string;
  now?: () => number;
}

/** The domain; tests may fix the secret and the clock. */
export function attendanceDomainWith(options: AttendanceOptions = {}): FastifyPluginAsync<DomainOptions> {
  return async (app, { db, manifest, config }) => {
    if (!manifest.entities.attendance_sessions || !manifest.entities.attendance_records) return;
    routes(app, { db, manifest, secret: options.secret ?? attendanceSecret(config), now: options.now ?? Date.now });
  };
}

export const attendanceDomain: FastifyPluginAsync<DomainOptions> = attendanceDomainWith();
