/**
 * The demo's academic calendar for the current term: the public holidays that fall in it (which
 * cancel the lectures of their days) and the midterm and final exam periods, matching the exams
 * academic.ts writes (the eighth week from the start, and the last two weeks).
 */
import { addDays, isoDate } from '../random.ts';
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

export const CALENDAR_ENTITIES = ['academic_calendar'];

/** [month, day, English, Arabic]: Egypt's fixed-date public holidays. */
const HOLIDAYS: Array<[number, number, string, string]> = [
  [1, 7, 'Coptic Christmas', 'عيد الميلاد المجيد'],
  [1, 25, 'Revolution Day (25 January)', 'عيد ثورة 25 يناير'],
  [4, 25, 'Sinai Liberation Day', 'عيد تحرير سيناء'],
  [5, 1, 'Labour Day', 'عيد العمال'],
  [6, 30, 'June 30 Revolution Day', 'ذكرى ثورة 30 يونيو'],
  [7, 23, 'Revolution Day (23 July)', 'عيد ثورة 23 يوليو'],
  [10, 6, 'Armed Forces Day', 'عيد القوات المسلحة'],
];

export async function seedCalendarDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!CALENDAR_ENTITIES.every((e) => w.has(e))) return;
  await w.prepare(CALENDAR_ENTITIES);
  const term = ctx.terms.current;
  const rows: Row[] = [];
  const entry = (kind_id: number, title: string, title_local: string, from: Date, to: Date) =>
    rows.push({
      id: w.id('academic_calendar'),
      term_id: term.id,
      kind_id,
      title,
      title_local,
      start_date: isoDate(from),
      end_date: isoDate(to),
    });
  for (const year of [term.start.getUTCFullYear(), term.end.getUTCFullYear()])
    for (const [month, day, en, ar] of HOLIDAYS) {
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date >= term.start && date <= term.end && !rows.some((r) => r.start_date === isoDate(date)))
        entry(1, en, ar, date, date);
    }
  const midterm = addDays(term.start, 49);
  entry(5, 'Midterm exams', 'امتحانات منتصف الفصل', midterm, addDays(midterm, 5));
  entry(5, 'Final exams', 'الامتحانات النهائية', addDays(term.end, -14), addDays(term.end, -3));
  await w.insert('academic_calendar', rows);
}
