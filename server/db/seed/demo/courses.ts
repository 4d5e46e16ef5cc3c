/**
 * Courses, prerequisites, and the current term's offerings: every active course is offered,
 * each with a lecture section and one to three lab or tutorial sections, capacities, and
 * weekly slots placed in rooms so that no room and no instructor is booked twice at once.
 * The first two levels' offerings are open to the whole faculty (they are faculty
 * requirements of the sister programs); the later ones to the department's program.
 */
import type { Random } from '../random.ts';
import { FACULTY_REQUIREMENT_LEVELS, type PlanEntry } from './plan.ts';
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoTerms } from './terms.ts';
import type { DemoUniversity } from './university.ts';

/** Four subjects per department; each gives a first and a second course. */
const SUBJECTS: Record<string, Array<[string, string]>> = {
  CIV: [
    ['Engineering Mechanics', 'الميكانيكا الهندسية'],
    ['Structural Analysis', 'تحليل الإنشاءات'],
    ['Reinforced Concrete', 'الخرسانة المسلحة'],
    ['Soil Mechanics', 'ميكانيكا التربة'],
  ],
  MEC: [
    ['Thermodynamics', 'الديناميكا الحرارية'],
    ['Fluid Mechanics', 'ميكانيكا الموائع'],
    ['Machine Design', 'تصميم الآلات'],
    ['Heat Transfer', 'انتقال الحرارة'],
  ],
  ELE: [
    ['Electric Circuits', 'الدوائر الكهربائية'],
    ['Electronics', 'الإلكترونيات'],
    ['Power Systems', 'نظم القوى الكهربائية'],
    ['Control Systems', 'نظم التحكم'],
  ],
  ARC: [
    ['Architectural Design', 'التصميم المعماري'],
    ['History of Architecture', 'تاريخ العمارة'],
    ['Building Construction', 'إنشاء المباني'],
    ['Urban Planning', 'التخطيط العمراني'],
  ],
  CS: [
    ['Programming', 'البرمجة'],
    ['Data Structures', 'هياكل البيانات'],
    ['Algorithms', 'الخوارزميات'],
    ['Operating Systems', 'نظم التشغيل'],
  ],
  IS: [
    ['Database Systems', 'نظم قواعد البيانات'],
    ['Systems Analysis and Design', 'تحليل وتصميم النظم'],
    ['Web Development', 'تطوير تطبيقات الويب'],
    ['Information Security', 'أمن المعلومات'],
  ],
  AI: [
    ['Artificial Intelligence', 'الذكاء الاصطناعي'],
    ['Machine Learning', 'تعلم الآلة'],
    ['Computer Vision', 'الرؤية بالحاسب'],
    ['Natural Language Processing', 'معالجة اللغات الطبيعية'],
  ],
  ACC: [
    ['Financial Accounting', 'المحاسبة المالية'],
    ['Cost Accounting', 'محاسبة التكاليف'],
    ['Auditing', 'المراجعة'],
    ['Tax Accounting', 'المحاسبة الضريبية'],
  ],
  MGT: [
    ['Principles of Management', 'مبادئ الإدارة'],
    ['Organizational Behavior', 'السلوك التنظيمي'],
    ['Human Resource Management', 'إدارة الموارد البشرية'],
    ['Strategic Management', 'الإدارة الاستراتيجية'],
  ],
  MKT: [
    ['Principles of Marketing', 'مبادئ التسويق'],
    ['Consumer Behavior', 'سلوك المستهلك'],
    ['Digital Marketing', 'التسويق الرقمي'],
    ['Marketing Research', 'بحوث التسويق'],
  ],
  FIN: [
    ['Financial Management', 'الإدارة المالية'],
    ['Banking Operations', 'العمليات المصرفية'],
    ['Investment Analysis', 'تحليل الاستثمار'],
    ['Islamic Finance', 'التمويل الإسلامي'],
  ],
  BMS: [
    ['Anatomy', 'علم التشريح'],
    ['Physiology', 'علم وظائف الأعضاء'],
    ['Biochemistry', 'الكيمياء الحيوية'],
    ['Pathology', 'علم الأمراض'],
  ],
  IMD: [
    ['Clinical Skills', 'المهارات الإكلينيكية'],
    ['Internal Medicine', 'الأمراض الباطنة'],
    ['Cardiology', 'أمراض القلب'],
    ['Pediatrics', 'طب الأطفال'],
  ],
  SRG: [
    ['Surgical Principles', 'مبادئ الجراحة'],
    ['General Surgery', 'الجراحة العامة'],
    ['Orthopedics', 'جراحة العظام'],
    ['Anesthesia', 'التخدير'],
  ],
  PHT: [
    ['Pharmaceutics', 'الصيدلانيات'],
    ['Physical Pharmacy', 'الصيدلة الفيزيائية'],
    ['Biopharmaceutics', 'الصيدلة الحيوية'],
    ['Drug Delivery Systems', 'نظم توصيل الدواء'],
  ],
  PHL: [
    ['Pharmacology', 'علم الأدوية'],
    ['Toxicology', 'علم السموم'],
    ['Clinical Pharmacy', 'الصيدلة الإكلينيكية'],
    ['Pharmacotherapy', 'العلاج الدوائي'],
  ],
  PHC: [
    ['Organic Chemistry', 'الكيمياء العضوية'],
    ['Analytical Chemistry', 'الكيمياء التحليلية'],
    ['Medicinal Chemistry', 'الكيمياء الدوائية'],
    ['Pharmacognosy', 'العقاقير'],
  ],
  ENL: [
    ['English Grammar', 'قواعد اللغة الإنجليزية'],
    ['English Poetry', 'الشعر الإنجليزي'],
    ['Translation', 'الترجمة'],
    ['Linguistics', 'علم اللغة'],
  ],
  ARL: [
    ['Arabic Grammar', 'النحو العربي'],
    ['Arabic Rhetoric', 'البلاغة العربية'],
    ['Classical Arabic Literature', 'الأدب العربي القديم'],
    ['Modern Arabic Literature', 'الأدب العربي الحديث'],
  ],
  PSY: [
    ['General Psychology', 'علم النفس العام'],
    ['Developmental Psychology', 'علم النفس النمو'],
    ['Social Psychology', 'علم النفس الاجتماعي'],
    ['Clinical Psychology', 'علم النفس الإكلينيكي'],
  ],
};

/**
 * Passed hours a course needs per level above the first. A student's earned hours come from the
 * grade history (academic.ts), which holds only the demo's small study plans (two department
 * courses a level and the first two levels of the sister departments): a level-3 student has
 * passed about 30 hours, so 6 a level lets every student in good standing register their level.
 */
const PASSED_HOURS_PER_LEVEL = 6;

/** Departments whose courses have labs rather than tutorials. */
const LAB_DEPARTMENTS = new Set(['CS', 'IS', 'AI', 'ELE', 'MEC', 'BMS', 'PHT', 'PHL', 'PHC']);

const DAYS = [1, 2, 3, 4, 5, 6]; // Saturday to Thursday (status table week_day)
const PERIODS: Array<[string, string]> = [
  ['08:30', '10:00'],
  ['10:15', '11:45'],
  ['12:00', '13:30'],
  ['13:45', '15:15'],
  ['15:30', '17:00'],
];

export interface DemoCourse {
  id: number;
  code: string;
  departmentId: number;
  level: number;
  creditHours: number;
  /** Ids of the courses that must be passed first (course_prerequisites). */
  prerequisites: number[];
}
export interface DemoSlot {
  day: number;
  start: string;
  end: string;
}
export interface DemoSection {
  id: number;
  offeringId: number;
  courseId: number;
  capacity: number;
  lecture: boolean;
  slots: DemoSlot[];
}
export interface DemoCourses {
  courses: DemoCourse[];
  sections: DemoSection[];
  offeringByCourse: Map<number, number>;
}

/** Instructors of a department, teaching staff first (see people.ts). */
export type TeachingStaff = Map<number, { lecturers: number[]; assistants: number[] }>;

export async function seedCourses(
  w: SeedWriter,
  rnd: Random,
  uni: DemoUniversity,
  terms: DemoTerms,
  staff: TeachingStaff,
): Promise<DemoCourses> {
  const courses: DemoCourse[] = [];
  const courseRows: Row[] = [];
  const prerequisiteRows: Row[] = [];
  for (const faculty of uni.faculties) {
    for (const department of faculty.departments) {
      const subjects = SUBJECTS[department.code] ?? [];
      const perLevel = new Map<number, number>();
      let previousFirst: DemoCourse | undefined;
      subjects.forEach(([en, ar], s) => {
        const lab = LAB_DEPARTMENTS.has(department.code);
        const make = (part: 1 | 2): DemoCourse => {
          const level = Math.min(s + part, faculty.years);
          const n = (perLevel.get(level) ?? 0) + 1;
          perLevel.set(level, n);
          const course: DemoCourse = {
            id: w.id('courses'),
            code: `${department.code}${level}${String(n).padStart(2, '0')}`,
            departmentId: department.id,
            level,
            creditHours: 3,
            prerequisites: [],
          };
          courseRows.push({
            id: course.id,
            faculty_id: faculty.id,
            department_id: department.id,
            code: course.code,
            name: `${en} ${part === 1 ? 'I' : 'II'}`,
            name_local: `${ar} (${part})`,
            credit_hours: 3,
            lecture_hours: 2,
            lab_hours: lab ? 2 : 1,
            level,
            required_passed_hours: (level - 1) * PASSED_HOURS_PER_LEVEL,
            max_mark: 100,
            active: true,
            description: `${part === 1 ? 'Foundations' : 'Further study'} of ${en.toLowerCase()} in the ${department.name} programme.`,
          });
          courses.push(course);
          return course;
        };
        const first = make(1);
        const second = make(2);
        prerequisiteRows.push({ id: w.id('course_prerequisites'), course_id: second.id, prerequisite_id: first.id });
        second.prerequisites.push(first.id);
        if (previousFirst) {
          prerequisiteRows.push({
            id: w.id('course_prerequisites'),
            course_id: first.id,
            prerequisite_id: previousFirst.id,
          });
          first.prerequisites.push(previousFirst.id);
        }
        previousFirst = first;
      });
    }
  }
  await w.insert('courses', courseRows);
  await w.insert('course_prerequisites', prerequisiteRows);

  // Offerings of the current term with sections and weekly slots.
  const offeringRows: Row[] = [];
  const sectionRows: Row[] = [];
  const slotRows: Row[] = [];
  const sections: DemoSection[] = [];
  const offeringByCourse = new Map<number, number>();
  const booked = new Set<string>();
  const halls = uni.rooms.filter((r) => r.kind === 'hall');
  const classes = uni.rooms.filter((r) => r.kind === 'class');
  const labs = uni.rooms.filter((r) => r.kind === 'lab');
  let cursor = 0;
  /** The first free (day, period, room) for the instructor, scanning from a moving start. */
  const place = (rooms: typeof uni.rooms, instructorId: number | null) => {
    const slotsPerRoom = DAYS.length * PERIODS.length;
    for (let k = 0; k < slotsPerRoom * rooms.length; k++) {
      const i = (cursor + k) % (slotsPerRoom * rooms.length);
      const room = rooms[i % rooms.length];
      const t = Math.floor(i / rooms.length);
      const day = DAYS[t % DAYS.length];
      const period = Math.floor(t / DAYS.length);
      const roomKey = `r${room.id}:${day}:${period}`;
      const teacherKey = `i${instructorId}:${day}:${period}`;
      if (booked.has(roomKey) || (instructorId !== null && booked.has(teacherKey))) continue;
      booked.add(roomKey);
      if (instructorId !== null) booked.add(teacherKey);
      cursor = i + 7;
      return { room, day, period: PERIODS[period] };
    }
    return null;
  };
  for (const course of courses) {
    const team = staff.get(course.departmentId) ?? { lecturers: [], assistants: [] };
    const lecturer = team.lecturers.length ? team.lecturers[course.id % team.lecturers.length] : null;
    const offeringId = w.id('offerings');
    offeringByCourse.set(course.id, offeringId);
    const program = uni.departments.find((d) => d.id === course.departmentId)?.programId ?? null;
    // The first levels are faculty requirements of the sister programs too (plan.ts): offered to the whole
    // faculty, the study plan deciding who may take them.
    const offeredTo = course.level <= FACULTY_REQUIREMENT_LEVELS ? null : program;
    offeringRows.push({
      id: offeringId,
      course_id: course.id,
      term_id: terms.current.id,
      program_id: offeredTo,
      instructor_id: lecturer,
      max_mark: 100,
      published_id: 1,
      control_status_id: 1,
    });
    const lab = LAB_DEPARTMENTS.has(uni.departments.find((d) => d.id === course.departmentId)?.code ?? '');
    const groups = rnd.int(1, 3);
    const lectureCapacity = groups * 40;
    const specs = [
      {
        code: 'L1',
        kind: 1,
        capacity: lectureCapacity,
        rooms: lectureCapacity > 60 ? halls : classes,
        teacher: lecturer,
        lecture: true,
        sessions: 2,
      },
      ...Array.from({ length: groups }, (_, g) => ({
        code: `${lab ? 'B' : 'T'}${g + 1}`,
        kind: lab ? 2 : 3,
        capacity: lab ? 30 : 40,
        rooms: lab ? labs : classes,
        teacher: team.assistants.length ? team.assistants[(course.id + g) % team.assistants.length] : lecturer,
        lecture: false,
        sessions: 1,
      })),
    ];
    for (const spec of specs) {
      const sectionId = w.id('sections');
      const section: DemoSection = {
        id: sectionId,
        offeringId,
        courseId: course.id,
        capacity: spec.capacity,
        lecture: spec.lecture,
        slots: [],
      };
      sections.push(section);
      sectionRows.push({
        id: sectionId,
        offering_id: offeringId,
        code: spec.code,
        kind_id: spec.kind,
        instructor_id: spec.teacher,
        capacity: spec.capacity,
        seats_taken: 0,
      });
      const rooms = spec.rooms.filter((r) => r.capacity >= spec.capacity);
      for (let session = 0; session < spec.sessions; session++) {
        const placed = place(rooms.length ? rooms : halls, spec.teacher);
        if (!placed) continue;
        section.slots.push({ day: placed.day, start: placed.period[0], end: placed.period[1] });
        slotRows.push({
          id: w.id('slots'),
          section_id: sectionId,
          day: placed.day,
          start_time: placed.period[0],
          end_time: placed.period[1],
          room_id: placed.room.id,
          kind_id: spec.kind,
        });
      }
    }
  }
  await w.insert('offerings', offeringRows);
  await w.insert('sections', sectionRows);
  await w.insert('slots', slotRows);
  return { courses, sections, offeringByCourse };
}

/** Whether two sections meet at the same time somewhere in the week. */
function clashes(a: DemoSection, b: DemoSection): boolean {
  return a.slots.some((x) => b.slots.some((y) => x.day === y.day && x.start < y.end && y.start < x.end));
}

/**
 * Registers one student (the demo student) in the current term, in the lecture section of
 * some plan courses, counting the seats taken, and leaves a visitor something to try:
 * - every other department course of the student's level stays open to request;
 * - the student holds the rest of their level and a few courses of the level below (their
 *   program's plan, faculty requirements included) that the open ones do not build on, that
 *   clash with nothing held or open; at most `limit` courses;
 * - a course of the level below whose lecture clashes with a held one is left for later:
 *   neither held nor taken before (returned, so academic.ts writes no history for it), so
 *   the registration page shows the clash.
 * Every other plan course below the student's level is history (academic.ts).
 */
export async function registerStudent(
  w: SeedWriter,
  offered: DemoCourses,
  terms: DemoTerms,
  student: { id: number; departmentId: number; level: number },
  plan: readonly PlanEntry[],
  limit = 3,
): Promise<Set<number>> {
  const lecture = new Map(offered.sections.filter((s) => s.lecture).map((s) => [s.courseId, s]));
  const ofLevel = plan
    .map((e) => e.course)
    .filter((c) => c.level === student.level && c.departmentId === student.departmentId);
  const open = ofLevel.filter((_, i) => i % 2 === 1);
  const needed = new Set(open.flatMap((c) => c.prerequisites));
  const candidates = [
    ...ofLevel.filter((c) => !open.includes(c)),
    ...plan.map((e) => e.course).filter((c) => c.level === student.level - 1 && !needed.has(c.id)),
  ];
  const held: Array<{ course: DemoCourse; section: DemoSection }> = [];
  const deferred = new Set<number>();
  for (const course of candidates) {
    const section = lecture.get(course.id);
    if (!section || held.length >= limit) continue;
    if (held.some((h) => clashes(h.section, section))) {
      if (course.level < student.level) deferred.add(course.id);
      continue;
    }
    if (open.some((o) => lecture.has(o.id) && clashes(lecture.get(o.id)!, section))) continue;
    held.push({ course, section });
  }
  const rows: Row[] = [];
  const seats: Array<[number, number]> = [];
  for (const { course, section } of held) {
    rows.push({
      id: w.id('registrations'),
      student_id: student.id,
      offering_id: section.offeringId,
      section_id: section.id,
      term_id: terms.current.id,
      // registration_code 2 registered; registration_status Registered (262144) + Fresh (16); request flag Registered (2).
      status_code: 2,
      flags: 262144 + 16,
      request_flag: 2,
      max_mark: 100,
      // The registration domain's keys: one row per student and offering, one held seat per course.
      course_id: course.id,
      credit_hours: course.creditHours,
      row_key: `${student.id}:${section.offeringId}`,
      hold_key: `${student.id}:${course.id}:${terms.current.id}`,
    });
    seats.push([section.id, 1]);
  }
  await w.insert('registrations', rows);
  await w.update('sections', 'seats_taken', seats);
  return deferred;
}
