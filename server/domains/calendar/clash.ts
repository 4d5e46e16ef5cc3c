/**
 * Whether a weekly slot may sit where it is being put: no other slot of an overlapping term may
 * hold the same room, or be taught by the same instructor, on the same day at an overlapping
 * time. Touching ends (10:00-11:00 then 11:00-12:00) do not clash. The first clash found is the
 * reason given; the room is checked first because it is the one most often wrong.
 */
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { slotsIn, type SectionRow, type SlotRow } from './store.ts';

export interface Placement {
  /** The slot being moved (left out of the comparison); absent for a new slot. */
  slotId?: number;
  section: SectionRow;
  day: number;
  start: string;
  end: string;
  roomId: number | null;
}

export type Clash = { kind: 'room' | 'instructor'; other: SlotRow };

const overlaps = (a: Placement, b: SlotRow) =>
  a.day === b.day &&
  a.start < b.end_time &&
  b.start_time < a.end &&
  b.term_start <= a.section.term_end &&
  a.section.term_start <= b.term_end &&
  b.id !== a.slotId;

export async function findClash(db: Kysely<any>, m: Manifest, p: Placement): Promise<Clash | null> {
  if (p.roomId !== null) {
    const other = (await slotsIn(db, m, { room: p.roomId })).find((s) => overlaps(p, s));
    if (other) return { kind: 'room', other };
  }
  if (p.section.instructor_id !== null) {
    const other = (await slotsIn(db, m, { instructor: p.section.instructor_id })).find((s) => overlaps(p, s));
    if (other) return { kind: 'instructor', other };
  }
  return null;
}
