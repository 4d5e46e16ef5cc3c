/**
 * The demo university's registration data: each undergraduate program's study plan (its
 * department's courses at their levels), credit-hour limits by standing, and registration
 * appointments for the current term by earned hours (seniors first), all open already on the
 * day the demo is loaded so a visitor can register (see terms.ts for the windows).
 */
import { addDays } from '../random.ts';
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

/** Entities this module writes, in insert order (added to DEMO_ENTITIES). */
export const REGISTRATION_ENTITIES: string[] = ['study_plan_courses', 'credit_hour_limits', 'registration_appointments'];

/** [name, Arabic name, GPA from, GPA below, hours] */
const LIMITS: Array<[string, string, number, number, number]> = [
  ['Academic probation', 'إنذار أكاديمي', 0, 2, 12],
  ['Good standing', 'وضع أكاديمي جيد', 2, 3, 18],
  ['Excellent standing', 'وضع أكاديمي ممتاز', 3, 4.01, 21],
];

/** [name, Arabic name, earned hours from, up to, days before the demo day it opened] */
const APPOINTMENTS: Array<[string, string, number | null, number | null, number]> = [
  ['Seniors (90 hours or more)', 'الطلاب القدامى (90 ساعة فأكثر)', 90, null, 3],
  ['Juniors (30 to 89 hours)', 'المستوى المتوسط (من 30 إلى 89 ساعة)', 30, 89, 2],
  ['New students (under 30 hours)', 'الطلاب الجدد (أقل من 30 ساعة)', null, 29, 1],
];

export async function seedRegistrationDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  const programOf = new Map(ctx.university.departments.map((d) => [d.id, d.programId]));
  const plan: Row[] = ctx.courses.courses.flatMap((course) => {
    const programId = programOf.get(course.departmentId);
    return programId ? [{ id: w.id('study_plan_courses'), program_id: programId, course_id: course.id, level: course.level, required: true }] : [];
  });
  await w.insert('study_plan_courses', plan);
  await w.insert('credit_hour_limits', LIMITS.map(([name, name_local, min_gpa, max_gpa, max_hours]) => ({
    id: w.id('credit_hour_limits'), name, name_local, min_gpa, max_gpa, max_hours,
  })));
  await w.insert('registration_appointments', APPOINTMENTS.map(([name, name_local, min, max, daysBefore]) => {
    const opens = addDays(ctx.today, -daysBefore);
    opens.setUTCHours(8, 0, 0, 0);
    return {
      id: w.id('registration_appointments'), term_id: ctx.terms.current.id, name, name_local,
      min_earned_hours: min, max_earned_hours: max, opens_at: opens.toISOString(), closes_at: null,
    };
  }));
}
