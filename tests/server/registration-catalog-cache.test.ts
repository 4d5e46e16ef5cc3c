/**
 * The copy of the registration catalog part (server/domains/registration/catalog.ts) on its own:
 * what it answers as kept, what it keeps, and when it starts afresh. No database.
 */
import { describe, expect, it } from 'vitest';
import {
  CatalogCache,
  rowPartKey,
  type CatalogOffering,
  type CatalogPart,
  type RowPart,
} from '../../server/domains/registration/catalog.ts';

const offering = (id: number, termId: number): CatalogOffering => ({
  id,
  term_id: termId,
  published_id: 1,
  program_id: null,
  course: {
    id: id * 10,
    code: `C${id}`,
    name: 'Course',
    name_local: 'مقرر',
    credit_hours: 3,
    level: 1,
    required_passed_hours: 0,
    active: true,
    faculty_id: 1,
  },
  prerequisites: [],
  sections: [{ id: id * 100, code: 'L1', kind_id: 1, capacity: 30, instructor: null, slots: [] }],
});
const part = (termId: number | null, o: CatalogOffering | null | undefined, rowParts: RowPart[] = []): CatalogPart => ({
  term_id: termId,
  term: null,
  appointments: [],
  limits: [{ bylaw_id: null, min_gpa: 0, max_gpa: 5, max_hours: 18 }],
  ...(o === undefined ? {} : { offering: o }),
  row_parts: rowParts,
});
const rowPart = (offeringId: number, sectionId: number | null): RowPart => ({
  offering_id: offeringId,
  section_id: sectionId,
  course_id: offeringId * 10,
  course_code: `C${offeringId}`,
  course_name: 'Course',
  course_name_local: null,
  credit_hours: 3,
  slots: [{ day: 1, start_time: '08:00', end_time: '09:30' }],
});

describe('registration catalog copy', () => {
  it('answers a call only when it holds the term and the offering the call needs', () => {
    const cache = new CatalogCache();
    expect(cache.snapshotFor(7, 1)).toBeNull();
    const s = cache.store(3, 1, part(7, offering(1, 7)));
    expect(s.version).toBe(3);
    expect(cache.snapshotFor(null, 1)).toBe(s); // the offering's term is known with it
    expect(cache.snapshotFor(7, null)).toBe(s);
    expect(cache.snapshotFor(8, null)).toBeNull();
    expect(cache.snapshotFor(7, 2)).toBeNull();
  });

  it('keeps what it holds frozen: a rule cannot change it for every other request', () => {
    const cache = new CatalogCache();
    cache.store(1, 1, part(7, offering(1, 7)));
    const kept = cache.snapshotFor(null, 1)!.offerings.get(1)!.offering!;
    expect(() => {
      (kept.sections[0] as { capacity: number }).capacity = 99;
    }).toThrow(TypeError);
    expect(kept.sections[0]!.capacity).toBe(30);
  });

  it('another version replaces the copy; a request keeps the snapshot it started with', () => {
    const cache = new CatalogCache();
    const old = cache.store(1, 1, part(7, offering(1, 7)));
    cache.store(1, 2, part(7, offering(2, 7)));
    expect(cache.snapshotFor(null, 2)).toBe(old);
    const next = cache.store(2, 1, part(7, offering(1, 7)));
    expect(cache.snapshotFor(null, 1)).toBe(next);
    expect(cache.snapshotFor(null, 2)).toBeNull(); // not read at version 2 yet
    expect(old.offerings.has(2)).toBe(true); // the older snapshot is left as it was
    expect(cache.store(1, 3, part(7, offering(3, 7))).version).toBe(1); // a version row recreated by hand starts again
  });

  it('keeps the row parts of every call of the version, by offering and section, and drops them with the version', () => {
    const cache = new CatalogCache();
    cache.store(1, 1, part(7, offering(1, 7), [rowPart(5, 500), rowPart(6, null)]));
    const s = cache.store(1, 2, part(7, offering(2, 7), [rowPart(5, 501)]));
    expect([...s.rowParts.keys()].sort()).toEqual([rowPartKey(5, 500), rowPartKey(5, 501), rowPartKey(6, null)].sort());
    expect(s.rowParts.get(rowPartKey(6, null))!.course_code).toBe('C6');
    expect(Object.isFrozen(s.rowParts.get(rowPartKey(5, 500))!.slots[0])).toBe(true);
    const next = cache.store(2, 1, part(7, offering(1, 7)));
    expect(next.rowParts.size).toBe(0);
  });

  it('does not keep a missing offering (any number can be asked for)', () => {
    const cache = new CatalogCache();
    cache.store(1, 999, part(null, null));
    expect(cache.snapshotFor(null, 999)).toBeNull();
    expect(cache.snapshotFor(null, null)).not.toBeNull(); // the term part (none) is kept
  });

  it('starts afresh rather than grow without end', () => {
    const cache = new CatalogCache();
    const first = cache.store(1, 1, part(7, offering(1, 7)));
    for (let id = 2; id <= 20_000; id++) cache.store(1, id, part(7, offering(id, 7)));
    expect(cache.snapshotFor(null, 1)).toBe(first);
    cache.store(1, 20_001, part(7, offering(20_001, 7)));
    expect(cache.snapshotFor(null, 1)).toBeNull();
    expect(cache.snapshotFor(null, 20_001)).not.toBeNull();
  });
});
