/**
 * The demo university, loaded in one transaction by seed() on an empty database: structure,
 * terms, people, courses with their current offerings, and settings. About 2,600 users and
 * 2,400 students; every write is a batch (see writer.ts).
 */
import type { Manifest } from '../../../../generator/manifest-types.ts';
import { Random } from '../random.ts';
import type { SeedWriter } from '../writer.ts';
import { registerStudent, seedCourses } from './courses.ts';
import { seedPeople } from './people.ts';
import { programPlans } from './plan.ts';
import { seedSettings } from './settings.ts';
import { seedTerms } from './terms.ts';
import { seedUniversity } from './university.ts';
import { ADMISSION_ENTITIES, seedAdmissionDemo } from './admission.ts';
import { FINANCE_ENTITIES, seedFinanceDemo } from './finance.ts';
import { BANK_ENTITIES, seedBanksDemo } from './banks.ts';
import { REGISTRATION_ENTITIES, seedRegistrationDemo } from './registration.ts';
import { ACADEMIC_ENTITIES, seedAcademicDemo } from './academic.ts';
import { seedAttendanceDemo } from './attendance.ts';
import { seedCertificatesDemo } from './certificates.ts';
import { seedGradeRechecksDemo } from './grade-rechecks.ts';
import { seedExcusesDemo } from './excuses.ts';
import { seedTicketsDemo } from './tickets.ts';
import { seedCalendarDemo } from './calendar.ts';
import { seedChatDemo } from './chat.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, STUDENT_COUNT } from './people.ts';

/** The generator's seed: change it and every name, date and number of the demo changes. */
export const DEMO_SEED = 20_260_101;

/** Every entity the demo writes, in the order their rows can be inserted. */
export const DEMO_ENTITIES = [
  'faculties',
  'departments',
  'bylaws',
  'programs',
  'buildings',
  'rooms',
  'terms',
  'users',
  'user_roles',
  'instructors',
  'students',
  'courses',
  'course_prerequisites',
  'offerings',
  'sections',
  'slots',
  'registrations',
  'settings',
  ...REGISTRATION_ENTITIES,
  ...ACADEMIC_ENTITIES,
  ...ADMISSION_ENTITIES,
  ...FINANCE_ENTITIES,
  ...BANK_ENTITIES,
];

export interface DemoOptions {
  /** The day the demo is loaded for: it decides the current term. */
  today?: Date;
  /** Roles given to the demo administrator besides `admin` (every role granting admin_system). */
  adminRoles?: string[];
}

export async function loadDemo(
  w: SeedWriter,
  manifest: Manifest,
  passwordHash: string,
  options: DemoOptions = {},
): Promise<void> {
  const rnd = new Random(DEMO_SEED);
  await w.prepare(DEMO_ENTITIES);
  const university = await seedUniversity(w);
  const terms = await seedTerms(w, options.today ?? new Date());
  const people = await seedPeople(w, manifest, rnd, university, terms, passwordHash, options.adminRoles ?? []);
  const courses = await seedCourses(w, rnd, university, terms, people.teaching);
  const demoStudent = people.students.find((s) => s.id === people.demoStudentId);
  const deferred = new Set<string>();
  if (demoStudent) {
    const plan = programPlans({ university, courses }).get(demoStudent.departmentId) ?? [];
    for (const courseId of await registerStudent(w, courses, terms, demoStudent, plan))
      deferred.add(`${demoStudent.id}:${courseId}`);
  }
  await seedSettings(w);
  const ctx = { manifest, rnd, today: options.today ?? new Date(), university, terms, people, courses, deferred };
  await seedRegistrationDemo(w, ctx);
  await seedAcademicDemo(w, ctx); // after registration: completes its study plans (semester, faculty requirements)
  await seedAdmissionDemo(w, ctx);
  await seedFinanceDemo(w, ctx);
  await seedBanksDemo(w); // the accounts offered on bank transfer
  await seedAttendanceDemo(w, ctx); // the demo instructor teaches one of the demo student's lectures
  await seedCertificatesDemo(w, ctx); // fees, dean@rowaq.demo, requests in every status
  await seedGradeRechecksDemo(w, ctx); // the fee, one of the demo student's courses published, others' rechecks
  await seedExcusesDemo(w, ctx); // absence excuses: the demo student's pending, approved, rejected; a few others'
  await seedTicketsDemo(w, ctx); // the demo student's tickets in every status, answered by registrar@
  await seedCalendarDemo(w, ctx); // the term's holidays and exam periods
  await seedChatDemo(w, ctx); // the demo student's conversation with their advisor
}
