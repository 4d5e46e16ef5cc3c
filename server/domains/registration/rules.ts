/**
 * The registration rules, as pure functions over a StudentContext (context.ts): term stages,
 * appointments, student standing (status, warnings, bans), the offering (plan, level, passed
 * hours, prerequisites), clashes and the credit-hour limit. Each failed rule is a Refusal
 * with its English and Arabic message; the seat itself is taken by the atomic write (seats.ts).
 */
import { warningStanding, type WarningStanding } from '../../../engine/core/standing.ts';
import type { LocalText } from '../../../generator/manifest-types.ts';
import type { Appointment, HeldRow, OfferingInfo, SectionInfo, SlotInfo, StudentContext, TermInfo } from './context.ts';
import { listJoin } from '../../../engine/core/text.ts';
import { holdsSeat } from './lifecycle.ts';
import { Refusal } from './refusal.ts';

export type Stage = 'registration' | 'add_drop' | 'withdraw';
export const STAGES: Stage[] = ['registration', 'add_drop', 'withdraw'];

/** Names the messages need, from the manifest's status tables. */
export interface Names {
  day: (id: number) => LocalText;
  studentStatus: (id: number) => LocalText;
}

export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

export function stageWindow(term: TermInfo, stage: Stage): { starts: string | null; ends: string | null } {
  return { starts: term[`${stage}_start`], ends: term[`${stage}_end`] };
}

/** Windows are whole days, both ends included. */
export function stageOpen(term: TermInfo, stage: Stage, today: string): boolean {
  const { starts, ends } = stageWindow(term, stage);
  return !!starts && !!ends && starts <= today && today <= ends;
}

const STAGE_CLOSED = {
  registration: 'reg_registration_closed',
  add_drop: 'reg_add_drop_closed',
  withdraw: 'reg_withdraw_closed',
} as const;

export function requireStage(ctx: StudentContext, stage: Stage, today: string): void {
  if (!ctx.term) throw new Refusal('reg_no_term', {}, 422, 'term_id');
  if (!stageOpen(ctx.term, stage, today)) throw new Refusal(STAGE_CLOSED[stage], {}, 422, 'term_id');
}

/** The student's appointment: the earliest-opening one of the term whose criteria they meet. */
export function appointmentOf(ctx: StudentContext): Appointment | null {
  const s = ctx.student;
  const earned = s.earned_hours ?? 0;
  return (
    ctx.appointments.find(
      (a) =>
        (a.faculty_id === null || a.faculty_id === s.faculty_id) &&
        (a.program_id === null || a.program_id === s.program_id) &&
        (a.level === null || a.level === s.level) &&
        (a.min_earned_hours === null || earned >= a.min_earned_hours) &&
        (a.max_earned_hours === null || earned <= a.max_earned_hours),
    ) ?? null
  );
}

const stamp = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A term with appointments opens registration to each student at their own appointment only. */
export function requireAppointment(ctx: StudentContext, now: Date): void {
  if (ctx.appointments.length === 0) return;
  const mine = appointmentOf(ctx);
  if (!mine) throw new Refusal('reg_no_appointment', {}, 422, 'term_id');
  if (new Date(mine.opens_at).getTime() > now.getTime())
    throw new Refusal('reg_appointment_not_open', { opens: stamp(mine.opens_at) }, 422, 'term_id');
  if (mine.closes_at && new Date(mine.closes_at).getTime() < now.getTime())
    throw new Refusal('reg_appointment_closed', { closes: stamp(mine.closes_at) }, 422, 'term_id');
}

export type WarningState = WarningStanding;

export function warningsOf(ctx: StudentContext): WarningState {
  const s = ctx.student;
  return warningStanding({
    consecutive: s.consecutive_warnings,
    total: s.total_warnings,
    max_consecutive: s.max_consecutive_warnings,
    max_total: s.max_total_warnings,
  });
}

/** Status, dismissal by warnings, and bans for the whole term. */
export function requireStanding(ctx: StudentContext, names: Names, today: string): void {
  const s = ctx.student;
  if (s.status_id !== 1) throw new Refusal('reg_status_inactive', { status: names.studentStatus(s.status_id) });
  const w = warningsOf(ctx);
  if (w.max_consecutive !== null && w.consecutive >= w.max_consecutive)
    throw new Refusal('reg_dismissed_consecutive', { count: w.consecutive, max: w.max_consecutive });
  if (w.max_total !== null && w.total >= w.max_total)
    throw new Refusal('reg_dismissed_total', { count: w.total, max: w.max_total });
  requireNoBan(ctx, null, today);
}

/** A ban in force for the term: for every course, or (with `course`) for that one. */
export function requireNoBan(ctx: StudentContext, course: OfferingInfo['course'] | null, today: string): void {
  const termId = ctx.term?.id ?? null;
  const ban = ctx.bans.find(
    (b) =>
      (b.term_id === null || b.term_id === termId) &&
      (b.until === null || b.until >= today) &&
      (course === null ? b.course_id === null : b.course_id === course.id),
  );
  if (!ban) return;
  const scope: LocalText = course
    ? { en: `${course.code} ${course.name}`, ar: `${course.code} ${course.name_local ?? course.name}` }
    : { en: 'any course this term', ar: 'أي مقرر في هذا الفصل الدراسي' };
  throw new Refusal(ban.kind_id === 2 ? 'reg_banned_misconduct' : 'reg_banned_study_absence', { scope });
}

export const courseLabel = (c: { code: string; name: string; name_local: string | null }): LocalText => ({
  en: `${c.code} ${c.name}`,
  ar: `${c.code} ${c.name_local ?? c.name}`,
});

/** The offering is open to this student: term, published, active course, program and plan, level. */
export function requireOfferingOpen(ctx: StudentContext): OfferingInfo {
  const o = ctx.offering;
  const s = ctx.student;
  if (!o || !ctx.term || o.term_id !== ctx.term.id || o.published_id === 0 || o.course.active === false)
    throw new Refusal('reg_offering_not_available');
  if (o.program_id !== null && o.program_id !== s.program_id) throw new Refusal('reg_offering_not_available');
  if (o.program_has_plan && o.plan_level === null) throw new Refusal('reg_not_in_plan');
  if (!o.program_has_plan && o.course.faculty_id !== s.faculty_id && o.program_id === null)
    throw new Refusal('reg_not_in_plan');
  // The course's own level is the least student level that may register it; the plan's level is where it sits.
  const level = o.course.level ?? o.plan_level ?? 0;
  if ((s.level ?? 0) < level) throw new Refusal('reg_level', { level, current: s.level ?? 0 });
  return o;
}

/** Academic requirements of the course: not passed yet, passed hours, prerequisites. */
export function requireEligible(ctx: StudentContext, o: OfferingInfo, today: string): void {
  requireNoBan(ctx, o.course, today);
  if (o.passed_before) throw new Refusal('reg_already_passed');
  const hours = o.course.required_passed_hours ?? 0;
  const passed = ctx.student.earned_hours ?? 0;
  if (hours > passed) throw new Refusal('reg_passed_hours', { hours, passed });
  const missing = o.prerequisites.filter((p) => !p.passed);
  if (missing.length) {
    throw new Refusal('reg_prerequisite', {
      courses: {
        en: listJoin(
          missing.map((p) => `${p.code} ${p.name}`),
          'en',
        ),
        ar: listJoin(
          missing.map((p) => `${p.code} ${p.name_local ?? p.name}`),
          'ar',
        ),
      },
    });
  }
}

export const heldRows = (ctx: StudentContext) => ctx.rows.filter((r) => holdsSeat(r.status_code));

/** The student's live row of this offering or course, if any. */
export function requireNotHeld(ctx: StudentContext, o: OfferingInfo): void {
  if (heldRows(ctx).some((r) => r.offering_id === o.id || r.course_id === o.course.id))
    throw new Refusal('reg_already_requested');
}

const overlaps = (a: SlotInfo, b: SlotInfo) =>
  a.day === b.day && a.start_time < b.end_time && b.start_time < a.end_time;
const hm = (t: string) => t.slice(0, 5);

export interface Busy {
  offering_id: number;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  slots: SlotInfo[];
}

/** The first clash of `slots` with the busy list, or null. */
export function findClash(slots: SlotInfo[], busy: Busy[]): { other: Busy; slot: SlotInfo } | null {
  for (const other of busy) {
    for (const mine of slots) {
      const hit = other.slots.find((s) => overlaps(mine, s));
      if (hit) return { other, slot: hit };
    }
  }
  return null;
}

export function busyOf(rows: HeldRow[]): Busy[] {
  return rows.map((r) => ({
    offering_id: r.offering_id,
    course_code: r.course_code,
    course_name: r.course_name,
    course_name_local: r.course_name_local,
    slots: r.slots,
  }));
}

export function requireNoClash(section: SectionInfo, busy: Busy[], names: Names): void {
  const clash = findClash(section.slots, busy);
  if (!clash) return;
  const { other, slot } = clash;
  throw new Refusal(
    'reg_clash',
    {
      course: {
        en: `${other.course_code} ${other.course_name}`,
        ar: `${other.course_code} ${other.course_name_local ?? other.course_name}`,
      },
      day: names.day(slot.day),
      from: hm(slot.start_time),
      to: hm(slot.end_time),
    },
    422,
    'section_id',
  );
}

/** The student's credit-hour limit in the term, by standing (credit_hour_limits) or the term's maximum. */
export function creditLimitOf(ctx: StudentContext): number {
  const gpa = ctx.student.gpa;
  const termMax = ctx.term?.max_credit_hours ?? 18;
  if (gpa === null || gpa === undefined) return termMax;
  const row = ctx.limits.find((l) => l.min_gpa <= gpa && gpa < l.max_gpa);
  return row ? row.max_hours : termMax;
}

export const heldHours = (ctx: StudentContext) => heldRows(ctx).reduce((sum, r) => sum + (r.credit_hours ?? 0), 0);

export function requireCreditRoom(ctx: StudentContext, hours: number, extra = 0): void {
  const limit = creditLimitOf(ctx);
  const total = heldHours(ctx) + extra + hours;
  if (total > limit) throw new Refusal('reg_credit_limit', { total, limit });
}

/**
 * The sections a request may take, in the order to try them: the chosen one, or every section
 * of the offering without a clash, those with seats left (as last read) first. A clash on the
 * chosen section, or on all of them, is the refusal.
 */
export function candidateSections(
  o: OfferingInfo,
  sectionId: number | null,
  busy: Busy[],
  names: Names,
): SectionInfo[] {
  if (sectionId !== null) {
    const section = o.sections.find((s) => s.id === sectionId);
    if (!section) throw new Refusal('reg_section_invalid', {}, 422, 'section_id');
    requireNoClash(section, busy, names);
    return [section];
  }
  if (!o.sections.length) throw new Refusal('no_capacity', {}, 422, 'section_id');
  const free = o.sections.filter((s) => !findClash(s.slots, busy));
  if (!free.length) requireNoClash(o.sections[0]!, busy, names);
  return [...free.filter((s) => s.seats_taken < s.capacity), ...free.filter((s) => s.seats_taken >= s.capacity)];
}

/** Every rule of a new request except the window, the appointment and the seat. */
export function checkRequest(
  ctx: StudentContext,
  sectionId: number | null,
  names: Names,
  today: string,
  planBusy: Busy[] = [],
  planHours = 0,
) {
  requireStanding(ctx, names, today);
  const offering = requireOfferingOpen(ctx);
  requireNotHeld(ctx, offering);
  requireEligible(ctx, offering, today);
  const sections = candidateSections(offering, sectionId, [...busyOf(heldRows(ctx)), ...planBusy], names);
  requireCreditRoom(ctx, offering.course.credit_hours ?? 0, planHours);
  return { offering, sections };
}
