/**
 * The catalog part of a registration context, kept in memory: what the rules read that is the
 * same for every student (a term with its windows and appointments, the credit-hour limits, an
 * offering with its course, prerequisites, sections, instructors and slots, and what a student's
 * row shows of its offering and section: the course and the slots). On a registration
 * day thousands of requests read the same few offerings; building that JSON in the database on
 * every call was about a quarter of PostgreSQL's CPU in the rush (docs/decisions.md).
 *
 * Correctness rests on one number: registration_catalog.version (screens/registration/
 * registration-catalog.entity.yaml), moved by statement triggers (CATALOG_TRIGGERS_DDL) on every
 * write to the tables the catalog part is read from. A section's seat counter is not part of it
 * (the trigger on sections watches every column but seats_taken and updated_at): the counters are
 * read fresh on every call. The context function (context.ts) reads the version in the same
 * statement as the student's rows and, when the server's copy is of another version, reads the
 * catalog part in a later statement: the part is never older than the version it is kept under.
 * Each server process has its own copy; a write through any process or by hand moves the
 * version for all.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { Appointment, CreditLimit, HeldRow, OfferingInfo, SectionInfo, TermInfo } from './context.ts';

/** An offering as the catalog holds it: without the student's plan, history and the seat counters. */
export type CatalogOffering = Omit<
  OfferingInfo,
  'plan_level' | 'plan_required' | 'program_has_plan' | 'prerequisites' | 'passed_before' | 'taken_before' | 'sections'
> & {
  prerequisites: Array<{ id: number; code: string; name: string; name_local: string | null }>;
  sections: Array<Omit<SectionInfo, 'seats_taken'>>;
};

/** A term's part: the term (null when it is missing or deleted) and its appointments. */
export interface CatalogTerm {
  term: TermInfo | null;
  appointments: Appointment[];
}

/**
 * What a student's row shows of the catalog, per offering and section held: the offering's
 * course and the section's slots (context.ts ROW_PARTS_JSON). `credit_hours` is the course's,
 * for a row that has none of its own.
 */
export type RowPart = Pick<
  HeldRow,
  'offering_id' | 'section_id' | 'course_id' | 'course_code' | 'course_name' | 'course_name_local' | 'slots'
> & {
  credit_hours: number | null;
};

export const rowPartKey = (offeringId: number, sectionId: number | null) => `${offeringId}:${sectionId ?? ''}`;

/** What the context function answers when asked for the catalog part. */
export interface CatalogPart {
  term_id: number | null;
  term: TermInfo | null;
  appointments: Appointment[];
  limits: CreditLimit[];
  /** Absent when the call named no offering; null when it is missing or deleted. */
  offering?: CatalogOffering | null;
  /** The parts of the rows the student holds in the term. */
  row_parts: RowPart[];
}

/** One version's copy. Never changed once another version is seen, so a request can keep using the one it started with. */
export interface CatalogSnapshot {
  version: number;
  terms: Map<number | null, CatalogTerm>;
  limits: CreditLimit[];
  /** By offering id: the offering's term (as the context resolves it) and the offering, null when missing or deleted. */
  offerings: Map<number, { termId: number | null; offering: CatalogOffering | null }>;
  /** By rowPartKey: what rows of any student show of the catalog (at most one per section held). */
  rowParts: Map<string, RowPart>;
}

/** Offerings kept per version at most (a university's term has a few thousand). */
const MAX_OFFERINGS = 20_000;
/** Row parts kept per version at most (one per section held, of any term students still read). */
const MAX_ROW_PARTS = 100_000;

/** The server's copy of the catalog part (one per domain, so one per database). */
export class CatalogCache {
  private current: CatalogSnapshot | null = null;

  /**
   * The snapshot to use for a call about `termId` (null: the offering's term) and `offeringId`,
   * when it holds everything the call needs; null when the catalog part must be read.
   */
  snapshotFor(termId: number | null, offeringId: number | null): CatalogSnapshot | null {
    const s = this.current;
    if (!s) return null;
    let tid = termId;
    if (offeringId !== null) {
      const entry = s.offerings.get(offeringId);
      if (!entry) return null;
      if (tid === null) tid = entry.termId;
    }
    return s.terms.has(tid) ? s : null;
  }

  /** Keeps a catalog part read at `version` for the call about `offeringId` and returns the snapshot holding it. */
  store(version: number, offeringId: number | null, part: CatalogPart): CatalogSnapshot {
    deepFreeze(part); // shared by every request of the version: a rule that changed it would change it for all
    let s = this.current;
    // Another version replaces the copy (older too: a version row recreated by hand starts again
    // at 1; a slow call's older part costs the next call one more read, never a wrong answer, as
    // every call compares the copy's version with the database's). A full copy starts afresh.
    if (!s || version !== s.version || s.offerings.size >= MAX_OFFERINGS || s.rowParts.size >= MAX_ROW_PARTS) {
      s = { version, terms: new Map(), limits: part.limits, offerings: new Map(), rowParts: new Map() };
      this.current = s;
    }
    for (const p of part.row_parts) s.rowParts.set(rowPartKey(p.offering_id, p.section_id), p);
    s.terms.set(part.term_id, { term: part.term, appointments: part.appointments });
    // A missing or deleted offering is not kept: any number can be asked for, and such calls are rare.
    if (offeringId !== null && part.offering)
      s.offerings.set(offeringId, { termId: part.term_id, offering: part.offering });
    return s;
  }

  /** Forgets the copy (tests; a process that knows the catalog changed). */
  clear(): void {
    this.current = null;
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/** The tables the catalog part is read from (context.ts CATALOG_JSON). */
const WATCHED = [
  'terms',
  'registration_appointments',
  'credit_hour_limits',
  'offerings',
  'courses',
  'course_prerequisites',
  'slots',
  'rooms',
  'instructors',
];

/** Columns of sections whose change is not part of the catalog: the seat counter moves on every seat. */
const SEAT_COLUMNS = new Set(['seats_taken', 'updated_at']);

/**
 * The version row, the bump function and one statement trigger per watched table (sections:
 * on an update of any column but the seat counter). Created or replaced when the domain starts.
 */
export function catalogDdl(manifest: Manifest): string[] {
  const sections = manifest.entities.sections;
  if (!sections) throw new Error('registration catalog: the sections entity is missing from the manifest');
  const sectionColumns = ['id', ...Object.keys(sections.fields), ...(sections.softDelete ? ['deleted_at'] : [])].filter(
    (c) => !SEAT_COLUMNS.has(c),
  );
  const trigger = (table: string, events: string) =>
    `create or replace trigger registration_catalog_bump after ${events} on ${table} for each statement execute function registration_catalog_bump()`;
  return [
    `insert into registration_catalog (id, version) values (1, 1) on conflict (id) do nothing`,
    `create or replace function registration_catalog_bump() returns trigger language plpgsql as $fn$
begin
  -- An upsert: a version row deleted by hand comes back, and the copies still see a change.
  insert into registration_catalog (id, version) values (1, 1)
    on conflict (id) do update set version = registration_catalog.version + 1, updated_at = now();
  return null;
end $fn$`,
    ...WATCHED.map((table) => trigger(table, 'insert or update or delete or truncate')),
    trigger('sections', `insert or delete or truncate or update of ${sectionColumns.map((c) => `"${c}"`).join(', ')}`),
  ];
}

/** The catalog's current version (tests and tools). */
export const CATALOG_VERSION_SQL = 'select version from registration_catalog where id = 1';
