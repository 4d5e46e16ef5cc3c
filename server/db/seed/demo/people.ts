/**
 * The demo people: instructors (some of them advisors, deans and heads of department),
 * administrative staff, the administrator, 2,400 students, the six demo accounts, and every
 * user's roles. Names come from the lists in names.ts through a seeded generator, so the
 * same students appear on every machine. Every demo user shares one password hash.
 */
import type { Manifest } from '../../../../generator/manifest-types.ts';
import { EGYPT_ID, FOREIGN_COUNTRIES } from '../countries.ts';
import { addDays, isoDate, type Random } from '../random.ts';
import type { Row, SeedWriter } from '../writer.ts';
import type { TeachingStaff } from './courses.ts';
import { FAMILY, FEMALE, fullName, MALE, mailbox, type Name } from './names.ts';
import type { DemoTerms } from './terms.ts';
import type { DemoDepartment, DemoFaculty, DemoUniversity } from './university.ts';

export const DEMO_PASSWORD = 'Rowaq-demo-2026';
export const DEMO_DOMAIN = 'rowaq.demo';
export const STUDENT_COUNT = 2400;

/** The six demo accounts the README lists, and their roles. */
export const DEMO_ACCOUNTS = {
  student: { email: `student@${DEMO_DOMAIN}`, roles: ['student'] },
  advisor: { email: `advisor@${DEMO_DOMAIN}`, roles: ['instructor', 'advisor'] },
  instructor: { email: `instructor@${DEMO_DOMAIN}`, roles: ['instructor'] },
  registrar: { email: `registrar@${DEMO_DOMAIN}`, roles: ['registrar'] },
  finance: { email: `finance@${DEMO_DOMAIN}`, roles: ['finance', 'finance_officer'] },
  admin: { email: `admin@${DEMO_DOMAIN}`, roles: ['admin'] },
} as const;

const TITLES: Array<{ en: string; roles: string[]; teaches: 'lecture' | 'lab' }> = [
  { en: 'Professor', roles: ['instructor'], teaches: 'lecture' },
  { en: 'Associate Professor', roles: ['instructor', 'advisor'], teaches: 'lecture' },
  { en: 'Assistant Professor', roles: ['instructor', 'advisor'], teaches: 'lecture' },
  { en: 'Lecturer', roles: ['instructor'], teaches: 'lecture' },
  { en: 'Teaching Assistant', roles: ['teaching_assistant'], teaches: 'lab' },
  { en: 'Teaching Assistant', roles: ['teaching_assistant'], teaches: 'lab' },
];

/** Administrative staff: [roles, how many, job]. The first registrar and finance officer are demo accounts. */
const STAFF: Array<[string[], number]> = [
  [['registrar'], 4],
  [['finance', 'finance_officer'], 3],
  [['employee'], 6],
  [['admission_officer'], 3],
  [['registration_unit'], 2],
  [['affair_manager'], 1],
  [['coordinator'], 2],
  [['reviewer'], 2],
];

/** Students per faculty, by share of the whole. */
const FACULTY_SHARE: Record<string, number> = { ENG: 0.22, FCI: 0.22, BUS: 0.2, MED: 0.1, PHA: 0.12, ART: 0.14 };
const CITIES = [
  'Cairo',
  'Giza',
  'Alexandria',
  'Mansoura',
  'Tanta',
  'Zagazig',
  'Assiut',
  'Ismailia',
  'Port Said',
  'Minya',
];
const STREETS = [
  'El Tahrir Street',
  'El Nasr Road',
  'Port Said Street',
  'El Geish Street',
  'El Horreya Road',
  'Salah Salem Street',
];
/** Egyptian governorate codes of the national id. */
const GOVERNORATES = [
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
];

export interface DemoPeople {
  teaching: TeachingStaff;
  students: Array<{ id: number; departmentId: number; level: number; active: boolean }>;
  demoStudentId: number;
}

export async function seedPeople(
  w: SeedWriter,
  manifest: Manifest,
  rnd: Random,
  uni: DemoUniversity,
  terms: DemoTerms,
  passwordHash: string,
  adminRoles: string[],
): Promise<DemoPeople> {
  const users: Row[] = [];
  const roles: Row[] = [];
  const taken = new Set<string>();
  const uniqueMailbox = (base: string) => {
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}${n}`;
    taken.add(candidate);
    return `${candidate}@${DEMO_DOMAIN}`;
  };
  const person = (gender: 1 | 2): Name =>
    fullName(rnd.pick(gender === 1 ? MALE : FEMALE), rnd.pick(MALE), rnd.pick(FAMILY));
  /** An Egyptian mobile number: +2010... with the country code, 010... (11 digits) without. */
  const phone = (code: string | null = '20') =>
    `${code === null ? '0' : `+${code}`}1${rnd.pick(['0', '1', '2', '5'])}${rnd.digits(8)}`;
  const addUser = (values: {
    email: string;
    name: Name;
    type: 3 | 4;
    roles: readonly string[];
    facultyId?: number;
    locale?: string;
  }) => {
    const id = w.id('users');
    users.push({
      id,
      email: values.email,
      name: values.name[0],
      name_local: values.name[1],
      type: values.type,
      password_hash: passwordHash,
      locale: values.locale ?? 'en',
      active: true,
      phone: phone(),
      faculty_id: values.facultyId ?? null,
    });
    for (const role of new Set(values.roles))
      if (manifest.roles[role]) roles.push({ id: w.id('user_roles'), user_id: id, role });
    return id;
  };
  for (const account of Object.values(DEMO_ACCOUNTS)) taken.add(account.email.split('@')[0]);

  // Instructors: six per department; the CS department holds the demo instructor and advisor.
  const instructors: Row[] = [];
  const teaching: TeachingStaff = new Map();
  const advisorsByFaculty = new Map<number, number[]>();
  const deans: Array<[number, number]> = [];
  const heads: Array<[number, number]> = [];
  let demoAdvisorId = 0;
  let instructorSeq = 0;
  for (const faculty of uni.faculties) {
    for (const [d, department] of faculty.departments.entries()) {
      const team = { lecturers: [] as number[], assistants: [] as number[] };
      teaching.set(department.id, team);
      for (const [t, title] of TITLES.entries()) {
        const gender = rnd.chance(0.5) ? 1 : 2;
        const name = person(gender);
        const demo =
          department.code === 'CS' && t === 1
            ? DEMO_ACCOUNTS.advisor
            : department.code === 'CS' && t === 3
              ? DEMO_ACCOUNTS.instructor
              : null;
        const email =
          demo?.email ?? uniqueMailbox(`${mailbox(name[0].split(' ')[0])}.${mailbox(name[0].split(' ')[2])}`);
        const isDean = d === 0 && t === 0;
        const userId = addUser({
          email,
          name,
          type: 4,
          roles: [...(demo?.roles ?? title.roles), ...(isDean ? ['dean'] : [])],
          facultyId: faculty.id,
          locale: rnd.chance(0.4) ? 'ar' : 'en',
        });
        const id = w.id('instructors');
        instructorSeq += 1;
        instructors.push({
          id,
          user_id: userId,
          code: `INS${String(instructorSeq).padStart(4, '0')}`,
          name: name[0],
          name_local: name[1],
          faculty_id: faculty.id,
          department_id: department.id,
          title: title.en,
          email,
          phone: phone(null),
          active: true,
        });
        (title.teaches === 'lecture' ? team.lecturers : team.assistants).push(id);
        if (title.roles.includes('advisor'))
          advisorsByFaculty.set(faculty.id, [...(advisorsByFaculty.get(faculty.id) ?? []), id]);
        if (demo === DEMO_ACCOUNTS.advisor) demoAdvisorId = id;
        if (isDean) deans.push([faculty.id, userId]);
        if (t === 0) heads.push([department.id, userId]);
      }
    }
  }

  // Administrative staff and the administrator.
  const home = uni.faculties[0];
  for (const [staffRoles, count] of STAFF) {
    for (let i = 0; i < count; i++) {
      const demo =
        i === 0 && staffRoles[0] === 'registrar'
          ? DEMO_ACCOUNTS.registrar
          : i === 0 && staffRoles[0] === 'finance'
            ? DEMO_ACCOUNTS.finance
            : null;
      const name = person(rnd.chance(0.5) ? 1 : 2);
      const email = demo?.email ?? uniqueMailbox(`${mailbox(name[0].split(' ')[0])}.${mailbox(name[0].split(' ')[2])}`);
      addUser({
        email,
        name,
        type: 4,
        roles: demo?.roles ?? staffRoles,
        facultyId: staffRoles[0] === 'affair_manager' ? home.id : undefined,
      });
    }
  }
  addUser({
    email: DEMO_ACCOUNTS.admin.email,
    name: ['Rowaq Administrator', 'مدير نظام رواق'],
    type: 4,
    roles: [...DEMO_ACCOUNTS.admin.roles, ...adminRoles],
  });

  // Students, faculty by faculty; the first is the demo student (Computer Science, third level).
  const students: Row[] = [];
  const summary: DemoPeople['students'] = [];
  const codes = new Map<number, number>();
  const nationalIds = new Set<string>();
  const advisorTurn = new Map<number, number>();
  const cs = uni.departments.find((d) => d.code === 'CS') ?? uni.departments[0];
  const csFaculty = uni.faculties.find((f) => f.id === cs.facultyId)!;
  const plan: Array<{ faculty: DemoFaculty; department: DemoDepartment }> = [{ faculty: csFaculty, department: cs }];
  for (const faculty of uni.faculties) {
    const count =
      Math.round(STUDENT_COUNT * (FACULTY_SHARE[faculty.code] ?? 1 / uni.faculties.length)) -
      (faculty === csFaculty ? 1 : 0);
    for (let i = 0; i < count; i++)
      plan.push({ faculty, department: faculty.departments[i % faculty.departments.length] });
  }
  while (plan.length < STUDENT_COUNT) plan.push({ faculty: csFaculty, department: cs });
  let demoStudentId = 0;
  for (const [index, { faculty, department }] of plan.entries()) {
    const isDemo = index === 0;
    const gender: 1 | 2 = isDemo ? 1 : rnd.chance(0.5) ? 1 : 2;
    const name: Name = isDemo ? ['Youssef Ahmed Hassan', 'يوسف أحمد حسن'] : person(gender);
    const postgraduate = !isDemo && rnd.chance(0.05);
    const level = isDemo ? 3 : postgraduate ? rnd.int(1, 2) : rnd.int(1, faculty.years);
    const admissionYear = terms.current.year - (level - 1);
    const seq = (codes.get(admissionYear) ?? 0) + 1;
    codes.set(admissionYear, seq);
    const code = `${admissionYear}${String(seq).padStart(4, '0')}`;
    const foreign = !isDemo && rnd.chance(0.06) ? rnd.pick(FOREIGN_COUNTRIES) : null;
    const birth = addDays(new Date(Date.UTC(admissionYear - 18 - (postgraduate ? 4 : 0), 0, 1)), rnd.int(-200, 300));
    let nationalId: string | null = null;
    if (!foreign) {
      do {
        const yymmdd = isoDate(birth).slice(2).replace(/-/g, '');
        nationalId = `${birth.getUTCFullYear() >= 2000 ? 3 : 2}${yymmdd}${rnd.pick(GOVERNORATES)}${rnd.digits(3)}${gender === 1 ? rnd.pick([1, 3, 5, 7, 9]) : rnd.pick([2, 4, 6, 8])}${rnd.digits(1)}`;
      } while (nationalIds.has(nationalId));
      nationalIds.add(nationalId);
    }
    const statusRoll = rnd.next();
    const status =
      isDemo || statusRoll < 0.93
        ? 1
        : statusRoll < 0.95
          ? 2
          : statusRoll < 0.97
            ? 6
            : statusRoll < 0.98
              ? 5
              : statusRoll < 0.99
                ? 3
                : 7;
    const advisors = advisorsByFaculty.get(faculty.id) ?? [];
    const turn = advisorTurn.get(faculty.id) ?? 0;
    advisorTurn.set(faculty.id, turn + 1);
    const advisorId = isDemo ? demoAdvisorId : advisors.length ? advisors[turn % advisors.length] : null;
    const email = isDemo ? DEMO_ACCOUNTS.student.email : `${mailbox(name[0].split(' ')[0])}.${code}@${DEMO_DOMAIN}`;
    const userId = addUser({
      email,
      name,
      type: 3,
      roles: DEMO_ACCOUNTS.student.roles,
      locale: rnd.chance(0.35) ? 'ar' : 'en',
    });
    const id = w.id('students');
    if (isDemo) demoStudentId = id;
    const admission = terms.fallOf(admissionYear) ?? terms.current;
    students.push({
      id,
      user_id: userId,
      code,
      name: name[0],
      name_local: name[1],
      email,
      gender_id: gender,
      national_id: nationalId,
      passport: foreign ? `A${rnd.digits(8)}` : null,
      nationality_id: foreign ? foreign.id : EGYPT_ID,
      birth_date: isoDate(birth),
      phone: phone(foreign?.phone ?? '20'),
      address: `${rnd.int(1, 120)} ${rnd.pick(STREETS)}, ${rnd.pick(CITIES)}`,
      faculty_id: faculty.id,
      program_id: postgraduate ? faculty.masterProgramId : department.programId,
      bylaw_id: admissionYear >= 2023 ? faculty.bylawId : faculty.oldBylawId,
      degree_level_id: postgraduate ? 2 : 1,
      // GPA, earned hours and warnings come from the grade history written later (academic.ts).
      level,
      gpa: null,
      earned_hours: 0,
      status_id: status,
      advisor_id: advisorId,
      admission_term_id: admission.id,
      consecutive_warnings: 0,
      total_warnings: 0,
    });
    summary.push({ id, departmentId: department.id, level: postgraduate ? 0 : level, active: status === 1 });
  }

  await w.insert('users', users);
  await w.insert('user_roles', roles);
  await w.insert('instructors', instructors);
  await w.insert('students', students);
  await w.update('faculties', 'dean_id', deans);
  await w.update('departments', 'head_id', heads);
  return { teaching, students: summary, demoStudentId };
}
