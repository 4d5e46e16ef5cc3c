/**
 * The calendar domain (portal-core sections 2 and 7): the signed-in user's events, a timetable by
 * section, room, instructor or student, moving and editing slots and exams with the clash check,
 * and the private .ics feed. The calls are listed in ./README.md; the events in ./events.ts; the
 * clash rule in ./clash.ts; the SQL in ./store.ts.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { loadUser, type RequestUser } from '../../auth/user.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate } from '../../http/messages.ts';
import { addDaysTo } from '../attendance/occurrences.ts';
import type { Db } from '../auth/tables.ts';
import type { DomainOptions } from '../index.ts';
import { readSettings } from '../system/university-data.ts';
import { compose, type CalendarEvent } from './events.ts';
import { feedOf, feedOwner, issueFeed, revokeFeed } from './feeds.ts';
import { icsDocument } from './ics.ts';
import { bodyOf, parseRange, positiveId } from './input.ts';
import {
  currentTermRange,
  entriesIn,
  examsIn,
  instructorOfUser,
  roomList,
  findSectionRow,
  slotsIn,
  termsIn,
  type Range,
  type Scope,
} from './store.ts';
import { createSlot, editSlot, moveEvent } from './writes.ts';

export const ACCESS = 'access_calendar';
export const MANAGE = 'manage_calendar';
/** Reading another's timetable (a section's, a room's): the offerings office and the calendar's managers. */
export const READ_OTHERS = ['access_offering', MANAGE];
export const WEEK_START_SETTING = 'week_start_day';

interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  now: () => Date;
}

function signedIn(request: FastifyRequest): RequestUser {
  const user = request.user;
  if (user.id === null || user.typeName === 'Guest') throw new HttpError(401, 'unauthenticated');
  return user;
}

function admit(request: FastifyRequest, ...permissions: string[]): RequestUser {
  const user = signedIn(request);
  if (!permissions.some((p) => can(user, p))) throw new HttpError(403, 'forbidden');
  return user;
}

/** FullCalendar's firstDay (0 Sunday ... 6 Saturday) of the university's week_start_day (a week_day key). */
async function firstDay(ctx: Ctx): Promise<number> {
  const value = (await readSettings(ctx.db as Db, ctx.manifest, [WEEK_START_SETTING])).get(WEEK_START_SETTING)?.value;
  const order = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  const index = order.indexOf(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
  return index >= 0 ? index : 6; // the Egyptian academic week starts on Saturday
}

function windowTitles(m: Manifest, lang: string): Record<string, string> {
  const statuses = m.statusTables.academic_calendar_kind?.statuses ?? [];
  const title = (key: string) => {
    const s = statuses.find((x) => x.key === key);
    return s ? (lang === 'ar' ? s.name_local : s.name) : key;
  };
  return { registration: title('registration'), add_drop: title('add_drop'), withdraw: title('withdrawal') };
}

/** The user's own scopes: the sections they hold as a student and those they teach. */
async function ownScopes(ctx: Ctx, user: Pick<RequestUser, 'id' | 'student_id'>): Promise<Scope[]> {
  const scopes: Scope[] = [];
  if (typeof user.student_id === 'number') scopes.push({ student: user.student_id });
  if (user.id !== null && (await instructorOfUser(ctx.db, ctx.manifest, user.id)) !== null)
    scopes.push({ teacherUser: user.id });
  return scopes;
}

async function eventsOf(ctx: Ctx, scopes: Scope[], range: Range, lang: string, editable: boolean) {
  const { db, manifest: m } = ctx;
  const [slots, exams, entries, terms] = await Promise.all([
    Promise.all(scopes.map((s) => slotsIn(db, m, s, range))),
    Promise.all(scopes.map((s) => examsIn(db, m, s, range))),
    entriesIn(db, m, range),
    termsIn(db, m, range),
  ]);
  return compose(
    { slots: slots.flat(), exams: exams.flat(), entries, terms, range, lang, editable },
    windowTitles(m, lang),
  );
}

/** Keeps the event kinds asked for (`kinds`: calendar_event_kind ids); university entries always stay. */
function filtered(events: CalendarEvent[], kinds: unknown): CalendarEvent[] {
  if (!Array.isArray(kinds)) return events;
  const wanted = new Set(kinds.map(Number));
  return events.filter((e) => e.kind_id === null || wanted.has(e.kind_id));
}

async function defaultRange(ctx: Ctx): Promise<Range> {
  const today = ctx.now().toISOString().slice(0, 10);
  return (await currentTermRange(ctx.db, ctx.manifest)) ?? { start: today, end: addDaysTo(today, 120) };
}

async function answer(ctx: Ctx, request: FastifyRequest, user: RequestUser, scopes: Scope[]) {
  const body = bodyOf(request);
  const range = parseRange(body, await defaultRange(ctx));
  if (!range) throw new HttpError(422, 'calendar_range_invalid');
  const editable = can(user, MANAGE);
  const events = filtered(await eventsOf(ctx, scopes, range, requestLanguage(request), editable), body.kinds);
  return {
    data: events,
    meta: { count: events.length, start: range.start, end: range.end, first_day: await firstDay(ctx), editable },
  };
}

const SCHEDULE_TYPES: Record<string, (id: number) => Scope> = {
  section: (id) => ({ section: id }),
  room: (id) => ({ room: id }),
  instructor: (id) => ({ instructor: id }),
  student: (id) => ({ student: id }),
};

function publicOrigin(request: FastifyRequest): string {
  const configured = process.env.PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

function routes(app: FastifyInstance, ctx: Ctx, prefix: string): void {
  const { db, manifest: m } = ctx;

  // The caller's own calendar: {start?, end?, kinds?}.
  app.post('/calendar', async (request) => {
    const user = admit(request, ACCESS);
    return answer(ctx, request, user, await ownScopes(ctx, user));
  });

  // Another timetable: a section's, a room's, an instructor's or a student's.
  app.post('/offering-schedules/:type/:id', async (request) => {
    const user = admit(request, ...READ_OTHERS);
    const params = request.params as Record<string, string>;
    const make = Object.hasOwn(SCHEDULE_TYPES, params.type!) ? SCHEDULE_TYPES[params.type!] : undefined;
    if (!make) throw new HttpError(422, 'calendar_schedule_type_invalid', { type: String(params.type).slice(0, 40) });
    const id = positiveId(params.id);
    if (id === null) throw new HttpError(422, 'invalid_id');
    return answer(ctx, request, user, [make(id)]);
  });

  // What the slot form offers for a section: the section, its slots and the rooms.
  app.get('/offering-schedules/get_lookups/:id', async (request) => {
    admit(request, MANAGE);
    const id = positiveId((request.params as Record<string, string>).id);
    const section = id === null ? undefined : await findSectionRow(db, m, id);
    if (!section) throw new HttpError(404, 'calendar_section_not_found');
    const slots = await slotsIn(db, m, { section: section.id });
    return {
      data: {
        section,
        slots: slots.map((s) => ({
          id: s.id,
          day: s.day,
          start_time: s.start_time,
          end_time: s.end_time,
          room_id: s.room_id,
          kind_id: s.kind_id,
        })),
        rooms: await roomList(db, m),
      },
    };
  });

  const save = async (request: FastifyRequest) => {
    admit(request, MANAGE);
    const lang = requestLanguage(request);
    const id = (request.params as Record<string, string> | undefined)?.id;
    const slot =
      id === undefined
        ? await createSlot(db, m, bodyOf(request), lang)
        : await editSlot(db, m, positiveId(id), bodyOf(request), lang);
    return { message: translate({ key: 'calendar_saved' }, lang), data: slot };
  };
  app.put('/offering-schedules', async (request, reply) => reply.status(201).send(await save(request)));
  app.put('/offering-schedules/:id', save);

  // A drag or a keyboard move: {type: slot | exam | entry, start, end}.
  app.post('/offering-schedules/updateEvent/:id', async (request) => {
    admit(request, MANAGE);
    const lang = requestLanguage(request);
    const id = positiveId((request.params as Record<string, string>).id);
    const data = await moveEvent(db, m, id, bodyOf(request), lang);
    return { message: translate({ key: 'calendar_saved' }, lang), data };
  });

  // The private feed: whether one exists, a new address (the old one stops working), revoking it.
  app.get('/calendar/feed', async (request) => {
    const user = admit(request, ACCESS);
    return { data: await feedOf(db, m, user.id!) };
  });
  app.post('/calendar/feed', async (request, reply) => {
    const user = admit(request, ACCESS);
    const token = await issueFeed(db, m, user.id!);
    return reply.status(201).send({ data: { url: `${publicOrigin(request)}${prefix}/calendar/feed/${token}.ics` } });
  });
  app.delete('/calendar/feed', async (request) => {
    const user = admit(request, ACCESS);
    await revokeFeed(db, m, user.id!);
    return { message: translate({ key: 'calendar_feed_revoked' }, requestLanguage(request)) };
  });

  // The feed itself: no sign-in (a phone's calendar cannot), the token is the key.
  app.get('/calendar/feed/:file', async (request, reply) => {
    const file = String((request.params as Record<string, string>).file ?? '');
    const owner = file.endsWith('.ics') ? await feedOwner(db, m, file.slice(0, -4)) : null;
    const user = owner === null ? null : await loadUser(db, m, owner);
    if (!user || !can(user, ACCESS)) throw new HttpError(404, 'calendar_feed_not_found');
    const today = ctx.now().toISOString().slice(0, 10);
    const term = await currentTermRange(db, m);
    // From a month back to the end of the current term (at least four months ahead).
    const end = term && term.end > addDaysTo(today, 120) ? term.end : addDaysTo(today, 120);
    const range = { start: addDaysTo(today, -30), end };
    const lang = requestLanguage(request);
    const events = await eventsOf(ctx, await ownScopes(ctx, user), range, lang, false);
    const settings = await readSettings(db as Db, m, ['university_name', 'university_name_local']);
    const name =
      (lang === 'ar' ? settings.get('university_name_local')?.value : null) ??
      settings.get('university_name')?.value ??
      'Rowaq';
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(icsDocument(events, { name, host: request.host.replace(/:\d+$/, ''), now: ctx.now() }));
  });
}

export interface CalendarOptions {
  now?: () => Date;
  /** The prefix the domain is registered under (for the feed's address). */
  prefix?: string;
}

export function calendarDomainWith(options: CalendarOptions = {}): FastifyPluginAsync<DomainOptions> {
  return async (app, { db, manifest }) => {
    if (!manifest.entities.slots || !manifest.entities.calendar_feeds) return;
    routes(app, { db, manifest, now: options.now ?? (() => new Date()) }, options.prefix ?? '/api/sis');
  };
}

export const calendarDomain: FastifyPluginAsync<DomainOptions> = calendarDomainWith();
