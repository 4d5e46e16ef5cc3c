/**
 * QR attendance in the demo: the demo instructor (instructor@rowaq.demo) teaches the lecture
 * section of one of the courses the demo student (student@rowaq.demo) holds this term, so a
 * visitor can open a session as the one and scan as the other. The section chosen meets today
 * when one of them does; otherwise the instructor's screen offers the section's next meeting dates.
 * The setting attendance_with_qr_code is "true" in the demo (settings.ts).
 * The section also gets classmates (students of the demo student's department at the course's
 * level, registered this term), so the instructor's attendance list and grade sheet
 * (/grades/sections/{id}) hold a class, not one student.
 */
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

/** The demo instructor is the fourth lecturer of Computer Science (people.ts: titles 0-3 lecture, 3 is the demo account). */
const DEMO_INSTRUCTOR_LECTURER = 3;

/** How many classmates the demo instructor's section gets besides the demo student. */
const CLASSMATES = 24;

/** week_day id of a date: Saturday 1 ... Friday 7. */
function weekDay(date: Date): number {
  return ((date.getUTCDay() + 1) % 7) + 1;
}

export async function seedAttendanceDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  const cs = ctx.university.departments.find((d) => d.code === 'CS');
  const instructorId = cs ? ctx.people.teaching.get(cs.id)?.lecturers[DEMO_INSTRUCTOR_LECTURER] : undefined;
  if (!instructorId) return;
  // Both columns come from one unchanged table read the same way, so their rows line up.
  const [students, sections] = await Promise.all([
    w.select('registrations', 'student_id'),
    w.select('registrations', 'section_id'),
  ]);
  const held = new Set(
    sections.filter((s, i) => s != null && Number(students[i]) === ctx.people.demoStudentId).map(Number),
  );
  const candidates = ctx.courses.sections.filter((s) => s.lecture && held.has(s.id));
  const today = weekDay(ctx.today);
  const chosen = candidates.find((s) => s.slots.some((slot) => slot.day === today)) ?? candidates[0];
  if (!chosen) return;
  await w.update('sections', 'instructor_id', [[chosen.id, instructorId]]);
  await registerClassmates(w, ctx, chosen);
}

/**
 * Students of the demo student's department at the course's own level (so none has passed it:
 * academic.ts writes history below a student's level only), registered in the section as the
 * demo student is (courses.ts registerStudent), the seats counted.
 */
async function registerClassmates(
  w: SeedWriter,
  ctx: DemoContext,
  section: DemoContext['courses']['sections'][number],
): Promise<void> {
  const course = ctx.courses.courses.find((c) => c.id === section.courseId);
  const demo = ctx.people.students.find((s) => s.id === ctx.people.demoStudentId);
  if (!course || !demo) return;
  const classmates = ctx.people.students
    .filter((s) => s.active && s.id !== demo.id && s.departmentId === demo.departmentId && s.level === course.level)
    .slice(0, Math.min(CLASSMATES, section.capacity - 1));
  const term = ctx.terms.current.id;
  const rows: Row[] = classmates.map((student) => ({
    id: w.id('registrations'),
    student_id: student.id,
    offering_id: section.offeringId,
    section_id: section.id,
    term_id: term,
    // registration_code 2 registered; registration_status Registered (262144) + Fresh (16); request flag Registered (2).
    status_code: 2,
    flags: 262144 + 16,
    request_flag: 2,
    max_mark: 100,
    course_id: course.id,
    credit_hours: course.creditHours,
    row_key: `${student.id}:${section.offeringId}`,
    hold_key: `${student.id}:${course.id}:${term}`,
  }));
  await w.insert('registrations', rows);
  // The demo student holds the section's first seat (courses.ts).
  await w.update('sections', 'seats_taken', [[section.id, 1 + rows.length]]);
}
