/** Answer shapes of the registration domain (server/domains/registration/README.md) the pages read. */

export interface Named {
  id: number;
  code?: string;
  name: string;
  name_local?: string | null;
}

export interface Slot {
  id?: number;
  section_id?: number;
  section_code?: string;
  day: number;
  start_time: string;
  end_time: string;
  kind_id?: number;
  room?: { id: number; code: string } | null;
}

export interface Clash {
  offering_id: number;
  course_code: string;
  course_name: string;
  course_name_local?: string | null;
  day: number;
  start_time: string;
  end_time: string;
}

export interface Section {
  id: number;
  code: string;
  kind_id?: number;
  capacity: number;
  seats_taken: number;
  seats_left: number;
  instructor?: Named | null;
  slots: Slot[];
  clashes: Clash[];
}

export interface Problem {
  code: string;
  message: string;
}

export interface Course {
  id: number;
  code: string;
  name: string;
  name_local?: string | null;
  credit_hours: number;
  level?: number;
  required_passed_hours?: number;
}

export interface Offering {
  offering_id: number;
  term_id: number;
  course: Course;
  plan_level?: number | null;
  required?: boolean;
  seats_left: number;
  requested: boolean;
  problems: Problem[];
  sections: Section[];
}

export interface Registration {
  id: number;
  offering_id: number;
  section_id: number | null;
  section_code?: string | null;
  term_id: number;
  status_code: number;
  flags: number | string | null;
  request_flag?: number;
  note?: string | null;
  decided_at?: string | null;
  created_at?: string;
  course: Course;
  slots?: Slot[];
}

export interface Stage {
  term_id: number;
  term: Named;
  stage: 'registration' | 'add_drop' | 'withdraw';
  starts: string;
  ends: string;
}

export interface Appointment {
  id: number;
  name?: string;
  name_local?: string | null;
  opens_at: string;
  closes_at: string;
  open: boolean;
}

export interface Warnings {
  consecutive: number;
  total: number;
  max_consecutive?: number | null;
  max_total?: number | null;
  consecutive_remaining?: number | null;
  total_remaining?: number | null;
  dismissed?: boolean;
}

export interface TermStages {
  data: Stage[];
  appointment?: Appointment | null;
  warnings?: Warnings | null;
  credit?: { term_id: number; held: number; limit: number } | null;
}

export interface PlanItem {
  id: number;
  offering_id: number;
  section_id: number | null;
  course: Course;
  section_code?: string | null;
  slots?: Slot[];
}

export interface PlanSubmitResult {
  offering_id: number;
  ok: boolean;
  registration?: Registration;
  error?: string | { en?: string; ar?: string };
}

export interface Advisee {
  student: {
    id: number;
    code: string;
    name: string;
    name_local?: string | null;
    level?: number | null;
    gpa?: number | null;
    earned_hours?: number | null;
    program_id?: number | null;
  };
  warnings?: Warnings | null;
  requests: Registration[];
}

/** Registration codes (registration_code) a student's request may be in. */
export const CODE = {
  requested: 1,
  registered: 2,
  withdrawRequest: 3,
  dropRequest: 4,
  addRequest: 9,
  rejected: 13,
  removed: 14,
} as const;

/** Codes the advisor decides on. */
export const PENDING_CODES: ReadonlySet<number> = new Set([1, 3, 4, 9]);
