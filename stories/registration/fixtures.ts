/**
 * Canned answers of the registration and academic calls for the stories of
 * engine/react/pages/registration (shapes of server/domains/registration/README.md and
 * server/domains/academic/plugin.ts), drawn with the real client manifest.
 */
import type { FixtureRoute } from '../../engine/react/testing/fixture-api.ts';
import type { RowaqParameters } from '../fixtures/parameters.ts';
import { CLIENT_MANIFEST } from '../fixtures/screens.ts';

const course = (id: number, code: string, name: string, name_local: string, level = 3) => ({
  id,
  code,
  name,
  name_local,
  credit_hours: 3,
  level,
  required_passed_hours: 0,
});
const slot = (day: number, start_time: string, end_time: string, room = 'H101') => ({
  day,
  start_time,
  end_time,
  kind_id: 1,
  room: { id: 1, code: room },
});

export const STAGES = {
  data: [
    {
      term_id: 7,
      term: { id: 7, code: 'F2026', name: 'Fall 2026', name_local: 'الفصل الدراسي الخريفي 2026' },
      stage: 'registration',
      starts: '2026-08-30',
      ends: '2026-09-27',
    },
  ],
  appointment: {
    id: 1,
    name: 'Level 3',
    name_local: 'المستوى الثالث',
    opens_at: '2026-09-01T08:00:00Z',
    closes_at: '2026-09-27T20:00:00Z',
    open: true,
  },
  warnings: {
    consecutive: 1,
    total: 1,
    max_consecutive: 3,
    max_total: 4,
    consecutive_remaining: 2,
    total_remaining: 3,
    dismissed: false,
  },
  credit: { term_id: 7, held: 9, limit: 18 },
};

export const REQUESTED = {
  data: [
    {
      id: 11,
      offering_id: 101,
      section_id: 1001,
      section_code: 'L1',
      term_id: 7,
      status_code: 2,
      flags: 262160,
      request_flag: 2,
      note: 'Good choice',
      course: course(1, 'CS301', 'Algorithms I', 'الخوارزميات (1)'),
      slots: [slot(1, '08:30', '10:00')],
    },
    {
      id: 12,
      offering_id: 102,
      section_id: 1002,
      section_code: 'L1',
      term_id: 7,
      status_code: 1,
      flags: 1048592,
      request_flag: 1,
      note: null,
      course: course(2, 'CS302', 'Algorithms II', 'الخوارزميات (2)'),
      slots: [slot(3, '10:15', '11:45')],
    },
    {
      id: 13,
      offering_id: 103,
      section_id: 1003,
      section_code: 'L1',
      term_id: 7,
      status_code: 13,
      flags: 48,
      request_flag: 4,
      note: 'Take it next term',
      course: course(3, 'IS301', 'Web Development I', 'تطوير تطبيقات الويب (1)'),
      slots: [],
    },
  ],
  meta: { term_id: 7, credit: { held: 9, limit: 18 } },
};

export const AVAILABLE = {
  data: [
    {
      offering_id: 104,
      term_id: 7,
      course: course(4, 'AI301', 'Computer Vision I', 'الرؤية بالحاسب (1)'),
      seats_left: 12,
      requested: false,
      problems: [],
      sections: [
        {
          id: 1004,
          code: 'L1',
          kind_id: 1,
          capacity: 40,
          seats_taken: 28,
          seats_left: 12,
          instructor: null,
          slots: [slot(2, '12:00', '13:30')],
          clashes: [],
        },
        {
          id: 1005,
          code: 'B1',
          kind_id: 2,
          capacity: 30,
          seats_taken: 30,
          seats_left: 0,
          instructor: null,
          slots: [slot(4, '08:30', '10:00', 'LAB2')],
          clashes: [],
        },
      ],
    },
    {
      offering_id: 105,
      term_id: 7,
      course: course(5, 'CS401', 'Operating Systems I', 'نظم التشغيل (1)', 4),
      seats_left: 5,
      requested: false,
      problems: [{ code: 'reg_prerequisite', message: 'You must pass CS302 before this course' }],
      sections: [
        {
          id: 1006,
          code: 'L1',
          kind_id: 1,
          capacity: 40,
          seats_taken: 35,
          seats_left: 5,
          instructor: null,
          slots: [slot(5, '10:15', '11:45')],
          clashes: [],
        },
      ],
    },
    {
      offering_id: 106,
      term_id: 7,
      course: course(6, 'IS302', 'Web Development II', 'تطوير تطبيقات الويب (2)'),
      seats_left: 20,
      requested: false,
      problems: [],
      sections: [
        {
          id: 1007,
          code: 'L1',
          kind_id: 1,
          capacity: 40,
          seats_taken: 20,
          seats_left: 20,
          instructor: null,
          slots: [slot(1, '09:00', '10:30')],
          clashes: [
            {
              offering_id: 101,
              course_code: 'CS301',
              course_name: 'Algorithms I',
              course_name_local: 'الخوارزميات (1)',
              day: 1,
              start_time: '08:30',
              end_time: '10:00',
            },
          ],
        },
      ],
    },
    {
      offering_id: 107,
      term_id: 7,
      course: course(7, 'AI302', 'Computer Vision II', 'الرؤية بالحاسب (2)'),
      seats_left: 0,
      requested: false,
      problems: [],
      sections: [
        {
          id: 1008,
          code: 'L1',
          kind_id: 1,
          capacity: 40,
          seats_taken: 40,
          seats_left: 0,
          instructor: null,
          slots: [slot(6, '13:45', '15:15')],
          clashes: [],
        },
      ],
    },
  ],
  meta: { term_id: 7, count: 4, credit: { held: 9, limit: 18 } },
};

export const ADVISEES = {
  data: [
    {
      student: {
        id: 1,
        code: '20240001',
        name: 'Youssef Ahmed Hassan',
        name_local: 'يوسف أحمد حسن',
        level: 3,
        gpa: 3.42,
        earned_hours: 69,
        program_id: 1,
      },
      warnings: { consecutive: 0, total: 0 },
      requests: REQUESTED.data,
    },
  ],
  meta: { count: 1 },
};

const grade = (
  id: number,
  code: string,
  name: string,
  name_local: string,
  term: [string, string, string],
  mark: number | null,
  letter: string | null,
  points: number | null,
  status_code = 2,
) => ({
  id,
  course_id: id,
  code,
  name,
  name_local,
  credit_hours: 3,
  term_id: 1,
  term_code: term[0],
  term_name: term[1],
  term_name_local: term[2],
  status_code,
  flags: 262160,
  grade: mark,
  max_mark: 100,
  percent: mark,
  letter,
  points,
  passed: (mark ?? 0) >= 50,
});
const F25: [string, string, string] = ['F2025', 'Fall 2025', 'الفصل الدراسي الخريفي 2025'];
const S26: [string, string, string] = ['S2026', 'Spring 2026', 'الفصل الدراسي الربيعي 2026'];

export const TERMS_GRADES = {
  data: [
    {
      id: 1,
      code: 'F2025',
      name: F25[1],
      name_local: F25[2],
      term_gpa: 3.35,
      term_hours: 6,
      cumulative_gpa: 3.35,
      cumulative_earned_hours: 6,
      courses: [
        grade(1, 'CS101', 'Programming I', 'البرمجة (1)', F25, 91, 'A', 4),
        grade(2, 'IS101', 'Database Systems I', 'نظم قواعد البيانات (1)', F25, 72, 'C+', 2.7),
      ],
    },
    {
      id: 2,
      code: 'S2026',
      name: S26[1],
      name_local: S26[2],
      term_gpa: 3,
      term_hours: 3,
      cumulative_gpa: 3.23,
      cumulative_earned_hours: 9,
      courses: [
        grade(3, 'AI101', 'Artificial Intelligence I', 'الذكاء الاصطناعي (1)', S26, 77, 'B', 3),
        grade(4, 'IS201', 'Web Development I', 'تطوير تطبيقات الويب (1)', S26, null, 'W', null, 5),
      ],
    },
  ],
  meta: { count: 2, gpa: 3.23, earned_hours: 9, attempted_hours: 9 },
};

export const TAKEN = { data: TERMS_GRADES.data.flatMap((t) => t.courses), meta: TERMS_GRADES.meta };

export const PLAN = {
  data: [
    {
      id: 1,
      course_id: 1,
      code: 'CS101',
      name: 'Programming I',
      name_local: 'البرمجة (1)',
      credit_hours: 3,
      level: 1,
      semester: 1,
      category_id: 3,
      prerequisites: '',
      state_id: 1,
      letter: 'A',
    },
    {
      id: 2,
      course_id: 2,
      code: 'IS101',
      name: 'Database Systems I',
      name_local: 'نظم قواعد البيانات (1)',
      credit_hours: 3,
      level: 1,
      semester: 1,
      category_id: 2,
      prerequisites: '',
      state_id: 1,
      letter: 'C+',
    },
    {
      id: 3,
      course_id: 8,
      code: 'CS102',
      name: 'Programming II',
      name_local: 'البرمجة (2)',
      credit_hours: 3,
      level: 1,
      semester: 2,
      category_id: 3,
      prerequisites: 'CS101',
      state_id: 3,
      letter: 'F',
    },
    {
      id: 4,
      course_id: 9,
      code: 'CS301',
      name: 'Algorithms I',
      name_local: 'الخوارزميات (1)',
      credit_hours: 3,
      level: 3,
      semester: 1,
      category_id: 3,
      prerequisites: 'CS201',
      state_id: 2,
      letter: null,
    },
    {
      id: 5,
      course_id: 10,
      code: 'CS402',
      name: 'Operating Systems II',
      name_local: 'نظم التشغيل (2)',
      credit_hours: 3,
      level: 4,
      semester: 2,
      category_id: 4,
      prerequisites: 'CS401',
      state_id: 4,
      letter: null,
    },
  ],
  meta: { count: 5, program_id: 1, total_hours: 15, passed_hours: 6, registered_hours: 3, remaining_hours: 9 },
};

export const SCHEDULE = {
  data: [
    {
      course_id: 9,
      code: 'CS301',
      name: 'Algorithms I',
      name_local: 'الخوارزميات (1)',
      section: 'L1',
      day: 1,
      start_time: '08:30',
      end_time: '10:00',
      kind_id: 1,
      room: 'H101',
    },
    {
      course_id: 9,
      code: 'CS301',
      name: 'Algorithms I',
      name_local: 'الخوارزميات (1)',
      section: 'B1',
      day: 3,
      start_time: '10:15',
      end_time: '11:45',
      kind_id: 2,
      room: 'LAB2',
    },
    {
      course_id: 11,
      code: 'CS302',
      name: 'Algorithms II',
      name_local: 'الخوارزميات (2)',
      section: 'L1',
      day: 4,
      start_time: '12:00',
      end_time: '13:30',
      kind_id: 1,
      room: 'H102',
    },
  ],
  meta: { count: 3 },
};

export const COURSE = {
  data: {
    id: 9,
    registration_id: 11,
    offering_id: 101,
    code: 'CS301',
    course: 'Algorithms I',
    name: 'Algorithms I',
    name_local: 'الخوارزميات (1)',
    credit_hours: 3,
    section: 'L1',
    instructor: 'Dr. Mona Hassan',
    term: 'Fall 2026',
    status_code: 2,
    flags: 262160,
    grade: null,
    max_mark: 100,
    letter: null,
    description: 'Foundations of algorithms in the Computer Science programme.',
    slots: [{ day: 1, start_time: '08:30', end_time: '10:00', kind_id: 1, room: 'H101' }],
    exams: [
      { id: 1, kind_id: 1, exam_date: '2026-11-08', start_time: '09:00', end_time: '10:30', room: 'H101' },
      { id: 2, kind_id: 2, exam_date: '2027-01-10', start_time: '09:00', end_time: '12:00', room: 'H101' },
    ],
  },
};

const AVATAR =
  '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="128" fill="#1565c0"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-size="96" fill="#fff">YH</text></svg>';

const ok = (data: unknown) => () => ({ data });

export const REGISTRATION_ROUTES: FixtureRoute[] = [
  { method: 'get', path: '/registrations/students/available-termstages', respond: ok(STAGES) },
  { method: 'get', path: '/registrations/students/requested-offerings', respond: ok(REQUESTED) },
  { method: 'get', path: '/registrations/students/available-offerings', respond: ok(AVAILABLE) },
  { method: 'get', path: '/registrations/students/plan', respond: ok({ data: [], meta: {} }) },
  {
    method: 'put',
    path: '/registrations/students/request-offering',
    respond: () => ({
      status: 422,
      data: {
        error: 'There is no available capacity',
        errors: { offering_id: ['There is no available capacity'] },
        code: 'no_capacity',
      },
    }),
  },
  { method: 'get', path: '/registrations/advisor-students', respond: ok(ADVISEES) },
  {
    method: 'get',
    path: '/users/profile',
    respond: ok({
      data: {
        id: 5,
        name: 'Youssef Ahmed Hassan',
        name_local: 'يوسف أحمد حسن',
        email: 'student@rowaq.demo',
        student_id: 1,
      },
    }),
  },
  { method: 'get', path: '/students/academic/terms-grades', respond: ok(TERMS_GRADES) },
  { method: 'get', path: '/students/academic/taken-courses', respond: ok(TAKEN) },
  { method: 'get', path: '/students/academic/study-plan', respond: ok(PLAN) },
  { method: 'get', path: '/students/academic/schedule', respond: ok(SCHEDULE) },
  { method: 'get', path: '/students/courses/:id', respond: ok(COURSE) },
  { method: 'post', path: '/students/courses', respond: ok({ data: [COURSE.data], meta: { count: 1 } }) },
  { method: 'get', path: '/photo/:id', respond: ok(new Blob([AVATAR], { type: 'image/svg+xml' })) },
];

/** The registration page while the server is saturated: every call answers 503 (the page keeps retrying). */
export const BUSY_ROUTES: FixtureRoute[] = [
  {
    path: /^\/registrations\//,
    respond: () => ({ status: 503, data: { error: 'The server is busy; retrying', code: 'busy' } }),
  },
  ...REGISTRATION_ROUTES,
];

export function registrationParameters(routes: FixtureRoute[] = REGISTRATION_ROUTES): { rowaq: RowaqParameters } {
  return { rowaq: { manifest: CLIENT_MANIFEST, routes } };
}
