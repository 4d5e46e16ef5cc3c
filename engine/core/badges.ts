/**
 * Status and badge lookups over a status table (portal-core section 4, admission-and-grid
 * section 4). A value is an id (number, bigint or numeric string) or a status key or name
 * (the grid colours by status name).
 *
 * Plain tables: the status with that id, key or name.
 * Flag tables (`flags: true`): a value may combine several flags. The status whose id equals
 * the whole value wins; otherwise every status whose flag bits are all set in the value
 * matches, and the badge colour is that of the first match in table order (the table's display
 * order is its priority). Flag arithmetic uses BigInt: ids pass 2^32 (549755813888).
 * Nothing matches: the table's fallbackColor, else DEFAULT_FALLBACK_COLOUR.
 */
import type { Colour, Status, StatusTable } from '../../generator/manifest-types.ts';
import { isRtl } from './rtl.ts';
import { listJoin } from './text.ts';

export const DEFAULT_FALLBACK_COLOUR: Colour = 'secondary';

export type StatusValue = number | bigint | string | null | undefined;
export type BadgeTable = Pick<StatusTable, 'flags' | 'statuses' | 'fallbackColor'>;

export interface Badge {
  color: Colour;
  /** The matching statuses, in table order (several for a combined flag value). */
  statuses: Status[];
  /** Their names in the locale (name_local in Arabic), joined as a list in the locale (listJoin); '' when none. */
  text: string;
}

/** The statuses a value stands for, in table order. */
export function statusesOf(table: BadgeTable, value: StatusValue): Status[] {
  if (value === null || value === undefined || value === '') return [];
  const id = toBigInt(value);
  if (id === undefined) {
    const wanted = String(value).trim().toLowerCase();
    return table.statuses.filter((s) => s.key.toLowerCase() === wanted || s.name.toLowerCase() === wanted);
  }
  const exact = table.statuses.filter((s) => BigInt(s.id) === id);
  if (exact.length || !table.flags) return exact.slice(0, 1);
  return table.statuses.filter((s) => {
    const flag = BigInt(s.id);
    return flag !== 0n && (id & flag) === flag;
  });
}

export function badgeColor(table: BadgeTable, value: StatusValue): Colour {
  return statusesOf(table, value)[0]?.color ?? table.fallbackColor ?? DEFAULT_FALLBACK_COLOUR;
}

export function badge(table: BadgeTable, value: StatusValue, locale: string): Badge {
  const statuses = statusesOf(table, value);
  return {
    color: statuses[0]?.color ?? table.fallbackColor ?? DEFAULT_FALLBACK_COLOUR,
    statuses,
    text: listJoin(
      statuses.map((s) => (isRtl(locale) ? s.name_local : s.name)),
      locale,
    ),
  };
}

/** True when a flag value holds the flag `flag` (BigInt-safe). */
export function hasFlag(value: StatusValue, flag: number | bigint): boolean {
  const v = toBigInt(value);
  const f = BigInt(flag);
  return v !== undefined && f !== 0n && (v & f) === f;
}

/** Combines flags into one value (BigInt-safe); a number while it stays a safe integer. */
export function combineFlags(...flags: (number | bigint)[]): number | bigint {
  const total = flags.reduce<bigint>((acc, f) => acc | BigInt(f), 0n);
  return total <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(total) : total;
}

function toBigInt(value: StatusValue): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined;
  const s = String(value).trim();
  return /^-?\d+$/.test(s) ? BigInt(s) : undefined;
}
