/**
 * Each demo program's study plan: its department's own courses (compulsory; from the fourth
 * level on, a level's last course is an elective) and the first two levels of its sister
 * departments' courses (faculty requirements), each at its course's level and in a semester of
 * that level. Shared by the registration demo (which writes the own courses' rows) and the
 * academic demo (which writes the faculty requirements and takes each past course in the term
 * of its semester), so the plan and the history agree.
 *
 * A level is a year of two semesters: level n's semester 1 and 2 are the program's semesters
 * 2n-1 (Fall) and 2n (Spring). A course built on another of the same level comes in semester 2
 * and that one in semester 1; the others fill the emptier semester, the first one on a tie.
 */
import type { DemoContext } from './context.ts';
import type { DemoCourse } from './courses.ts';

/** study_plan_category: 2 faculty requirement, 3 compulsory, 4 elective. */
export const FACULTY_REQUIREMENT = 2;
export const COMPULSORY = 3;
export const ELECTIVE = 4;
/** A department's courses up to this level are faculty requirements of its sister programs. */
export const FACULTY_REQUIREMENT_LEVELS = 2;

export interface PlanEntry {
  course: DemoCourse;
  semester: 1 | 2;
  category: number;
}

/** Every department's program plan, keyed by department id: its own courses first. */
export function programPlans(ctx: Pick<DemoContext, 'university' | 'courses'>): Map<number, PlanEntry[]> {
  const byDepartment = new Map<number, DemoCourse[]>();
  for (const course of ctx.courses.courses)
    byDepartment.set(course.departmentId, [...(byDepartment.get(course.departmentId) ?? []), course]);
  const out = new Map<number, PlanEntry[]>();
  for (const faculty of ctx.university.faculties) {
    for (const department of faculty.departments) {
      const own = byDepartment.get(department.id) ?? [];
      const planned: Array<Omit<PlanEntry, 'semester'>> = own.map((course) => {
        const lastOfLevel = own.filter((c) => c.level === course.level).at(-1) === course;
        return { course, category: course.level >= 4 && lastOfLevel ? ELECTIVE : COMPULSORY };
      });
      for (const sister of faculty.departments) {
        if (sister.id === department.id) continue;
        for (const course of byDepartment.get(sister.id) ?? [])
          if (course.level <= FACULTY_REQUIREMENT_LEVELS) planned.push({ course, category: FACULTY_REQUIREMENT });
      }
      const semesters = semestersOf(planned.map((e) => e.course));
      out.set(
        department.id,
        planned.map((e) => ({ ...e, semester: semesters.get(e.course.id)! })),
      );
    }
  }
  return out;
}

/** The semester of each course of one plan, level by level (see the file comment). */
function semestersOf(courses: readonly DemoCourse[]): Map<number, 1 | 2> {
  const semester = new Map<number, 1 | 2>();
  for (const level of new Set(courses.map((c) => c.level))) {
    const group = courses.filter((c) => c.level === level);
    const ids = new Set(group.map((c) => c.id));
    for (const course of group) {
      if (course.prerequisites.some((p) => ids.has(p))) semester.set(course.id, 2);
      else if (group.some((other) => other.prerequisites.includes(course.id))) semester.set(course.id, 1);
    }
    const count = (s: 1 | 2) => group.filter((c) => semester.get(c.id) === s).length;
    for (const course of group) if (!semester.has(course.id)) semester.set(course.id, count(2) < count(1) ? 2 : 1);
  }
  return semester;
}
