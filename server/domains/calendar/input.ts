/** Reading the calendar calls' input: ids, dates, times and periods, each null when malformed. */
import type { FastifyRequest } from 'fastify';
import { parseDate } from '../attendance/occurrences.ts';
import type { Range } from './store.ts';

/** The longest period one call may ask for: a year and a month of events. */
export const MAX_RANGE_DAYS = 400;

export function positiveId(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return /^[1-9][0-9]{0,14}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** 'HH:MM' (or 'HH:MM:SS', seconds dropped) of a real time of day. */
export function parseTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])(:[0-5][0-9])?$/.exec(value.trim());
  return m ? `${m[1]}:${m[2]}` : null;
}

/** A wall-clock moment 'YYYY-MM-DDTHH:MM[:SS]' split into its date and time. */
export function parseMoment(value: unknown): { date: string; time: string } | null {
  if (typeof value !== 'string') return null;
  const [d, t] = value.trim().split('T');
  const date = parseDate(d);
  const time = parseTime(t?.replace(/(Z|[+-]\d{2}:?\d{2})$/, ''));
  return date && time ? { date, time } : null;
}

const days = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/**
 * The period asked for: {start, end} dates (FullCalendar's moments are cut to their date), the
 * end included. Neither given: `fallback`. Malformed, reversed or too long: null.
 */
export function parseRange(body: Record<string, unknown>, fallback: Range): Range | null {
  if (body.start === undefined && body.end === undefined) return fallback;
  const start = parseDate(typeof body.start === 'string' ? body.start.slice(0, 10) : body.start);
  const end = parseDate(typeof body.end === 'string' ? body.end.slice(0, 10) : body.end);
  if (!start || !end || end < start || days(start, end) > MAX_RANGE_DAYS) return null;
  return { start, end };
}
