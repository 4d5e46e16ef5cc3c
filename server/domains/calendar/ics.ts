/**
 * An iCalendar (RFC 5545) document of calendar events, for a phone's calendar to subscribe to.
 * Times are written floating (no time zone): they are the university's wall-clock times, which is
 * what a student on the campus' phone expects to see. Lines are folded at 75 octets as the RFC
 * asks, and text is escaped, so Arabic titles survive every client.
 */
import type { CalendarEvent } from './events.ts';

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const compact = (value: string) => value.replace(/[-:]/g, '');

function stamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function eventLines(e: CalendarEvent, dtstamp: string, host: string): string[] {
  const time = (v: string) => (e.all_day ? `;VALUE=DATE:${compact(v)}` : `:${compact(v)}00`);
  const where = [e.room, e.section].filter(Boolean).join(' · ');
  return [
    'BEGIN:VEVENT',
    `UID:${e.id}@${host}`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART${time(e.start)}`,
    `DTEND${time(e.end)}`,
    `SUMMARY:${escapeText(e.title)}`,
    ...(where ? [`LOCATION:${escapeText(where)}`] : []),
    ...(e.instructor ? [`DESCRIPTION:${escapeText(e.instructor)}`] : []),
    'END:VEVENT',
  ];
}

export function icsDocument(events: readonly CalendarEvent[], opts: { name: string; host: string; now: Date }): string {
  const dtstamp = stamp(opts.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rowaq//Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    ...events.flatMap((e) => eventLines(e, dtstamp, opts.host)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
