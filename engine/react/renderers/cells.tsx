/**
 * How a value is written in a list or a detail page: pure `formatValue` for text, and
 * `StatusBadge` drawing engine/core's badge (colour and name) as an MUI chip.
 */
import { amountInWords } from '../../core/number-words.ts';
import { Chip } from '@mui/material';
import type { Colour, StatusTable } from '../../../generator/manifest-types.ts';
import { badge } from '../../core/badges.ts';
import { formatDate, formatDateTime, formatTime } from '../../core/dates.ts';

/**
 * The locale numbers and dates are written in. Arabic keeps Latin digits (0-9), as Egyptian
 * university systems do and as the rest of the portal (codes, ids, pagination) writes them:
 * one digit system on every page.
 */
export function numberLocale(language: string): string {
  return language === 'ar' ? 'ar-EG-u-nu-latn' : language;
}

/** Formats with a fixed number of decimals: a column keeps one precision (3.00 next to 2.91). */
const DECIMALS: Record<string, number> = { money: 2, gpa: 2 };

/**
 * A value as text. `format` (a screen column's) wins over `type` (the entity field's): date,
 * datetime (engine/core/dates.ts), time, money (2 decimals), gpa (2 decimals), number, percent, boolean; anything else as it is.
 */
export function formatValue(
  value: unknown,
  format: string | undefined,
  type: string | undefined,
  language: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = format ?? type;
  const locale = numberLocale(language);
  if (kind === 'boolean' || typeof value === 'boolean') return value ? '✓' : '✗';
  // engine/core/dates.ts: the portal's one way of writing dates (24 Nov 2026, 14:05).
  if (
    (kind === 'date' || kind === 'datetime' || kind === 'time') &&
    (typeof value === 'string' || typeof value === 'number')
  ) {
    if (kind === 'date') return formatDate(value, language);
    return kind === 'time' ? formatTime(value, language) : formatDateTime(value, language);
  }
  // An amount in words, cheque style (engine/core/number-words.ts): invoices, receipts.
  if (
    kind === 'words' &&
    (typeof value === 'number' || typeof value === 'string') &&
    value !== '' &&
    !Number.isNaN(Number(value))
  )
    return amountInWords(Number(value), language.startsWith('ar') ? 'ar' : 'en');
  // Whole numbers (integer fields, counts, years) are written as they are: 2026, not 2,026.
  const numeric = kind === 'money' || kind === 'gpa' || kind === 'number' || kind === 'percent';
  if (numeric && !Number.isNaN(Number(value)) && (typeof value === 'number' || typeof value === 'string')) {
    const n = Number(value);
    if (kind === 'percent') return `${n.toLocaleString(locale)}%`;
    const decimals = kind ? DECIMALS[kind] : undefined;
    return n.toLocaleString(
      locale,
      decimals !== undefined ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : {},
    );
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const text = language === 'ar' ? (o.name_local ?? o.ar ?? o.name ?? o.en) : (o.name ?? o.en ?? o.name_local);
    return text !== undefined ? String(text) : JSON.stringify(value);
  }
  return String(value);
}

/**
 * The direction a written value is isolated in (`<bdi dir=...>`): a value with no letter at
 * all (an amount such as -1,500.00, a phone number +201089759410, a code 2025/2026) is
 * left-to-right, or an Arabic page would show "1,500.00-"; a value with letters takes the
 * direction of its first strong letter (auto), so Latin text keeps its order in Arabic and
 * Arabic text in English.
 */
export function valueDirection(text: string): 'ltr' | 'auto' {
  return STRONG.test(text) ? 'auto' : 'ltr';
}

/**
 * A letter, or a directional mark: an Arabic date as the locale writes it ('26‏/04‏/2006') has
 * no letter but a right-to-left mark after each part, and isolated left to right those marks
 * drew it as '262006/04/'. With them it takes its own direction, as the locale meant it.
 */
const STRONG = /[\p{L}\u200E\u200F\u061C]/u;

/** A written value isolated from the text around it, in its own direction. */
export function IsolatedValue({ text }: { text: string }) {
  return <bdi dir={valueDirection(text)}>{text}</bdi>;
}

/** A chip's fill, text and border colours. */
export interface ChipColours {
  background: string;
  color: string;
  border: string;
}

/**
 * Every manifest colour (generator/manifest-types.ts `Colour`) as the chip's own fill and text
 * colours, chosen so that the text meets WCAG AA (4.5:1) on the fill in both skins
 * (tests/unit/react/cells.test.ts checks each pair): white on the dark fills, dark text on
 * warning, yellow, grey and light, and the `light-*` colours as a pale tint with dark text.
 * (MUI's own warning and info chips are white on #ed6c02 / #0288d1: 3.1:1 and 4.1:1.)
 */
export const CHIP_COLOURS: Record<Colour, ChipColours> = {
  primary: { background: '#3f51b5', color: '#ffffff', border: '#3f51b5' },
  blue: { background: '#1565c0', color: '#ffffff', border: '#1565c0' },
  secondary: { background: '#5f6b7a', color: '#ffffff', border: '#5f6b7a' },
  success: { background: '#2e7d32', color: '#ffffff', border: '#2e7d32' },
  green: { background: '#2e7d32', color: '#ffffff', border: '#2e7d32' },
  info: { background: '#01579b', color: '#ffffff', border: '#01579b' },
  warning: { background: '#ed6c02', color: '#1a1a1a', border: '#ed6c02' },
  yellow: { background: '#fbc02d', color: '#1a1a1a', border: '#fbc02d' },
  danger: { background: '#c62828', color: '#ffffff', border: '#c62828' },
  red: { background: '#c62828', color: '#ffffff', border: '#c62828' },
  dark: { background: '#343a40', color: '#ffffff', border: '#343a40' },
  light: { background: '#eceff1', color: '#1a1a1a', border: '#b0bec5' },
  grey: { background: '#e0e0e0', color: '#1a1a1a', border: '#bdbdbd' },
  'light-danger': { background: '#fdecea', color: '#8e1c1c', border: '#ef9a9a' },
  'light-dark': { background: '#eceff1', color: '#263238', border: '#90a4ae' },
  'light-success': { background: '#edf7ed', color: '#1b5e20', border: '#a5d6a7' },
  'light-warning': { background: '#fff4e5', color: '#663c00', border: '#ffcc80' },
  'light-info': { background: '#e5f6fd', color: '#014361', border: '#81d4fa' },
};

/** The chip colours of a manifest colour (an unknown one: secondary's). */
export function chipColours(colour: Colour | string): ChipColours {
  return CHIP_COLOURS[colour as Colour] ?? CHIP_COLOURS.secondary;
}

/**
 * The same chip for a status the server sent whole ({name, name_local, color} of a YAML status
 * table), for pages that do not load the manifest's status tables (the applicant's).
 */
export function StatusRefBadge({
  status,
  language,
}: {
  status: { name: string; name_local?: string | null; color: string };
  language: string;
}) {
  const c = chipColours(status.color);
  const text = language === 'ar' ? status.name_local || status.name : status.name || status.name_local || '';
  return (
    <Chip
      size="small"
      label={text}
      variant="outlined"
      sx={{ bgcolor: c.background, color: c.color, borderColor: c.border }}
    />
  );
}

/**
 * A badge column's `format: label`: the status's name written as text, not a chip (a setting's
 * name, an on/off value); a value the table does not hold is written as it is.
 */
export const LABEL_FORMAT = 'label';

/** A badge column's cell: the chip, or with `format: label` the name as text. */
export function StatusCell({
  table,
  value,
  format,
  language,
}: {
  table: StatusTable;
  value: unknown;
  format?: string;
  language: string;
}) {
  if (format !== LABEL_FORMAT) return <StatusBadge table={table} value={value} language={language} />;
  const text = badge(table, value as string | number | null | undefined, language).text;
  return <IsolatedValue text={text || formatValue(value, undefined, undefined, language)} />;
}

export function StatusBadge({ table, value, language }: { table: StatusTable; value: unknown; language: string }) {
  const b = badge(table, value as string | number | null | undefined, language);
  const c = chipColours(b.color);
  return (
    <Chip
      size="small"
      label={b.text || String(value ?? '—')}
      variant="outlined"
      sx={{ bgcolor: c.background, color: c.color, borderColor: c.border }}
    />
  );
}
