/**
 * GET /students/academic/standing: the student's warnings under the study plan and what
 * remains before suspension (engine/core/standing.ts), from the student's counts and the
 * maximums of the student's bylaw. The dashboard carries the same answer as `warnings`.
 */
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { warningStanding, type WarningStanding } from '../../../engine/core/standing.ts';
import type { Db } from '../auth/tables.ts';
import { alive, declares, table } from './tables.ts';

export async function studentStanding(db: Db, manifest: Manifest, studentId: number): Promise<WarningStanding> {
  const bylaws = declares(manifest, 'bylaws');
  const { rows } = await sql<{
    consecutive: number | null;
    total: number | null;
    max_consecutive: number | null;
    max_total: number | null;
  }>`
    select s.consecutive_warnings as consecutive, s.total_warnings as total,
           ${bylaws ? sql`b.max_consecutive_warnings` : sql`null`} as max_consecutive,
           ${bylaws ? sql`b.max_total_warnings` : sql`null`} as max_total
      from ${table(manifest, 'students')} s
      ${bylaws ? sql`left join ${table(manifest, 'bylaws')} b on b.id = s.bylaw_id ${alive(manifest, 'bylaws', 'b')}` : sql``}
     where s.id = ${studentId} ${alive(manifest, 'students', 's')}`.execute(db);
  const row = rows[0];
  return warningStanding({
    consecutive: row?.consecutive,
    total: row?.total,
    max_consecutive: row?.max_consecutive,
    max_total: row?.max_total,
  });
}
