/**
 * Every column type's parse and format (admission-and-grid sections 3 and 5). parseCell turns
 * what a user typed, pasted or imported into the cell's value (see CellValue in types.ts) or
 * 'Invalid input value'; formatCell gives the text a cell shows; editText the text an editor
 * starts from. Pure: the import worker validates with the same functions.
 */
import { GRID_MESSAGES, gridText } from './messages.ts';
import { formatDateMs, normalizeDateText, parseDateText, type DateKind } from './dates.ts';
import { asciiDigits, numberText, withThousands } from './format.ts';
import { numberToWords } from '../../../core/number-words.ts';
import type { CellResult, ColumnType, GridColumn, GridOption, WordsLanguage } from './types.ts';

export const typeOf = (column: GridColumn): ColumnType => column.type ?? 'string';

const DATE_KIND: Partial<Record<ColumnType, DateKind>> = {
  date: 'date',
  datetime: 'datetime',
  datetimesec: 'datetimesec',
  datetick: 'date',
  datetimetick: 'datetime',
  datetimesectick: 'datetimesec',
};

/** The true/false characters of each check column type. */
export const CHECK_VALUES: Partial<Record<ColumnType, readonly [on: string, off: string]>> = {
  check10: ['1', '0'],
  checkYN: ['Y', 'N'],
  checkTF: ['T', 'F'],
};

export const isCheck = (column: GridColumn): boolean => typeOf(column) in CHECK_VALUES;
export const isTick = (column: GridColumn): boolean => typeOf(column).endsWith('tick');
export const isNumeric = (column: GridColumn): boolean => typeOf(column) === 'number' || isTick(column);
export const dateKind = (column: GridColumn): DateKind | undefined => DATE_KIND[typeOf(column)];

const invalid = (): CellResult => ({ error: GRID_MESSAGES.invalidInput });

/** The choices of a map or select column as GridOption[]. */
export function columnOptions(column: GridColumn): readonly GridOption[] {
  const { options } = column;
  if (!options) return [];
  if (Array.isArray(options)) {
    return (options as readonly (GridOption | string)[]).map((o) =>
      typeof o === 'string' ? { value: o, label: o } : o,
    );
  }
  return Object.entries(options as Record<string, GridOption['label']>).map(([value, label]) => ({ value, label }));
}

// Option lookups are cached per column object: formatCell runs for every visible cell.
const optionIndex = new WeakMap<GridColumn, { byValue: Map<string, GridOption>; byLabel: Map<string, string> }>();

function options(column: GridColumn) {
  let index = optionIndex.get(column);
  if (!index) {
    const byValue = new Map<string, GridOption>();
    const byLabel = new Map<string, string>();
    for (const option of columnOptions(column)) {
      byValue.set(option.value, option);
      const labels = typeof option.label === 'string' ? [option.label] : Object.values(option.label);
      for (const label of labels) if (label) byLabel.set(label.trim().toLowerCase(), option.value);
    }
    index = { byValue, byLabel };
    optionIndex.set(column, index);
  }
  return index;
}

/** True for the empty value (null, undefined, '' or only spaces). */
export function isEmptyValue(value: unknown): boolean {
  if (typeof value !== 'string') return value === null || value === undefined;
  // A text starting with a printable ASCII character has something trim() keeps: no copy made.
  const first = value.charCodeAt(0);
  return !(first > 32 && first < 0xa0) && value.trim() === '';
}

function parseNumber(raw: unknown): CellResult {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { value: raw } : invalid();
  if (typeof raw === 'boolean') return invalid();
  // Thousands separators are accepted so a shown or exported value parses back.
  const text = asciiDigits(String(raw)).trim().replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return invalid();
  return { value: Number(text) };
}

function parseDate(raw: unknown, column: GridColumn, kind: DateKind): CellResult {
  const tick = isTick(column);
  if (raw instanceof Date) {
    const ms = raw.getTime();
    if (Number.isNaN(ms)) return invalid();
    return { value: tick ? ms : formatDateMs(ms, kind) };
  }
  if (typeof raw === 'number') {
    // A tick column takes milliseconds as they come; a text date column does not take numbers.
    return tick && Number.isFinite(raw) ? { value: raw } : invalid();
  }
  const text = asciiDigits(String(raw)).trim();
  if (tick && /^-?\d+$/.test(text)) return { value: Number(text) };
  if (tick) {
    const ms = parseDateText(text, kind);
    return ms === null ? invalid() : { value: ms };
  }
  const normal = normalizeDateText(text, kind);
  return normal === null ? invalid() : { value: normal };
}

function parseCheck(raw: unknown, column: GridColumn): CellResult {
  const [on, off] = CHECK_VALUES[typeOf(column)]!;
  if (typeof raw === 'boolean') return { value: raw ? on : off };
  if (typeof raw === 'number') return raw === 1 ? { value: on } : raw === 0 ? { value: off } : invalid();
  const text = String(raw).trim().toUpperCase();
  if (text === on || text === off) return { value: text };
  return invalid();
}

function parseChoice(raw: unknown, column: GridColumn): CellResult {
  const text = String(raw).trim();
  const { byValue, byLabel } = options(column);
  if (byValue.has(text)) return { value: text };
  const byName = byLabel.get(text.toLowerCase());
  return byName === undefined ? invalid() : { value: byName };
}

/**
 * The value of a raw input (typed text, pasted text, an imported cell) for the column's type,
 * or 'Invalid input value'. Empty input is allowed here (null, '' for string columns); the
 * mandatory rule is validateCell's.
 */
export function parseCell(column: GridColumn, raw: unknown): CellResult {
  const type = typeOf(column);
  if (isEmptyValue(raw)) return { value: type === 'string' ? '' : null };
  const kind = DATE_KIND[type];
  if (kind) return parseDate(raw, column, kind);
  if (type === 'number') return parseNumber(raw);
  if (type in CHECK_VALUES) return parseCheck(raw, column);
  if (type === 'map' || type === 'select') return parseChoice(raw, column);
  if (typeof raw === 'object') return invalid();
  return { value: String(raw) };
}

/** The language a column spells its numbers in, if it does. */
export function wordsLanguage(column: GridColumn, lang: string): WordsLanguage | undefined {
  if (!column.words || typeOf(column) !== 'number') return undefined;
  if (column.words === true) return lang.startsWith('ar') ? 'ar' : 'en';
  return column.words;
}

/** The full text a cell shows (before shortening): separators, labels, dates in their format. */
export function formatCell(column: GridColumn, value: unknown, lang = 'en', spell = true): string {
  if (value === null || value === undefined || value === '') return '';
  const type = typeOf(column);
  const kind = DATE_KIND[type];
  if (kind && isTick(column)) {
    const ms = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(ms) ? formatDateMs(ms, kind) : String(value);
  }
  if (type === 'number') {
    if (typeof value !== 'number' && !/^-?\d+(\.\d*)?$/.test(String(value))) return String(value);
    const words = spell ? wordsLanguage(column, lang) : undefined;
    if (words) return numberToWords(Number(value), words);
    return withThousands(typeof value === 'number' ? value : String(value));
  }
  if (type === 'map' || type === 'select') {
    const option = options(column).byValue.get(String(value));
    return option ? gridText(option.label, lang) : String(value);
  }
  return String(value);
}

/** The text an editor starts from (no separators, a choice's label): parses back to the value. */
export function editText(column: GridColumn, value: unknown, lang = 'en'): string {
  if (value === null || value === undefined) return '';
  if (typeOf(column) === 'number') return typeof value === 'number' ? numberText(value) : String(value);
  if (typeOf(column) === 'map' || typeOf(column) === 'select') return formatCell(column, value, lang);
  return formatCell(column, value, lang);
}

/** The plain text of a value for copying and export: parses back to the same value. */
export function plainText(column: GridColumn, value: unknown, lang = 'en'): string {
  if (value === null || value === undefined) return '';
  if (typeOf(column) === 'number') return typeof value === 'number' ? numberText(value) : String(value);
  if (typeof value === 'string' && (column.type === undefined || column.type === 'string')) return value;
  return formatCell(column, value, lang, false);
}

/** A value usable for sorting and comparing: numbers stay numbers, choices become labels. */
export function sortKey(column: GridColumn, value: unknown, lang = 'en'): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (isNumeric(column)) {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  if (typeOf(column) === 'map' || typeOf(column) === 'select') return formatCell(column, value, lang);
  return String(value);
}
