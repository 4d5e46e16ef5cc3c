/**
 * The demo university's registration data: each undergraduate program's study plan (its
 * department's courses at their levels, semesters and categories: plan.ts), credit-hour limits by standing, and registration
 * appointments for the current term by earned hours (seniors first), all open already on the
 * day the demo is loaded so a visitor can register (see terms.ts for the windows).
 */
import { addDays } from '../random.ts';
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';
import { ELECTIVE, programPlans } from './plan.ts';

/** Entities this module writes, in insert order (added to DEMO_ENTITIES). */
export const REGISTRATION_ENTITIES: string[] = [
  'study_plan_courses',
  'credit_hour_limits',
  'registration_appointments',
];

/** [name, Arabic name, GPA from, GPA below, hours] */
const LIMITS: Array<[string, string, number, number, number]> = [
  ['Academic probation', 'إنذار أكاديمي', 0, 2, 12],
  ['Good standing', 'وضع أكاديمي جيد', 2, 3, 18],
  ['Excellent standing', 'وضع أكاديمي ممتاز', 3, 4.01, 21],
];

/**
 * [name, Arabic name, earned hours from, up to, days before the demo day it opened]. The bands
 * fit the earned hours the demo's grade history gives (0 to about 48: its plans are small).
 */
const APPOINTMENTS: Array<[string, string, number | null, number | null, number]> = [
  ['Seniors (36 hours or more)', 'الطلاب القدامى (36 ساعة فأكثر)', 36, null, 3],
  ['Juniors (15 to 35 hours)', 'المستوى المتوسط (من 15 إلى 35 ساعة)', 15, 35, 2],
  ['New students (under 15 hours)', 'الطلاب الجدد (أقل من 15 ساعة)', null, 14, 1],
];

export async function seedRegistrationDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  // The department's own courses; academic.ts adds the faculty requirements of the same plans.
  const programOf = new Map(ctx.university.departments.map((d) => [d.id, d.programId]));
  const plan: Row[] = [...programPlans(ctx)].flatMap(([departmentId, entries]) => {
    const programId = programOf.get(departmentId);
    if (!programId) return [];
    return entries
      .filter((e) => e.course.departmentId === departmentId)
      .map((e) => ({
        id: w.id('study_plan_courses'),
        program_id: programId,
        course_id: e.course.id,
        level: e.course.level,
        semester: e.semester,
        category_id: e.category,
        required: e.category !== ELECTIVE,
      }));
  });
  await w.insert('study_plan_courses', plan);
  await w.insert(
    'credit_hour_limits',
    LIMITS.map(([name, name_local, min_gpa, max_gpa, max_hours]) => ({
      id: w.id('credit_hour_limits'),
      name,
      name_local,
      min_gpa,
      max_gpa,
      max_hours,
    })),
  );
  await w.insert(
    'registration_appointments',
    APPOINTMENTS.map(([name, name_local, min, max, daysBefore]) => {
      const opens = addDays(ctx.today, -daysBefore);
      opens.setUTCHours(8, 0, 0, 0);
      return {
        id: w.id('registration_appointments'),
        term_id: ctx.terms.current.id,
        name,
        name_local,
        min_earned_hours: min,
        max_earned_hours: max,
        opens_at: opens.toISOString(),
        closes_at: null,
      };
    }),
  );
}
