/**
 * A full timetable for the calendar's story and bench: 30 weekly slots (Saturday to Thursday,
 * 08:30 to 18:00, lectures, labs, tutorials and clinics) of eight courses over every day of a
 * month, two exams a week in its second half, a holiday and the add/drop window; and the status
 * tables the calendar reads (the same as screens/registration/*.status.yaml). Deterministic.
 */
import type { ClientManifest, Status } from '../../generator/manifest-types.ts';
import type { CalendarAnswer, CalendarEvent } from '../../engine/plugins/calendar/calendar-model.ts';

const status = (id: number, key: string, name: string, name_local: string, color: Status['color']): Status => ({
  id,
  key,
  name,
  name_local,
  color,
});

export const CALENDAR_STATUS_TABLES: Pick<ClientManifest['statusTables'], string> = {
  calendar_event_kind: {
    name: 'calendar_event_kind',
    label: { en: 'Event kind', ar: 'نوع الحدث' },
    flags: false,
    statuses: [
      status(1, 'lecture', 'Lecture', 'محاضرة', 'primary'),
      status(2, 'lab', 'Lab', 'معمل', 'info'),
      status(3, 'tutorial', 'Tutorial', 'تمارين', 'success'),
      status(4, 'clinic', 'Clinic', 'عيادة', 'warning'),
      status(5, 'exam', 'Exam', 'امتحان', 'danger'),
    ],
  },
  academic_calendar_kind: {
    name: 'academic_calendar_kind',
    label: { en: 'Calendar entry', ar: 'بند التقويم الأكاديمي' },
    flags: false,
    statuses: [
      status(1, 'holiday', 'Holiday', 'عطلة', 'danger'),
      status(3, 'add_drop', 'Add/drop', 'الحذف والإضافة', 'info'),
    ],
  },
  week_day: {
    name: 'week_day',
    label: { en: 'Day of the week', ar: 'يوم الأسبوع' },
    flags: false,
    statuses: [
      'Saturday:السبت',
      'Sunday:الأحد',
      'Monday:الاثنين',
      'Tuesday:الثلاثاء',
      'Wednesday:الأربعاء',
      'Thursday:الخميس',
      'Friday:الجمعة',
    ].map((d, i) => status(i + 1, d.split(':')[0]!.toLowerCase(), d.split(':')[0]!, d.split(':')[1]!, 'light')),
  },
};

const COURSES: Array<[string, string, string]> = [
  ['CS201', 'Data Structures', 'هياكل البيانات'],
  ['CS211', 'Computer Architecture', 'معمارية الحاسب'],
  ['MA201', 'Linear Algebra', 'الجبر الخطي'],
  ['CS221', 'Databases', 'قواعد البيانات'],
  ['CS231', 'Operating Systems', 'نظم التشغيل'],
  ['HU101', 'Technical Writing', 'الكتابة الفنية'],
  ['PH102', 'Physics II', 'الفيزياء 2'],
  ['CS241', 'Software Engineering', 'هندسة البرمجيات'],
];
const STARTS = ['08:30', '10:15', '12:00', '13:45', '15:30'];
const pad = (n: number) => String(n).padStart(2, '0');
const plusMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number);
  const total = h! * 60 + m! + minutes;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
};

/** The 30 weekly slots: day 0 Saturday ... 5 Thursday, five periods a day. */
function weeklySlots() {
  const out: Array<{ id: number; weekday: number; start: string; course: number; kind: number }> = [];
  for (let weekday = 0; weekday < 6; weekday++)
    for (let period = 0; period < STARTS.length; period++) {
      const n = weekday * STARTS.length + period;
      out.push({ id: n + 1, weekday, start: STARTS[period]!, course: (n * 3) % COURSES.length, kind: (n % 4) + 1 });
    }
  return out;
}

/** Every event of `month` ('YYYY-MM'), titles in `lang`. */
export function fullTimetable(month: string, lang: 'en' | 'ar', editable = false): CalendarAnswer {
  const [year, mon] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year!, mon!, 0)).getUTCDate();
  const events: CalendarEvent[] = [];
  const title = (c: number) => `${COURSES[c]![0]} ${lang === 'ar' ? COURSES[c]![2] : COURSES[c]![1]}`;
  const base = (id: string, source: CalendarEvent['source'], sourceId: number): CalendarEvent => ({
    id,
    source,
    source_id: sourceId,
    kind_id: null,
    calendar_kind_id: null,
    title: '',
    start: '',
    end: '',
    all_day: false,
    room: null,
    section: null,
    section_id: null,
    course_code: null,
    instructor: null,
    editable,
  });
  const holiday = `${month}-${pad(Math.min(days, 6))}`;
  for (let d = 1; d <= days; d++) {
    const date = `${month}-${pad(d)}`;
    if (date === holiday) continue;
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 1) % 7; // Saturday 0
    for (const s of weeklySlots().filter((x) => x.weekday === weekday))
      events.push({
        ...base(`slot-${s.id}-${date}`, 'slot', s.id),
        kind_id: s.kind,
        title: title(s.course),
        start: `${date}T${s.start}`,
        end: `${date}T${plusMinutes(s.start, 90)}`,
        room: `H${100 + (s.id % 9)}`,
        section: `L${1 + (s.id % 3)}`,
        section_id: 100 + s.course,
        course_code: COURSES[s.course]![0],
        instructor: lang === 'ar' ? 'د. هاني سالم' : 'Dr Hany Salem',
      });
    if (d > 15 && (weekday === 1 || weekday === 3))
      events.push({
        ...base(`exam-${d}`, 'exam', d),
        kind_id: 5,
        title: title(d % COURSES.length),
        start: `${date}T18:00`,
        end: `${date}T19:30`,
        room: 'H101',
      });
  }
  events.push({
    ...base('entry-1', 'entry', 1),
    calendar_kind_id: 1,
    title: lang === 'ar' ? 'عيد القوات المسلحة' : 'Armed Forces Day',
    start: holiday,
    end: `${month}-${pad(Math.min(days, 7))}`,
    all_day: true,
  });
  events.push({
    ...base('term-1-add_drop', 'term', 1),
    calendar_kind_id: 3,
    title: lang === 'ar' ? 'الحذف والإضافة: خريف 2026' : 'Add/drop: Fall 2026',
    start: `${month}-02`,
    end: `${month}-05`,
    all_day: true,
  });
  events.sort((a, b) => a.start.localeCompare(b.start));
  return {
    data: events,
    meta: { count: events.length, start: `${month}-01`, end: `${month}-${pad(days)}`, first_day: 6, editable },
  };
}
