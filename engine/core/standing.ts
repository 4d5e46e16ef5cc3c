/**
 * A student's standing under the study plan's warnings (portal-core sections 4 and 8): how many
 * consecutive and total warnings remain before suspension, and whether a maximum is passed. The
 * server computes it from the student's counts and the bylaw's maximums; the pages turn it into
 * the locale's messages. A maximum of 0 or none means the bylaw sets no such limit.
 */

export interface WarningCounts {
  consecutive: number;
  total: number;
  max_consecutive: number | null;
  max_total: number | null;
}

export interface WarningStanding extends WarningCounts {
  consecutive_remaining: number | null;
  total_remaining: number | null;
  dismissed: boolean;
}

export function warningStanding(counts: {
  consecutive: number | null | undefined;
  total: number | null | undefined;
  max_consecutive: number | null | undefined;
  max_total: number | null | undefined;
}): WarningStanding {
  const consecutive = Number(counts.consecutive ?? 0);
  const total = Number(counts.total ?? 0);
  const maxC = Number(counts.max_consecutive ?? 0) || null;
  const maxT = Number(counts.max_total ?? 0) || null;
  return {
    consecutive,
    total,
    max_consecutive: maxC,
    max_total: maxT,
    consecutive_remaining: maxC === null ? null : Math.max(0, maxC - consecutive),
    total_remaining: maxT === null ? null : Math.max(0, maxT - total),
    dismissed: (maxC !== null && consecutive >= maxC) || (maxT !== null && total >= maxT),
  };
}

export interface StandingMessage {
  /** A key under `errors.` of the locales. */
  key: 'consecutive_warnings_left' | 'total_warnings_left' | 'suspended_consecutive' | 'suspended_total';
  count?: number;
  severity: 'warning' | 'error';
}

/**
 * The messages a student sees: the suspension message of each maximum passed; else, once the
 * student has a warning, the warnings remaining before suspension under each maximum.
 */
export function standingMessages(s: WarningStanding | null | undefined): StandingMessage[] {
  if (!s) return [];
  const out: StandingMessage[] = [];
  if (s.max_consecutive !== null && s.consecutive >= s.max_consecutive)
    out.push({ key: 'suspended_consecutive', severity: 'error' });
  if (s.max_total !== null && s.total >= s.max_total) out.push({ key: 'suspended_total', severity: 'error' });
  if (out.length || s.total + s.consecutive === 0) return out;
  if (s.consecutive_remaining !== null)
    out.push({ key: 'consecutive_warnings_left', count: s.consecutive_remaining, severity: 'warning' });
  if (s.total_remaining !== null)
    out.push({ key: 'total_warnings_left', count: s.total_remaining, severity: 'warning' });
  return out;
}
