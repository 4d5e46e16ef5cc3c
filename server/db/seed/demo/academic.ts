/**
 * The demo university's academic records (demo only): every program's study plan, each
 * student's past courses with marks, and the current term's exam schedule.
 *
 * - Study plan: a program holds its department's courses (the registration demo writes them when
 *   it runs, else this module does) and the first two levels of its sister departments' courses
 *   (faculty requirements). Levels come from the courses, semesters and categories from plan.ts.
 * - History: a student at level L has taken every plan course of a lower level, in the Fall
 *   (first semester) or Spring (second) of the academic year they were at that level, except
 *   the courses they hold this term and those left for later (ctx.deferred). About one mark in
 *   fourteen is a fail, retaken and passed in the Summer after; one student in ten does worse
 *   (a fail in four, retakes that may fail again), so some GPAs fall under 2 (warnings, the
 *   probation credit limit). Marks are out of 100; 50 passes (server/domains/academic/grades.ts).
 *   Each student's stored GPA, earned hours and warnings are then computed from this history.
 * - Exams: a midterm seven weeks into the current term and a final in its last two weeks, for
 *   every offering, in the lecture halls.
 */
import { addDays, isoDate } from '../random.ts';
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';
import type { DemoCourse } from './courses.ts';
import type { DemoTerm } from './terms.ts';
import { cumulative } from '../../../domains/academic/history.ts';
import { gradeOf } from '../../../domains/academic/grades.ts';
import { ELECTIVE, programPlans } from './plan.ts';

/** Entities this module writes, in insert order (added to DEMO_ENTITIES). */
export const ACADEMIC_ENTITIES: string[] = ['study_plan_courses', 'exam_schedules'];

function termFor(terms: DemoTerm[], season: DemoTerm['season'], year: number): DemoTerm | undefined {
  return terms.find((t) => t.season === season && t.year === year);
}

export async function seedAcademicDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!w.has('registrations')) return;
  const { terms, rnd } = ctx;
  const current = terms.current;
  const planByDepartment = programPlans(ctx);
  const programOf = new Map(ctx.university.departments.map((d) => [d.id, d.programId]));

  // The registration demo (run first) plans each department's own courses; this module adds the
  // sister departments' first two levels as faculty requirements and never plans a course twice.
  // Both columns come from one unchanged table read the same way, so their rows line up.
  const [planPrograms, planCourses] = await Promise.all(
    ['program_id', 'course_id'].map((c) => w.select('study_plan_courses', c)),
  );
  const planned = new Set(planPrograms.map((p, i) => `${p}:${planCourses[i]}`));
  const planRows: Row[] = [];
  for (const [departmentId, entries] of planByDepartment) {
    const program = programOf.get(departmentId);
    if (!program) continue;
    for (const e of entries) {
      if (planned.has(`${program}:${e.course.id}`)) continue;
      planned.add(`${program}:${e.course.id}`);
      planRows.push({
        id: w.id('study_plan_courses'),
        program_id: program,
        course_id: e.course.id,
        level: e.course.level,
        semester: e.semester,
        category_id: e.category,
        required: e.category !== ELECTIVE,
      });
    }
  }
  await w.insert('study_plan_courses', planRows);

  // Courses held this term (seeded before this module) are not history. Both columns come from
  // one unchanged table read the same way, so their rows line up.
  const heldPairs = new Set<string>();
  const [heldStudents, heldOfferings] = await Promise.all([
    w.select('registrations', 'student_id'),
    w.select('registrations', 'offering_id'),
  ]);
  const courseOfOffering = new Map([...ctx.courses.offeringByCourse].map(([course, offering]) => [offering, course]));
  heldStudents.forEach((s, i) => heldPairs.add(`${s}:${courseOfOffering.get(Number(heldOfferings[i]))}`));

  const history: Row[] = [];
  const past = (t: DemoTerm | undefined) => t !== undefined && t.start < current.start;
  const add = (studentId: number, course: DemoCourse, term: DemoTerm, mark: number) => {
    history.push({
      id: w.id('registrations'),
      student_id: studentId,
      offering_id: null,
      course_id: course.id,
      credit_hours: course.creditHours,
      term_id: term.id,
      status_code: 2,
      flags: 262144 + 16,
      request_flag: 2,
      grade: mark,
      max_mark: 100,
    });
  };
  const pastOfferings: Row[] = [];
  const offeringOf = new Map<string, number>(); // course:term -> offering id of a past term
  const offering = (course: DemoCourse, term: DemoTerm) => {
    const key = `${course.id}:${term.id}`;
    let id = offeringOf.get(key);
    if (id === undefined) {
      id = w.id('offerings');
      offeringOf.set(key, id);
      pastOfferings.push({
        id,
        course_id: course.id,
        term_id: term.id,
        max_mark: 100,
        published_id: 1,
        control_status_id: 3,
      });
    }
    return id;
  };
  for (const student of ctx.people.students) {
    if (student.level < 2) continue; // first-level and postgraduate (level 0) students have no history here
    // One student in ten (never the demo account) struggles: lower marks, more fails, retakes that may fail again.
    const weak = student.id !== ctx.people.demoStudentId && rnd.chance(0.1);
    for (const entry of planByDepartment.get(student.departmentId) ?? []) {
      const { course } = entry;
      const pair = `${student.id}:${course.id}`;
      if (course.level >= student.level || heldPairs.has(pair) || ctx.deferred.has(pair)) continue;
      const year = current.year - (student.level - course.level);
      const term = termFor(terms.all, entry.semester === 1 ? 'fall' : 'spring', year);
      if (!past(term)) continue;
      const fails = rnd.chance(weak ? 1 / 4 : 1 / 14);
      add(student.id, course, term!, fails ? rnd.int(28, 49) : weak ? rnd.int(50, 72) : rnd.int(52, 98));
      const summer = termFor(terms.all, 'summer', year);
      if (fails && past(summer)) add(student.id, course, summer!, weak ? rnd.int(40, 75) : rnd.int(55, 85));
    }
  }
  const courseById = new Map(ctx.courses.courses.map((c) => [c.id, c]));
  const termById = new Map(terms.all.map((t) => [t.id, t]));
  for (const row of history)
    row.offering_id = offering(courseById.get(row.course_id as number)!, termById.get(row.term_id as number)!);
  await w.insert('offerings', pastOfferings);
  await w.insert('registrations', history);
  await storeStanding(w, ctx, history);

  // The current term's exams.
  const halls = ctx.university.rooms.filter((r) => r.kind === 'hall');
  const examRows: Row[] = [];
  const midterm = addDays(current.start, 49);
  const finals = addDays(current.end, -14);
  let n = 0;
  for (const [, offeringId] of ctx.courses.offeringByCourse) {
    const room = halls.length ? halls[n % halls.length]!.id : null;
    const morning = n % 2 === 0;
    examRows.push({
      id: w.id('exam_schedules'),
      offering_id: offeringId,
      term_id: current.id,
      kind_id: 1,
      exam_date: isoDate(addDays(midterm, n % 6)),
      start_time: morning ? '09:00' : '12:00',
      end_time: morning ? '10:30' : '13:30',
      room_id: room,
    });
    examRows.push({
      id: w.id('exam_schedules'),
      offering_id: offeringId,
      term_id: current.id,
      kind_id: 2,
      exam_date: isoDate(addDays(finals, n % 12)),
      start_time: morning ? '09:00' : '13:00',
      end_time: morning ? '12:00' : '16:00',
      room_id: room,
    });
    n += 1;
  }
  await w.insert('exam_schedules', examRows);
}

/**
 * Stores each student's GPA and earned hours as the academic records compute them from the
 * history just written (cumulative(): latest attempt of each course, the grade scale of
 * grades.ts), and warnings for a GPA under 2. Students without history keep no GPA and 0 hours.
 * One batch UPDATE per column.
 */
async function storeStanding(w: SeedWriter, ctx: DemoContext, history: Row[]): Promise<void> {
  const byStudent = new Map<
    number,
    Array<{ course_id: number; credit_hours: number; graded: ReturnType<typeof gradeOf> }>
  >();
  for (const row of history) {
    // oldest attempt first within each course: a retake follows its fail
    const list = byStudent.get(row.student_id as number) ?? [];
    list.push({
      course_id: row.course_id as number,
      credit_hours: row.credit_hours as number,
      graded: gradeOf(row.status_code as number, row.grade as number, row.max_mark as number),
    });
    byStudent.set(row.student_id as number, list);
  }
  const gpa: Array<[number, number | null]> = [];
  const earned: Array<[number, number]> = [];
  const warnings: Array<[number, number]> = [];
  for (const student of ctx.people.students) {
    const standing = cumulative(byStudent.get(student.id) ?? []);
    gpa.push([student.id, standing.gpa]);
    earned.push([student.id, standing.earned_hours]);
    warnings.push([student.id, standing.gpa !== null && standing.gpa < 2 ? ctx.rnd.int(1, 2) : 0]);
  }
  await w.update('students', 'gpa', gpa);
  await w.update('students', 'earned_hours', earned);
  await w.update('students', 'consecutive_warnings', warnings);
  await w.update('students', 'total_warnings', warnings);
}
