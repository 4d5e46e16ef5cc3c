/**
 * The dashboard domain (portal-core sections 3 and 7):
 *
 * - GET /students/dashboard: the signed-in user's own figures. A student (request.user.student_id)
 *   gets their program, level, GPA, and the courses and credit hours they hold in the current
 *   term, and `warnings` (GET /students/academic/standing's answer); staff get the counts they may see (students, courses, offerings of the current term).
 *   Nothing of the request selects whose figures these are: only request.user.
 * - POST /dashboard/counts, /dashboard/faculty, /dashboard/activities, /dashboard/payment: the
 *   administrator's overview (admin_system). GET answers too (the overview screen's source).
 *
 * Figure answers are flat objects of scalars (the DashboardRenderer draws each as a card titled
 * by the locale key `dashboard.<key>`); per-month series are arrays.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { rowScope } from '../../resources/access.ts';
import type { RequestUser } from '../../auth/user.ts';
import { dynamicTables, type Db } from '../auth/tables.ts';
import { currentTerms } from '../system/terms.ts';
import type { DomainOptions } from '../index.ts';
import { studentStanding } from '../academic/standing.ts';
import type { WarningStanding } from '../../../engine/core/standing.ts';

type Scalar = string | number | boolean | null;
type Row = Record<string, unknown>;

/** Registration codes (registration_code) of a course the student still holds in the term. */
export const HELD_CODES = [2, 3, 4] as const; // registered, withdraw request, add-drop request

const ADMIN = 'admin_system';
/** How many months the per-month series cover (this month and the ones before). */
const MONTHS = 12;

function localName(row: Row | undefined | null, language: string): string | null {
  if (!row) return null;
  const name = language === 'ar' ? (row.name_local ?? row.name) : (row.name ?? row.name_local);
  return typeof name === 'string' && name ? name : null;
}

function requireSignedIn(user: RequestUser): void {
  if (user.id === null || user.typeName === 'Guest') throw new HttpError(401, 'unauthenticated');
}

function requireAdmin(user: RequestUser): void {
  requireSignedIn(user);
  if (!can(user, ADMIN)) throw new HttpError(403, 'forbidden');
}

function has(manifest: Manifest, entity: string, ...fields: string[]): boolean {
  const e = manifest.entities[entity];
  return !!e && fields.every((f) => f === 'id' || f in e.fields);
}

/** Live rows of an entity's table (soft-deleted rows left out). */
function live(db: Db, manifest: Manifest, entity: string, alias?: string) {
  const e = manifest.entities[entity]!;
  const table = alias ? `${e.table} as ${alias}` : e.table;
  let query = dynamicTables(db).selectFrom(table);
  if (e.softDelete) query = query.where(alias ? `${alias}.deleted_at` : 'deleted_at', 'is', null);
  return query;
}

async function countOf(
  db: Db,
  manifest: Manifest,
  entity: string,
  where?: (q: ReturnType<typeof live>) => ReturnType<typeof live>,
): Promise<number | null> {
  if (!manifest.entities[entity]) return null;
  let query = live(db, manifest, entity);
  if (where) query = where(query);
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** May the user see every row of the entity (read access and no row scope)? */
function seesAll(user: RequestUser, manifest: Manifest, entity: string): boolean {
  const e = manifest.entities[entity];
  return !!e && can(user, e.access.read) && rowScope(user, e) === null;
}

async function studentFigures(
  db: Db,
  manifest: Manifest,
  studentId: number,
  language: string,
): Promise<Record<string, Scalar | WarningStanding>> {
  const terms = await currentTerms(db, manifest);
  const term = terms.current_term;
  const student = has(manifest, 'students')
    ? ((await live(db, manifest, 'students').selectAll().where('id', '=', studentId).executeTakeFirst()) as
        Row | undefined)
    : undefined;
  if (!student) throw new HttpError(404, 'not_found');
  const program =
    student.program_id != null && has(manifest, 'programs')
      ? ((await live(db, manifest, 'programs')
          .selectAll()
          .where('id', '=', student.program_id as number)
          .executeTakeFirst()) as Row | undefined)
      : undefined;
  let courses = 0;
  let hours = 0;
  if (
    term &&
    has(manifest, 'registrations', 'student_id', 'offering_id', 'term_id', 'status_code') &&
    has(manifest, 'offerings', 'course_id') &&
    has(manifest, 'courses', 'credit_hours')
  ) {
    const e = manifest.entities;
    let query = live(db, manifest, 'registrations', 'r')
      .innerJoin(`${e.offerings!.table} as o`, 'o.id', 'r.offering_id')
      .innerJoin(`${e.courses!.table} as c`, 'c.id', 'o.course_id')
      .where('r.student_id', '=', studentId)
      .where('r.term_id', '=', term.id as number)
      .where('r.status_code', 'in', [...HELD_CODES]);
    if (e.offerings!.softDelete) query = query.where('o.deleted_at', 'is', null);
    const row = await query
      .select((eb) => [
        eb.fn.count<number>('r.offering_id').distinct().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('c.credit_hours'), sql<number>`0`).as('hours'),
      ])
      .executeTakeFirst();
    courses = Number(row?.n ?? 0);
    hours = Number(row?.hours ?? 0);
  }
  return {
    program: localName(program, language),
    level: (student.level as number | null) ?? null,
    gpa: student.gpa === null || student.gpa === undefined ? null : Number(student.gpa),
    current_term: localName(term, language),
    registered_courses: courses,
    credit_hours: hours,
    // Not a figure card (an object): the dashboard draws it as the warnings' alert.
    warnings: await studentStanding(db, manifest, studentId),
  };
}

async function staffFigures(
  db: Db,
  manifest: Manifest,
  user: RequestUser,
  language: string,
): Promise<Record<string, Scalar>> {
  const term = (await currentTerms(db, manifest)).current_term;
  const out: Record<string, Scalar> = {};
  if (seesAll(user, manifest, 'students')) out.students = await countOf(db, manifest, 'students');
  if (seesAll(user, manifest, 'courses')) out.courses = await countOf(db, manifest, 'courses');
  if (term && seesAll(user, manifest, 'offerings') && has(manifest, 'offerings', 'term_id')) {
    out.offerings = await countOf(db, manifest, 'offerings', (q) => q.where('term_id', '=', term.id as number));
  }
  out.current_term = localName(term, language);
  return out;
}

/** { month: 'YYYY-MM', count[, amount] } per month of the last MONTHS months, oldest first, months with none included. */
async function perMonth(
  db: Db,
  manifest: Manifest,
  entity: string,
  column: string,
  amount?: string,
): Promise<Array<Record<string, Scalar>>> {
  const now = new Date();
  const months: string[] = [];
  for (let i = MONTHS - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const series = months.map(
    (month) => ({ month, count: 0, ...(amount ? { amount: 0 } : {}) }) as Record<string, Scalar>,
  );
  if (!has(manifest, entity, column)) return series;
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const month = sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await live(db, manifest, entity)
    .where(column, '>=', since)
    .select((eb) => [
      month.as('month'),
      eb.fn.countAll<number>().as('count'),
      ...(amount && has(manifest, entity, amount)
        ? [eb.fn.coalesce(eb.fn.sum<number>(amount), sql<number>`0`).as('amount')]
        : []),
    ])
    .groupBy(month)
    .execute();
  for (const row of rows) {
    const entry = series.find((s) => s.month === row.month);
    if (!entry) continue;
    entry.count = Number(row.count);
    if (amount) entry.amount = Math.round(Number(row.amount ?? 0) * 100) / 100;
  }
  return series;
}

async function facultyStudents(db: Db, manifest: Manifest, language: string): Promise<Array<Record<string, Scalar>>> {
  if (!has(manifest, 'faculties') || !has(manifest, 'students', 'faculty_id')) return [];
  const faculties = (await live(db, manifest, 'faculties').selectAll().orderBy('id').execute()) as Row[];
  const counts = await live(db, manifest, 'students')
    .select((eb) => ['faculty_id', eb.fn.countAll<number>().as('n')])
    .groupBy('faculty_id')
    .execute();
  return faculties.map((f) => ({
    id: f.id as number,
    name: localName(f, language),
    students: Number(counts.find((c) => c.faculty_id === f.id)?.n ?? 0),
  }));
}

function routes(app: FastifyInstance, { db, manifest }: { db: Db; manifest: Manifest }): void {
  app.get('/students/dashboard', async (request: FastifyRequest) => {
    const user = request.user;
    requireSignedIn(user);
    const language = requestLanguage(request);
    if (typeof user.student_id === 'number') return studentFigures(db, manifest, user.student_id, language);
    return staffFigures(db, manifest, user, language);
  });

  const admin = (path: string, handler: (request: FastifyRequest) => Promise<unknown>) => {
    const run = async (request: FastifyRequest) => {
      requireAdmin(request.user);
      return handler(request);
    };
    app.post(path, run);
    app.get(path, run);
  };

  admin('/dashboard/counts', async () => ({
    students: await countOf(db, manifest, 'students'),
    staff: has(manifest, 'users', 'type') ? await countOf(db, manifest, 'users', (q) => q.where('type', '=', 4)) : null,
    faculties: await countOf(db, manifest, 'faculties'),
    programs: await countOf(db, manifest, 'programs'),
    courses: await countOf(db, manifest, 'courses'),
    offerings: await (async () => {
      const term = (await currentTerms(db, manifest)).current_term;
      return term && has(manifest, 'offerings', 'term_id')
        ? countOf(db, manifest, 'offerings', (q) => q.where('term_id', '=', term.id as number))
        : null;
    })(),
  }));
  admin('/dashboard/faculty', async (request) => ({
    faculty: await facultyStudents(db, manifest, requestLanguage(request)),
  }));
  admin('/dashboard/activities', async () => ({
    activities_per_month: await perMonth(db, manifest, 'access_logs', 'at'),
  }));
  admin('/dashboard/payment', async () => ({
    payments_per_month: await perMonth(db, manifest, 'payments', 'paid_at', 'amount'),
  }));
}

export const dashboardDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest }) => {
  routes(app, { db: db as Db, manifest });
};
