/** What every demo module gets: the rows written before it (university, terms, people, courses). */
import type { Manifest } from '../../../../generator/manifest-types.ts';
import type { Random } from '../random.ts';
import type { seedCourses } from './courses.ts';
import type { seedPeople } from './people.ts';
import type { seedTerms } from './terms.ts';
import type { seedUniversity } from './university.ts';

export interface DemoContext {
  manifest: Manifest;
  rnd: Random;
  today: Date;
  university: Awaited<ReturnType<typeof seedUniversity>>;
  terms: Awaited<ReturnType<typeof seedTerms>>;
  people: Awaited<ReturnType<typeof seedPeople>>;
  courses: Awaited<ReturnType<typeof seedCourses>>;
  /** "student:course" pairs of plan courses below a student's level not taken yet (courses.ts registerStudent). */
  deferred: Set<string>;
}
