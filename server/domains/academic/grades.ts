/**
 * The grade scale: a mark out of its maximum becomes a percentage, a letter and grade points
 * (the common Egyptian credit-hour scale). Pure functions, shared by the academic records and
 * anything else that shows a grade.
 */

export interface GradeBand {
  min: number;
  letter: string;
  points: number;
}

/** Bands from the top; a percentage takes the first band whose `min` it reaches. */
export const GRADE_SCALE: readonly GradeBand[] = Object.freeze([
  { min: 90, letter: 'A', points: 4.0 },
  { min: 85, letter: 'A-', points: 3.7 },
  { min: 80, letter: 'B+', points: 3.3 },
  { min: 75, letter: 'B', points: 3.0 },
  { min: 70, letter: 'C+', points: 2.7 },
  { min: 65, letter: 'C', points: 2.4 },
  { min: 60, letter: 'D+', points: 2.2 },
  { min: 50, letter: 'D', points: 2.0 },
  { min: 0, letter: 'F', points: 0 },
]);

/** The lowest passing percentage. */
export const PASS_PERCENT = 50;

/** Registration codes (registration_code) that end a course without a grade. */
export const NO_GRADE_LETTERS: Readonly<Record<number, string>> = Object.freeze({
  5: 'W', // withdrawn
  7: 'E', // excused
  8: 'I', // incomplete
  10: 'FA', // banned for absence: counted as a fail
  11: 'FM', // banned for misconduct: counted as a fail
  12: 'AU', // audit
});

/** Codes counted in the GPA as a fail (0 points) although they carry no mark. */
export const FAIL_CODES: ReadonlySet<number> = new Set([10, 11]);

export interface Graded {
  percent: number | null;
  letter: string | null;
  points: number | null;
  passed: boolean;
  /** Whether the course counts in the GPA (its hours are attempted hours). */
  counts: boolean;
}

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/** The grade of one registration: its code, mark and maximum mark. */
export function gradeOf(statusCode: number, mark: number | null, maxMark: number | null): Graded {
  if (FAIL_CODES.has(statusCode))
    return { percent: null, letter: NO_GRADE_LETTERS[statusCode]!, points: 0, passed: false, counts: true };
  if (NO_GRADE_LETTERS[statusCode])
    return { percent: null, letter: NO_GRADE_LETTERS[statusCode]!, points: null, passed: false, counts: false };
  if (mark === null || mark === undefined || !Number.isFinite(mark))
    return { percent: null, letter: null, points: null, passed: false, counts: false };
  const max = maxMark && maxMark > 0 ? maxMark : 100;
  const percent = round((mark / max) * 100, 2);
  const band = GRADE_SCALE.find((b) => percent >= b.min) ?? GRADE_SCALE.at(-1)!;
  return { percent, letter: band.letter, points: band.points, passed: percent >= PASS_PERCENT, counts: true };
}

export interface GpaPart {
  hours: number;
  graded: Graded;
}

/** Quality points over attempted hours, 2 decimals; null with no counted hours. */
export function gpaOf(parts: readonly GpaPart[]): number | null {
  let hours = 0;
  let points = 0;
  for (const p of parts) {
    if (!p.graded.counts || p.graded.points === null) continue;
    hours += p.hours;
    points += p.hours * p.graded.points;
  }
  return hours > 0 ? round(points / hours, 2) : null;
}
