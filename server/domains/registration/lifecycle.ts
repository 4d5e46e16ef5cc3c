/**
 * The registration state machine: numeric registration codes (portal-core section 3, plus
 * 13 rejected and 14 removed), the status bit flags and request flag each code stands for, which
 * codes hold a seat, and the allowed moves, read from the registration_code status table of the
 * manifest (screens/registration/registration-code.status.yaml) once, at start.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';

export const CODE = {
  register_request: 1,
  registered: 2,
  withdraw_request: 3,
  drop_request: 4,
  withdrawn: 5,
  dropped: 6,
  excused: 7,
  incomplete: 8,
  add_request: 9,
  absent: 10,
  punished: 11,
  audit: 12,
  rejected: 13,
  removed: 14,
} as const;
export type CodeKey = keyof typeof CODE;

/** registration_status bits. */
export const FLAG = {
  fresh: 16,
  repeat: 32,
  improve: 64,
  withdrawn: 1024,
  excused: 2048,
  audit: 32768,
  registered: 262144,
  register_request: 1048576,
  add_request: 2097152,
  drop_request: 4194304,
  withdraw_request: 8388608,
  excuse_request: 16777216,
  banned_misconduct: 134217728,
  banned_study_absence: 536870912,
  incomplete: 4294967296,
  dropped: 549755813888,
} as const;

/** The state bit of each code; the kind bit (fresh or repeat) is kept beside it. */
const STATE_FLAG: Record<number, number> = {
  1: FLAG.register_request,
  2: FLAG.registered,
  3: FLAG.registered + FLAG.withdraw_request,
  4: FLAG.registered + FLAG.drop_request,
  5: FLAG.withdrawn,
  6: FLAG.dropped,
  7: FLAG.excused,
  8: FLAG.incomplete,
  9: FLAG.add_request,
  10: FLAG.banned_study_absence,
  11: FLAG.banned_misconduct,
  12: FLAG.audit,
  13: 0,
  14: 0,
};

/** Request flags: RegisterRequest 1, Registered 2, Reject 4. */
const REQUEST_FLAG: Record<number, number> = { 1: 1, 9: 1, 13: 4, 14: 0 };

/** Codes whose row holds a seat of its section (everything but the four ways out). */
const NOT_HOLDING = new Set<number>([CODE.withdrawn, CODE.dropped, CODE.rejected, CODE.removed]);
export const holdsSeat = (code: number) => !NOT_HOLDING.has(code);
/** Codes waiting for the advisor. */
export const PENDING = [CODE.register_request, CODE.add_request, CODE.drop_request, CODE.withdraw_request] as const;

/** flags for a row of `kind` (FLAG.fresh or FLAG.repeat) entering `code`. */
export function flagsOf(code: number, kind: number): number {
  return kind + (STATE_FLAG[code] ?? 0);
}
export function requestFlagOf(code: number): number {
  return REQUEST_FLAG[code] ?? 2;
}
/** The kind bit kept in a stored flags value (bits below 1024). */
export function kindOf(flags: number): number {
  const low = Number(BigInt(Math.trunc(flags)) & 0x3ffn);
  return low & FLAG.repeat ? FLAG.repeat : low & FLAG.improve ? FLAG.improve : FLAG.fresh;
}

export interface Move {
  from: number[];
  to: number;
  permission: string;
}

/** action -> the moves the manifest allows. */
export type Lifecycle = Map<string, Move[]>;

export function loadLifecycle(manifest: Manifest): Lifecycle {
  const table = manifest.statusTables.registration_code;
  if (!table?.transitions)
    throw new Error('registration_code status table with transitions is missing from the manifest');
  const idOf = new Map(table.statuses.map((s) => [s.key, s.id]));
  const lifecycle: Lifecycle = new Map();
  for (const t of table.transitions) {
    const action = t.action ?? '';
    const move: Move = {
      from: t.from.map((k) => idOf.get(k)!),
      to: idOf.get(t.to)!,
      permission: t.permission ?? 'public',
    };
    lifecycle.set(action, [...(lifecycle.get(action) ?? []), move]);
  }
  return lifecycle;
}

/** Where `action` takes a row in state `code`, or null when the lifecycle has no such move. */
export function nextCode(lifecycle: Lifecycle, action: string, code: number): Move | null {
  return lifecycle.get(action)?.find((m) => m.from.includes(code)) ?? null;
}

/** The status's names, for messages. */
export function codeName(manifest: Manifest, code: number): { en: string; ar: string } {
  const s = manifest.statusTables.registration_code?.statuses.find((x) => x.id === code);
  return { en: s?.name ?? String(code), ar: s?.name_local ?? s?.name ?? String(code) };
}
