/**
 * Cell values as the .xlsx reader (xlsx-sheet.ts) reads them from the sheet's XML text, each
 * the same as SheetJS's reading: XML escapes, plain decimals, date-formatted numbers.
 */
import type { SheetCell } from './table.ts';

const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const NAMED: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const CODE = /_x([\da-fA-F]{4})_/gi;

const PLAIN = /[&\r<]|_x/i;

/** XML text as SheetJS decodes it for a cell: entities, then _xHHHH_ escapes, CRLF as LF. */
export function unescapeXml(raw: string): string {
  if (!PLAIN.test(raw)) return raw;
  let out = raw;
  if (out.includes('<![CDATA[')) throw new Error('CDATA');
  if (out.includes('&'))
    out = out.replace(
      ENTITY,
      (all, code: string | undefined) =>
        NAMED[all.toLowerCase()] ??
        String.fromCodePoint(parseInt(code!, all.includes('x') || all.includes('X') ? 16 : 10)),
    );
  if (out.includes('_x') || out.includes('_X'))
    out = out.replace(CODE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out.includes('\r\n') ? out.replace(/\r\n/g, '\n') : out;
}

/** The 1904 flag of the workbook, and dateCell's cache: day number -> 'YYYY-MM-DD'. */
export interface DateContext {
  date1904: boolean;
  days: Map<number, string>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** SSF's normalisation of a serial before it splits it (15 to 16 significant digits, cut). */
function normalSerial(v: number): number {
  const s = v.toPrecision(16);
  const e = s.indexOf('e');
  const cut = (m: string) =>
    m.includes('.')
      ? m.slice(0, m.startsWith('0.') ? 17 : 16)
      : m.slice(0, 15) + '0'.repeat(Math.max(0, m.length - 15));
  return Number(e > -1 ? cut(s.slice(0, e)) + s.slice(e) : cut(s));
}

/** 'YYYY-MM-DD' of a day number of the 1900 system, Lotus's 29 February 1900 and day 0 kept. */
function dayText(date: number): string {
  if (date === 60) return '1900-02-29';
  if (date === 0) return '1900-01-00';
  const d = new Date(1900, 0, 1);
  d.setDate(d.getDate() + (date > 60 ? date - 1 : date) - 1);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * A date-formatted number as 'YYYY-MM-DD HH:mm:ss', exactly as from SSF's parse_date_code
 * (the SheetJS path's), or the number when it is out of range. The day's text is cached per
 * day: parse_date_code builds a Date per cell, and an import has many cells on the same days.
 */
export function dateCell(serial: number, ctx: DateContext): SheetCell {
  if (serial > 2958465 || serial < 0) return serial;
  const v = normalSerial(serial);
  let date = v | 0;
  let time = Math.floor(86400 * (v - date));
  const fraction = 86400 * (v - date) - time;
  if (ctx.date1904) date += 1462;
  if (fraction > 0.9999 && ++time === 86400) {
    time = 0;
    ++date;
  }
  let day = ctx.days.get(date);
  if (day === undefined) ctx.days.set(date, (day = dayText(date)));
  return { date: `${day} ${pad(Math.floor(time / 3600))}:${pad(Math.floor(time / 60) % 60)}:${pad(time % 60)}` };
}

/**
 * The plain decimal written at [from, to) ('-12.5'), read without cutting out a string; or
 * undefined for anything else (an exponent, too many digits), which parseFloat then reads.
 * Exact: a mantissa under 2^53 divided by a power of ten up to 10^22 (both exact doubles) is
 * rounded once, to the double parseFloat gives.
 */
export function decimalAt(text: string, from: number, to: number): number | undefined {
  let at = from;
  const negative = text.charCodeAt(at) === 45; /* - */
  if (negative) at++;
  let mantissa = 0;
  let digits = 0;
  let scale = -1;
  for (; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === 46 /* . */ && scale < 0) scale = 0;
    else if (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + (code - 48);
      digits++;
      if (scale >= 0) scale++;
    } else return undefined;
  }
  if (digits === 0 || mantissa > Number.MAX_SAFE_INTEGER || scale > 22) return undefined;
  const value = scale > 0 ? mantissa / 10 ** scale : mantissa;
  return negative ? -value : value;
}
