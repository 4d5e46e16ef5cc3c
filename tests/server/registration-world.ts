/**
 * A small university for the registration tests and the registration-rush benchmark: one
 * faculty, program (with a study plan), bylaw and term whose registration window is open today,
 * an advisor, courses with offerings, sections and slots, and students with live sessions,
 * all written in batches (hundreds of students in a few statements).
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashToken, TOKENS_TABLE } from '../../server/auth/tokens.ts';

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Windows relative to today: [start, end] day offsets; null closes the stage. */
export interface Windows {
  registration?: [number, number] | null;
  add_drop?: [number, number] | null;
  withdraw?: [number, number] | null;
}

export async function setWindows(db: Kysely<any>, termId: number, w: Windows): Promise<void> {
  const values: Record<string, string | null> = {};
  for (const stage of ['registration', 'add_drop', 'withdraw'] as const) {
    if (!(stage in w)) continue;
    const range = w[stage];
    values[`${stage}_start`] = range ? day(range[0]) : null;
    values[`${stage}_end`] = range ? day(range[1]) : null;
  }
  await db.updateTable('terms').set(values).where('id', '=', termId).execute();
}

export interface WorldUser {
  id: number;
  token: string;
  student_id?: number;
}
export interface World {
  facultyId: number;
  programId: number;
  bylawId: number;
  termId: number;
  pastTermId: number;
  advisor: WorldUser;
  advisorInstructorId: number;
  registrar: WorldUser;
}

const id = async (db: Kysely<any>, table: string, values: Record<string, unknown>) =>
  Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);

let runTag = 0;

/** Users with roles and a live session, in three statements. */
export async function makeUsers(db: Kysely<any>, count: number, type: 3 | 4, roles: string[]): Promise<WorldUser[]> {
  if (count === 0) return [];
  runTag += 1;
  const tag = `${process.pid}x${runTag}x${crypto.randomBytes(3).toString('hex')}`;
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `User ${i}`,
        email: `r${tag}n${i}@example.edu`,
        type,
        active: true,
      })),
    )
    .returning('id')
    .execute();
  const ids = users.map((u) => Number(u.id));
  if (roles.length)
    await db
      .insertInto('user_roles')
      .values(ids.flatMap((user_id) => roles.map((role) => ({ user_id, role }))))
      .execute();
  const tokens = ids.map(() => crypto.randomBytes(32).toString('base64url'));
  const expires = new Date(Date.now() + 86_400_000);
  await db
    .insertInto(TOKENS_TABLE)
    .values(ids.map((user_id, i) => ({ user_id, token_hash: hashToken(tokens[i]!), expires_at: expires })))
    .execute();
  return ids.map((uid, i) => ({ id: uid, token: tokens[i]! }));
}

export interface StudentSpec {
  level?: number;
  earned_hours?: number;
  gpa?: number | null;
  advisor?: boolean;
}

/** Students of the world's program (users, roles, sessions and students rows, batched). */
export async function makeStudents(
  db: Kysely<any>,
  world: World,
  count: number,
  spec: StudentSpec = {},
): Promise<WorldUser[]> {
  const users = await makeUsers(db, count, 3, ['student']);
  const rows = await db
    .insertInto('students')
    .values(
      users.map((u, i) => ({
        user_id: u.id,
        code: `S${u.id}x${i}`,
        name: 'Student Person',
        faculty_id: world.facultyId,
        program_id: world.programId,
        bylaw_id: world.bylawId,
        level: spec.level ?? 2,
        earned_hours: spec.earned_hours ?? 30,
        gpa: spec.gpa === undefined ? 3 : spec.gpa,
        advisor_id: spec.advisor === false ? null : world.advisorInstructorId,
        status_id: 1,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  const byUser = new Map(rows.map((r) => [Number(r.user_id), Number(r.id)]));
  return users.map((u) => ({ ...u, student_id: byUser.get(u.id)! }));
}

export async function makeWorld(db: Kysely<any>): Promise<World> {
  await sql`insert into countries (id, code, name, name_local) values (64, 'EG', 'Egypt', 'مصر') on conflict do nothing`.execute(
    db,
  );
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const facultyId = await id(db, 'faculties', {
    code: `ENG${tag}`,
    name: 'Faculty of Engineering',
    name_local: 'كلية الهندسة',
  });
  const bylawId = await id(db, 'bylaws', {
    faculty_id: facultyId,
    code: `BL${tag}`,
    name: 'Bylaw 2023',
    name_local: 'لائحة 2023',
    max_consecutive_warnings: 3,
    max_total_warnings: 6,
  });
  const programId = await id(db, 'programs', {
    faculty_id: facultyId,
    bylaw_id: bylawId,
    code: `CSE${tag}`,
    name: 'Computer Engineering',
    name_local: 'هندسة الحاسبات',
  });
  const termId = await id(db, 'terms', {
    code: `F${tag}`,
    name: 'Fall',
    name_local: 'الخريف',
    year: 2026,
    start_date: day(10),
    end_date: day(120),
    is_current: true,
    registration_start: day(-1),
    registration_end: day(7),
    add_drop_start: day(10),
    add_drop_end: day(20),
    withdraw_start: day(21),
    withdraw_end: day(100),
    max_credit_hours: 18,
    advising_required: true,
  });
  const pastTermId = await id(db, 'terms', {
    code: `S${tag}`,
    name: 'Spring',
    name_local: 'الربيع',
    year: 2025,
    start_date: day(-200),
    end_date: day(-100),
  });
  const [advisor] = await makeUsers(db, 1, 4, ['advisor']);
  const advisorInstructorId = await id(db, 'instructors', {
    user_id: advisor!.id,
    code: `INS${tag}`,
    name: 'Dr Advisor',
    name_local: 'د. المرشد',
    faculty_id: facultyId,
  });
  const [registrar] = await makeUsers(db, 1, 4, ['registrar']);
  return {
    facultyId,
    programId,
    bylawId,
    termId,
    pastTermId,
    advisor: advisor!,
    advisorInstructorId,
    registrar: registrar!,
  };
}

export interface CourseSpec {
  code: string;
  credit_hours?: number;
  level?: number;
  required_passed_hours?: number;
  planLevel?: number | null;
  prerequisites?: number[];
  /** Sections: capacity and weekly slots [day, 'HH:MM', 'HH:MM']. */
  sections: Array<{ code?: string; capacity: number; slots: Array<[number, string, string]> }>;
}
export interface MadeCourse {
  courseId: number;
  offeringId: number;
  sectionIds: number[];
}

export async function makeCourse(
  db: Kysely<any>,
  world: World,
  spec: CourseSpec,
  termId = world.termId,
): Promise<MadeCourse> {
  const courseId = await id(db, 'courses', {
    faculty_id: world.facultyId,
    code: `${spec.code}${crypto.randomBytes(2).toString('hex')}`.toUpperCase(),
    name: `Course ${spec.code}`,
    name_local: `مقرر ${spec.code}`,
    credit_hours: spec.credit_hours ?? 3,
    level: spec.level ?? 1,
    required_passed_hours: spec.required_passed_hours ?? 0,
  });
  if (spec.planLevel !== null)
    await db
      .insertInto('study_plan_courses')
      .values({ program_id: world.programId, course_id: courseId, level: spec.planLevel ?? spec.level ?? 1 })
      .execute();
  for (const prerequisite_id of spec.prerequisites ?? [])
    await db.insertInto('course_prerequisites').values({ course_id: courseId, prerequisite_id }).execute();
  const offeringId = await id(db, 'offerings', { course_id: courseId, term_id: termId, program_id: world.programId });
  const sectionIds: number[] = [];
  for (const [n, s] of spec.sections.entries()) {
    const sectionId = await id(db, 'sections', {
      offering_id: offeringId,
      code: s.code ?? `L${n + 1}`,
      capacity: s.capacity,
      seats_taken: 0,
    });
    sectionIds.push(sectionId);
    if (s.slots.length)
      await db
        .insertInto('slots')
        .values(s.slots.map(([d, from, to]) => ({ section_id: sectionId, day: d, start_time: from, end_time: to })))
        .execute();
  }
  return { courseId, offeringId, sectionIds };
}

/** A passed (or failed) registration of `courseId` in the past term. */
export async function pastGrade(
  db: Kysely<any>,
  world: World,
  studentId: number,
  courseId: number,
  grade: number,
): Promise<void> {
  const offeringId = await id(db, 'offerings', { course_id: courseId, term_id: world.pastTermId });
  await db
    .insertInto('registrations')
    .values({
      student_id: studentId,
      offering_id: offeringId,
      term_id: world.pastTermId,
      course_id: courseId,
      status_code: 2,
      flags: 262160,
      request_flag: 2,
      grade,
      max_mark: 100,
    })
    .execute();
}
