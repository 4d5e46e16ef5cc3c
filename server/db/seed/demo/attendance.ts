/**
 * QR attendance in the demo: the demo instructor (instructor@rowaq.demo) teaches the lecture
 * section of one of the courses the demo student (student@rowaq.demo) holds this term, so a
 * visitor can open a session as the one and scan as the other. The section chosen meets today
 * when one of them does; otherwise the instructor's screen offers the section's next meeting dates.
 * The setting attendance_with_qr_code is "true" in the demo (settings.ts).
 */
import type { SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

/** The demo instructor is the fourth lecturer of Computer Science (people.ts: titles 0-3 lecture, 3 is the demo account). */
const DEMO_INSTRUCTOR_LECTURER = 3;

/** week_day id of a date: Saturday 1 ... Friday 7. */
function weekDay(date: Date): number {
  return ((date.getUTCDay() + 1) % 7) + 1;
}

export async function seedAttendanceDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  const cs = ctx.university.departments.find((d) => d.code === 'CS');
  const instructorId = cs ? ctx.people.teaching.get(cs.id)?.lecturers[DEMO_INSTRUCTOR_LECTURER] : undefined;
  if (!instructorId) return;
  // Both columns come from one unchanged table read the same way, so their rows line up.
  const [students, sections] = await Promise.all([w.select('registrations', 'student_id'), w.select('registrations', 'section_id')]);
  const held = new Set(sections.filter((s, i) => s != null && Number(students[i]) === ctx.people.demoStudentId).map(Number));
  const candidates = ctx.courses.sections.filter((s) => s.lecture && held.has(s.id));
  const today = weekDay(ctx.today);
  const chosen = candidates.find((s) => s.slots.some((slot) => slot.day === today)) ?? candidates[0];
  if (chosen) await w.update('sections', 'instructor_id', [[chosen.id, instructorId]]);
}
