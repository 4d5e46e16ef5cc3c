/**
 * Terms around the day the demo is loaded: the academic years of every enrolled student's
 * admission (Fall, Spring, Summer each), the current term (flagged current, control and
 * exam), the next term, and the next Fall (flagged for undergraduate and postgraduate
 * admission). Academic year Y runs from Fall Y (September) to Summer Y+1 (August).
 */
import { addDays, isoDate } from '../random.ts';
import type { Row, SeedWriter } from '../writer.ts';

type Season = 'fall' | 'spring' | 'summer';

export interface DemoTerm {
  id: number;
  code: string;
  season: Season;
  year: number;
  start: Date;
  end: Date;
}
export interface DemoTerms {
  current: DemoTerm;
  all: DemoTerm[];
  /** Fall term of academic year Y: a student's admission term. */
  fallOf(year: number): DemoTerm | undefined;
}

const SEASONS: Record<
  Season,
  { en: string; ar: string; letter: string; start: [number, number]; end: [number, number]; offset: number }
> = {
  fall: { en: 'Fall', ar: 'الفصل الدراسي الخريفي', letter: 'F', start: [9, 20], end: [1, 20], offset: 0 },
  spring: { en: 'Spring', ar: 'الفصل الدراسي الربيعي', letter: 'S', start: [2, 10], end: [6, 10], offset: 1 },
  summer: { en: 'Summer', ar: 'الفصل الدراسي الصيفي', letter: 'U', start: [7, 1], end: [8, 25], offset: 1 },
};
const ORDER: Season[] = ['fall', 'spring', 'summer'];

/** Academic years of admission kept: a sixth-year medical student was admitted 5 years ago. */
const YEARS_BACK = 6;

function utc(year: number, [month, day]: [number, number]): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

function termOf(season: Season, academicYear: number): Omit<DemoTerm, 'id'> {
  const spec = SEASONS[season];
  const calendarYear = academicYear + spec.offset;
  const start = utc(calendarYear, spec.start);
  const end = utc(season === 'fall' ? calendarYear + 1 : calendarYear, spec.end);
  return { code: `${spec.letter}${calendarYear}`, season, year: academicYear, start, end };
}

/** The term running on `today`, or the next one to start when `today` falls between terms. */
export function currentTermOf(today: Date): { season: Season; year: number } {
  const y = today.getUTCFullYear();
  const candidates = [y - 1, y].flatMap((year) => ORDER.map((season) => termOf(season, year)));
  const day = Date.UTC(y, today.getUTCMonth(), today.getUTCDate());
  const running = candidates.find((t) => t.start.getTime() <= day && day <= t.end.getTime());
  if (running) return running;
  return candidates.concat(ORDER.map((season) => termOf(season, y + 1))).find((t) => t.start.getTime() > day)!;
}

export async function seedTerms(w: SeedWriter, today: Date): Promise<DemoTerms> {
  const now = currentTermOf(today);
  const wanted: Array<Omit<DemoTerm, 'id'>> = [];
  for (let year = now.year - YEARS_BACK; year <= now.year + 1; year++) {
    for (const season of ORDER) {
      const term = termOf(season, year);
      const isPast = year < now.year || (year === now.year && ORDER.indexOf(season) <= ORDER.indexOf(now.season));
      const isNext = wanted.length > 0 && wanted.at(-1)!.code === termOf(now.season, now.year).code;
      if (isPast || isNext || (season === 'fall' && year === now.year + 1)) wanted.push(term);
    }
  }
  const terms: DemoTerm[] = wanted.map((t) => ({ ...t, id: w.id('terms') }));
  const current = terms.find((t) => t.season === now.season && t.year === now.year)!;
  const admission = terms.find((t) => t.season === 'fall' && t.year === now.year + 1);
  const rows: Row[] = terms.map((t) => {
    const spec = SEASONS[t.season];
    const calendarYear = t.year + spec.offset;
    const isCurrent = t === current;
    const row: Row = {
      id: t.id,
      code: t.code,
      year: t.year,
      start_date: isoDate(t.start),
      end_date: isoDate(t.end),
      name: `${spec.en} ${calendarYear}`,
      name_local: `${spec.ar} ${calendarYear}`,
      is_current: isCurrent,
      is_control: isCurrent,
      is_exam: isCurrent,
      is_admission_ug: t === admission,
      is_admission_pg: t === admission,
      max_credit_hours: t.season === 'summer' ? 9 : 18,
      registration_start: isoDate(addDays(t.start, -21)),
      registration_end: isoDate(addDays(t.start, 7)),
      add_drop_start: isoDate(t.start),
      add_drop_end: isoDate(addDays(t.start, 14)),
      withdraw_start: isoDate(addDays(t.start, 15)),
      withdraw_end: isoDate(addDays(t.end, -21)),
    };
    // The demo opens the current term's registration on the day it is loaded (then add/drop,
    // then withdrawal), so a visitor can try registration whatever the date. Every window still
    // closes by the term's end (screens/registration/term-dates.rules.yaml): a registrar who
    // opens the term's form can save it as it is.
    if (isCurrent) {
      const inTerm = (days: number) => isoDate(new Date(Math.min(addDays(today, days).getTime(), t.end.getTime())));
      Object.assign(row, {
        registration_start: isoDate(addDays(today, -7)),
        registration_end: inTerm(7),
        add_drop_start: inTerm(8),
        add_drop_end: inTerm(21),
        withdraw_start: inTerm(22),
        withdraw_end: inTerm(90),
      });
    }
    return row;
  });
  await w.insert('terms', rows);
  return { current, all: terms, fallOf: (year) => terms.find((t) => t.season === 'fall' && t.year === year) };
}
