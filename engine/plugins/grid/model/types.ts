/**
 * The grid's column model (admission-and-grid section 3: name, label, type, width, invisible,
 * readonly, keyField, sticky, summary, mandatory, lengthLimit, allowKeys, options). No React:
 * the import worker and the server-free tests use the same types.
 */
import type { LocalizedText } from '../../../core/text.ts';

/** The thirteen column types of the spec. */
export const COLUMN_TYPES = [
  'string',
  'number',
  'date',
  'datetime',
  'datetimesec',
  'datetick',
  'datetimetick',
  'datetimesectick',
  'check10',
  'checkYN',
  'checkTF',
  'map',
  'select',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** A text in several languages as the manifest writes it (LocalText). */
export interface GridLocalText {
  en: string;
  ar?: string;
  de?: string;
  fr?: string;
  pt?: string;
}

/** A text as a plain string (any language) or in several languages. */
export type GridText = string | LocalizedText | GridLocalText;

export const SUMMARY_KINDS = ['sum', 'avg', 'max', 'min', 'count'] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];

/** Languages the number-to-words speller knows (engine/core/number-words.ts). */
import type { WordsLanguage } from '../../../core/number-words.ts';
export type { WordsLanguage };

/** One choice of a map or select column: the stored value and the shown label. */
export interface GridOption {
  value: string;
  label: GridText;
}

/**
 * A cell's value once parsed:
 * - string, map, select: string (map/select hold the option's value, not its label);
 * - number: number;
 * - date 'YYYY-MM-DD', datetime 'YYYY-MM-DD HH:mm', datetimesec 'YYYY-MM-DD HH:mm:ss';
 * - datetick, datetimetick, datetimesectick: milliseconds since 1970 (shown in UTC);
 * - check10 '1'|'0', checkYN 'Y'|'N', checkTF 'T'|'F';
 * - null: empty (allowed unless the column is mandatory).
 */
export type CellValue = string | number | null;

export type GridRow = Record<string, unknown>;

/** A column or row validator's answer: nothing when valid, else the reason. */
export type ValidatorResult = GridText | null | undefined | void;

export interface GridColumn {
  /** The row field the column shows. */
  name: string;
  /** The header; defaults to the name. Import matches a sheet's header by label or name. */
  label?: GridText;
  /** Defaults to 'string'. */
  type?: ColumnType;
  /** Pixels; defaults by type (see columnWidth). */
  width?: number;
  invisible?: boolean;
  readonly?: boolean;
  /** Identifies a row (import requires it among the sheet's columns when any column has it). */
  keyField?: boolean;
  /** Stays at the start edge while scrolling sideways (left in English, right in Arabic). */
  sticky?: boolean;
  summary?: SummaryKind;
  /** Empty is refused with `mandatoryMessage` (the column's own message). */
  mandatory?: boolean;
  mandatoryMessage?: GridText;
  /** Longest text accepted, in characters. */
  lengthLimit?: number;
  /** One allowed character as a regular-expression class, e.g. "[A-Z0-9]" (keystroke filter). */
  allowKeys?: string;
  /**
   * Choices of a map or select column: options, plain strings (value = label), or a record
   * read as value -> label.
   */
  options?: readonly (GridOption | string)[] | Readonly<Record<string, GridText>>;
  /** Show a number column's value spelled out in this language (or the grid's language if true). */
  words?: boolean | WordsLanguage;
  /** Shorten shown text to this many characters plus an ellipsis (spec: 15 or 18; default 18). */
  shorten?: 15 | 18 | false;
  /** A column validator: receives the parsed value and the row. */
  validate?: (value: CellValue, row: GridRow) => ValidatorResult;
}

/** A row validator: a reason, optionally naming the column it belongs to. */
export type RowValidator = (row: GridRow) => { column?: string; reason: GridText } | GridText | null | undefined | void;

/** Result of parsing or validating one cell. */
export type CellResult = { value: CellValue } | { error: LocalizedText };

export function isCellError(result: CellResult): result is { error: LocalizedText } {
  return 'error' in result;
}
